import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiLogin,
  createUser,
  demoCatalogue,
  saveDemoProposal,
  signInAs,
  signInAsAdmin,
  uniqueName,
} from './fixtures.ts';

/**
 * Issue 14: a manager signs in and reads the dashboard of proposals this test makes (one accepted
 * through the client's link, one declined for its price), switches a chart to its table, exports
 * the CSV and reads the downloaded file; the pipeline shows the proposal. On a 390-px phone,
 * 'Gestão', the pipeline, the renewals and 'Auditoria' never scroll sideways.
 */

interface Made {
  clientName: string;
  /** The accepted proposal's totals (reais; percents on the domain's scale). */
  accepted: { annual: number; discountPct: number; margemPct: number };
}

async function makeProposals(request: APIRequestContext, token: string): Promise<Made> {
  const headers = { authorization: `Bearer ${token}` };
  const clientName = uniqueName('Helena Prado');
  const created = await request.post('/api/v1/clients/', {
    headers,
    data: { full_name: clientName },
  });
  expect(created.status(), await created.text()).toBe(201);
  const clientId = ((await created.json()) as { id: number }).id;
  const { pkg, microneedling } = await demoCatalogue(request, token);

  const propose = async () => {
    const res = await request.post('/api/v1/proposals/', {
      headers,
      data: { client_id: clientId, package_id: pkg.id, blocks: { A: [microneedling.id] } },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number; totals: Made['accepted'] };
  };
  const accepted = await propose();
  const declined = await propose();

  const sent = await request.post(`/api/v1/proposals/${accepted.id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const { public_url: publicUrl } = (await sent.json()) as { public_url: string };
  const path = new URL(publicUrl).pathname;
  // The client opens the link (viewed) and accepts with their name.
  expect((await request.get(path)).status()).toBe(200);
  const accept = await request.post(`${path}/aceitar`, {
    form: { full_name: clientName, accept_terms: 'true' },
    maxRedirects: 0,
  });
  expect(accept.status(), await accept.text()).toBe(303);

  const sentSecond = await request.post(`/api/v1/proposals/${declined.id}/send`, { headers });
  expect(sentSecond.status(), await sentSecond.text()).toBe(200);
  const decline = await request.post(`/api/v1/proposals/${declined.id}/decline`, {
    headers,
    data: { reason_code: 'preco' },
  });
  expect(decline.status(), await decline.text()).toBe(200);
  return { clientName, accepted: accepted.totals };
}

const brl = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value);
const csvMoney = (value: number) =>
  new Intl.NumberFormat('pt-BR', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(value);

test('a manager reads the dashboard, a chart as a table, the CSV and the pipeline', async ({
  page,
}) => {
  const professional = await createUser(page.request, 'professional', uniqueName('Paula Prof'));
  const manager = await createUser(page.request, 'manager');
  const { access_token: professionalToken } = await apiLogin(
    page.request,
    professional.email,
    professional.password,
  );
  const { clientName, accepted } = await makeProposals(page.request, professionalToken);
  const acceptedAnnual = accepted.annual;

  // The manager signs in with the form and opens 'Gestão' from the menu.
  await page.goto('/login');
  await page.getByLabel(/Email/).fill(manager.email);
  await page.getByLabel(/Senha/).fill(manager.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/gestao');
  // The charts' chunk is the largest of the app; on a busy CI machine it takes its time.
  await expect(page.getByRole('heading', { level: 1, name: 'Gestão' })).toBeVisible({
    timeout: 30_000,
  });

  // Only this test's professional: the demo seed's proposals stay out of the figures.
  await page.getByRole('combobox', { name: 'Profissional' }).click();
  await page.getByRole('option', { name: professional.name }).click();
  await expect(page).toHaveURL(new RegExp(`profissional=${professional.id}`));

  const card = (label: string) =>
    page.locator('[data-stat-card]').filter({ has: page.getByText(label, { exact: true }) });
  await expect(card('Propostas criadas')).toContainText('2');
  await expect(card('Enviadas')).toContainText('2');
  await expect(card('Visualizadas')).toContainText('1');
  await expect(card('Aceitas')).toContainText('1');
  await expect(card('Recusadas')).toContainText('1');
  await expect(card('Conversão')).toContainText('50,00%');
  await expect(card('Valor anual aceito')).toContainText(brl(acceptedAnnual));
  await expect(card('Ticket médio')).toContainText(brl(acceptedAnnual));
  await expect(
    page.getByRole('region', { name: 'Motivos de recusa' }).getByRole('row', { name: 'Preço 1' }),
  ).toBeVisible();

  // The conversion chart as a table.
  const conversion = page.getByRole('region', { name: 'Conversão por profissional' });
  await conversion.getByText('Tabela', { exact: true }).click();
  await expect(conversion.getByRole('row', { name: new RegExp(professional.name) })).toContainText(
    '50,00%',
  );

  // The whole dashboard as the server's CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^gestao-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await download.path();
  const text = await fs.readFile(file, 'utf8');
  expect(text.startsWith('\uFEFFRecorte;Nome;Propostas criadas;')).toBe(true);
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  const money = csvMoney(acceptedAnnual);
  expect(lines[1]).toMatch(
    new RegExp(
      `^Total;PAULISTA;2;2;1;1;1;0;50,00;${money};${money};` +
        `${csvMoney(accepted.discountPct)};${csvMoney(accepted.margemPct)};[01]$`,
    ),
  );
  expect(lines).toContainEqual(
    expect.stringMatching(new RegExp(`^Profissional;${professional.name};2;2;`)),
  );

  // The pipeline shows the proposal among the accepted ones.
  await page.getByRole('link', { name: 'Pipeline' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Aceita' }).getByRole('link', { name: clientName }),
  ).toBeVisible();
});

test.describe('on a 390-px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  /** The page never scrolls sideways: wide tables scroll inside their own box. */
  const expectNoSidewaysScroll = async (page: Page) =>
    expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);

  test("a manager reads 'Gestão', a chart as a table, the pipeline and the renewals", async ({
    page,
  }) => {
    const professional = await createUser(page.request, 'professional', uniqueName('Pia Prof'));
    const manager = await createUser(page.request, 'manager');
    const { access_token: token } = await apiLogin(
      page.request,
      professional.email,
      professional.password,
    );
    await makeProposals(page.request, token);
    await signInAs(page, manager.email, manager.password);

    await page.goto('/gestao');
    await expect(page.getByRole('heading', { level: 1, name: 'Gestão' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.locator('[data-stat-card]').filter({ has: page.getByText('Aceitas', { exact: true }) }),
    ).not.toContainText('—');
    await expectNoSidewaysScroll(page);
    const conversion = page.getByRole('region', { name: 'Conversão por profissional' });
    await conversion.getByText('Tabela', { exact: true }).click();
    await expect(conversion.getByRole('table')).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.goto('/pipeline');
    await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
    // One stage at a time on a phone: the first one with proposals.
    await expect(
      page.getByRole('region', {
        name: /^(Rascunho|Enviada|Visualizada|Aceita|Recusada|Expirada)$/,
      }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.goto('/renovacoes');
    await expect(page.getByRole('heading', { level: 1, name: 'Renovações' })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // A renewal from use (issue 28): a contract whose two sessions are both done is listed now,
    // ten months before its end, with why.
    const renewed = uniqueName('Rosa Uso');
    const saved = await saveDemoProposal(page.request, token, renewed, 2);
    const headers = { authorization: `Bearer ${token}` };
    const accepted = await page.request.post(`/api/v1/proposals/${saved.id}/accept-in-person`, {
      headers,
      data: { full_name: renewed },
    });
    expect(accepted.status(), await accepted.text()).toBe(201);
    const { contract_id: contractId } = (await accepted.json()) as { contract_id: number };
    const { microneedling } = await demoCatalogue(page.request, token);
    for (let session = 0; session < 2; session++) {
      const recorded = await page.request.post(`/api/v1/contracts/${contractId}/sessions`, {
        headers,
        data: { service_id: microneedling.id },
      });
      expect(recorded.status(), await recorded.text()).toBe(201);
    }
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: renewed });
    await expect(row).toContainText('Todas as sessões usadas no mês 1');
    await expect(row.getByRole('link', { name: `Nova proposta para ${renewed}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("an admin reads 'Auditoria' with its filters", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/auditoria');
    await expect(page.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

test("'Nova proposta' from a renewal opens the builder prefilled; saving makes a new number", async ({
  page,
}) => {
  const professional = await createUser(page.request, 'professional', uniqueName('Rita Prof'));
  const { access_token: token } = await apiLogin(
    page.request,
    professional.email,
    professional.password,
  );
  const clientName = uniqueName('Renata Lopes');
  const { id, number } = await saveDemoProposal(page.request, token, clientName, 2);

  // The renewals list links 'Nova proposta' here (renewals-page.tsx).
  await signInAs(page, professional.email, professional.password);
  await page.goto(`/montar-pacote?a_partir_de=${id}`);
  const card = page
    .getByRole('region', { name: 'Bloco A' })
    .getByRole('button', { name: /^Microagulhamento/ });
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await expect(card).toContainText('2 sessões');
  await page
    .getByRole('complementary', { name: 'Resumo do Pacote' })
    .getByRole('button', { name: 'Gerar Pacote' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Gerar proposta' });
  await expect(dialog).toContainText(clientName);
  await dialog.getByRole('button', { name: 'Salvar proposta' }).click();
  await expect(page).toHaveURL(/\/propostas\/\d+$/);
  expect(page.url()).not.toMatch(new RegExp(`/propostas/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Proposta / })).not.toHaveText(
    `Proposta ${number}`,
  );
  await expect(page.getByText('Versão 1')).toBeVisible();
  await expect(page.getByRole('row', { name: /Microagulhamento/ }).getByRole('cell')).toHaveText([
    'Microagulhamento',
    '2',
    /390,00/,
    /780,00/,
  ]);
});
