import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { seriousAxeViolations } from './a11y.ts';
import {
  apiLogin,
  createUser,
  saveDemoProposal,
  signInAs,
  uniqueName,
  type E2EUser,
} from './fixtures.ts';

/*
 * Issue 28 end to end: three proposals of one unit become contracts. The first is accepted on
 * the client's phone (390 px, her link) and the front desk records two sessions on a phone; the
 * second is withdrawn on the client's link within 7 days; the third, accepted in person, is
 * cancelled by the manager after reading its quote. The manager's liability report on /gestao
 * then shows each: sold, delivered, refunded, and the withdrawn and cancelled figures apart from
 * the accepted revenue.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
/** Set to a folder to keep screenshots of the new screens (390 and 1366 px, light and dark). */
const SHOTS = process.env.E2E_SCREENSHOTS ?? '';

interface ContractAnswer {
  id: number;
  number: string;
  price_total: number;
  entitlements: { unit_price: number; name: string }[];
}

const reais = (value: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );

async function sendProposal(request: APIRequestContext, token: string, id: number) {
  const res = await request.post(`/api/v1/proposals/${id}/send`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { public_url: string }).public_url;
}

async function contractOf(
  request: APIRequestContext,
  token: string,
  proposalId: number,
): Promise<ContractAnswer> {
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await request.get('/api/v1/contracts/?limit=100', { headers })).json()) as {
    id: number;
    proposal_id: number;
  }[];
  const row = list.find((entry) => entry.proposal_id === proposalId);
  if (!row) throw new Error(`No contract for proposal ${proposalId}`);
  return (await (
    await request.get(`/api/v1/contracts/${row.id}`, { headers })
  ).json()) as ContractAnswer;
}

async function phoneOf(browser: Browser) {
  return browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
}

/** The client accepts on her own phone, through her link, with no session. */
async function acceptOnPhone(browser: Browser, publicUrl: string, clientName: string) {
  const phone = await phoneOf(browser);
  const client = await phone.newPage();
  await client.goto(publicUrl);
  await client.getByRole('textbox', { name: 'Seu nome completo' }).fill(clientName);
  await client.getByRole('checkbox').check();
  await client.getByRole('button', { name: 'Aceitar proposta' }).click();
  await expect(client.getByRole('heading', { name: 'Meu plano' })).toBeVisible();
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  return { phone, client };
}

/** Axe in light and dark, and (when asked) the screenshots at both widths and schemes. */
async function checkScreen(page: Page, name: string, ready: () => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('portal-color-scheme', value), scheme);
    for (const viewport of SHOTS ? [PHONE, DESKTOP] : [page.viewportSize() ?? DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.reload();
      await ready();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (SHOTS) {
        fs.mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({
          path: path.join(SHOTS, `${name}-${viewport.width}-${scheme}.png`),
          fullPage: true,
        });
      }
    }
    expect(await seriousAxeViolations(page), `${name} (${scheme})`).toEqual([]);
  }
  await page.evaluate(() => localStorage.setItem('portal-color-scheme', 'light'));
}

test('contracts: accept on a phone, two sessions, a withdrawal, a cancellation, the liability', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // A unit of its own: the unit's month in the liability report holds only these three sales
  // (other specs sell at PAULISTA).
  const unit = 'JUNDIAÍ';
  const professional: E2EUser = await createUser(
    request,
    'professional',
    uniqueName('Recepção'),
    unit,
  );
  const manager: E2EUser = await createUser(request, 'manager', uniqueName('Gerente'), unit);
  const token = (await apiLogin(request, professional.email, professional.password)).access_token;
  const managerToken = (await apiLogin(request, manager.email, manager.password)).access_token;

  const names = [
    uniqueName('Maria Sessões'),
    uniqueName('Joana Desiste'),
    uniqueName('Rita Cancela'),
  ] as const;
  const proposals = [];
  for (const name of names) proposals.push(await saveDemoProposal(request, token, name, 3));
  const [first, second, third] = proposals as [
    (typeof proposals)[number],
    (typeof proposals)[number],
    (typeof proposals)[number],
  ];

  // 1. The first client accepts on her phone, through her link.
  const firstLink = await sendProposal(request, token, first.id);
  const accepted = await acceptOnPhone(browser, firstLink, names[0]);
  await expect(accepted.client.getByText(/0 de 3 sessões realizadas/)).toBeVisible();
  await accepted.phone.close();

  // 2. The front desk, on a phone, records two sessions: search, then one tap each.
  const desk = await phoneOf(browser);
  const deskPage = await desk.newPage();
  await signInAs(deskPage, professional.email, professional.password);
  await deskPage.goto('/sessoes-de-hoje');
  await expect(deskPage.getByRole('heading', { level: 1, name: 'Sessões de hoje' })).toBeVisible();
  await deskPage.getByRole('searchbox', { name: 'Cliente' }).fill(names[0]);
  const record = deskPage.getByRole('button', { name: /^Registrar sessão de .* hoje$/ });
  await record.click();
  await expect(deskPage.getByText(/^Sessão registrada:/).first()).toBeVisible();
  await expect(deskPage.getByText('2 de 3 restantes')).toBeVisible();
  await record.click();
  await expect(deskPage.getByText('1 de 3 restantes')).toBeVisible();
  const today = deskPage.getByRole('region', { name: 'Registradas hoje' });
  await expect(today.getByRole('listitem').filter({ hasText: names[0] })).toHaveCount(2);
  expect(await deskPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await desk.close();

  // 3. The second client accepts, then withdraws within 7 days on the same link.
  const secondLink = await sendProposal(request, token, second.id);
  const withdrawing = await acceptOnPhone(browser, secondLink, names[1]);
  await withdrawing.client.getByText('Desistir da compra').click();
  await withdrawing.client.getByRole('checkbox', { name: 'Quero desistir deste plano.' }).check();
  await withdrawing.client.getByRole('button', { name: 'Desistir', exact: true }).click();
  await expect(withdrawing.client.getByText('Desistência registrada.')).toBeVisible();
  await withdrawing.phone.close();

  // 4. The third is accepted in person at the clinic, then cancelled by the manager.
  await sendProposal(request, token, third.id);
  await signInAs(page, manager.email, manager.password);
  await page.goto(`/propostas/${third.id}`);
  await page.getByRole('button', { name: 'Aceite presencial' }).click();
  const acceptDialog = page.getByRole('dialog', { name: 'Aceite presencial' });
  await acceptDialog.getByRole('textbox', { name: /Nome completo da cliente/ }).fill(names[2]);
  await acceptDialog.getByRole('button', { name: 'Confirmar aceite' }).click();
  await expect(page).toHaveURL(/\/contratos\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Contrato / })).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar contrato' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancelar contrato' });
  const quote = cancelDialog.getByLabel('Cálculo do cancelamento');
  await expect(quote).toContainText('Reembolso devido');
  await expect(quote).toContainText('Regra aplicada');
  await cancelDialog.getByRole('button', { name: 'Continuar' }).click();
  await cancelDialog
    .getByRole('textbox', { name: /Motivo do cancelamento/ })
    .fill('Mudou de cidade');
  await cancelDialog.getByRole('button', { name: 'Cancelar contrato' }).click();
  await expect(
    cancelDialog.getByRole('button', { name: 'Termo de cancelamento (PDF)' }),
  ).toBeVisible();
  await cancelDialog.getByRole('button', { name: 'Fechar', exact: true }).first().click();
  await expect(page.getByText('Cancelado', { exact: true })).toBeVisible();

  // 5. The liability report shows each of the three, to the centavo.
  const [one, two, three] = [
    await contractOf(request, managerToken, first.id),
    await contractOf(request, managerToken, second.id),
    await contractOf(request, managerToken, third.id),
  ];
  await page.goto('/gestao');
  // The dashboard's charts are the heaviest code of the app: a loaded machine parses it slowly.
  await expect(page.getByRole('heading', { level: 1, name: 'Gestão' })).toBeVisible({
    timeout: 30_000,
  });
  const liability = page.getByRole('region', { name: 'Passivo de sessões' });
  const month = liability
    .getByRole('row')
    .filter({ hasText: /^[a-z]{3}\/\d{4}/ })
    .last();
  const sold = one.price_total + two.price_total + three.price_total;
  await expect(month).toContainText(reais(sold));
  const delivered = 2 * (one.entitlements[0]?.unit_price ?? 0);
  await expect(month).toContainText(reais(delivered));
  // Beside the accepted revenue, never inside it: the withdrawal and the cancellation.
  const card = (label: string) => page.locator('[data-stat-card]').filter({ hasText: label });
  await expect(card('Desistências (7 dias)')).toContainText(
    `1 · R$\u00a0${reais(two.price_total)}`,
  );
  await expect(card('Cancelamentos')).toContainText(`1 · R$\u00a0${reais(three.price_total)}`);
  await month.getByRole('button', { name: /^Contratos de / }).click();
  const drill = page.getByRole('dialog', { name: /^Contratos de / });
  for (const contract of [one, two, three]) {
    await expect(drill.getByRole('link', { name: contract.number })).toBeVisible();
  }
  await drill.getByRole('button', { name: 'Fechar' }).click();

  // Each new screen: axe in light and dark (and screenshots at 390 and 1366 px when asked).
  await checkScreen(page, 'liability', async () => {
    await expect(page.getByRole('region', { name: 'Passivo de sessões' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Passivo de sessões' }).getByRole('table'),
    ).toBeVisible();
  });
  const clientId = (
    (await (
      await request.get(`/api/v1/contracts/${one.id}`, {
        headers: { authorization: `Bearer ${managerToken}` },
      })
    ).json()) as { client: { id: number } }
  ).client.id;
  await page.goto(`/clientes/${clientId}?aba=plano`);
  await checkScreen(page, 'plano', async () => {
    await expect(page.getByRole('tab', { name: 'Plano', selected: true })).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: 'Sessões por procedimento' })
        .or(page.getByRole('list', { name: 'Sessões por procedimento' })),
    ).toBeVisible();
  });
  await page.goto(`/contratos/${one.id}`);
  await checkScreen(page, 'contrato', async () => {
    await expect(
      page.getByRole('heading', { level: 1, name: `Contrato ${one.number}` }),
    ).toBeVisible();
  });
  await page.goto('/sessoes-de-hoje');
  await checkScreen(page, 'sessoes-de-hoje', async () => {
    await expect(
      page.getByRole('region', { name: 'Registradas hoje' }).getByRole('listitem'),
    ).toHaveCount(2);
  });
});
