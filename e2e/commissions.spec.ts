import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousAxeViolations } from './a11y.ts';
import {
  adminToken,
  apiLogin,
  createUser,
  demoCatalogue,
  E2E_ADMIN,
  saveDemoProposal,
  signInAs,
  uniqueName,
} from './fixtures.ts';

/*
 * Issue 30 end to end: an admin creates, on the 'Regras' tab, a rule of 5 % of the margin on
 * 'Venda aceita' and one of R$ 40 per 'Sessão realizada' (both for TAMBORÉ, a unit no other spec
 * uses, so the month holds only these events); a professional's proposal is accepted in person,
 * two sessions are recorded, another accepted sale is withdrawn by the staff; the manager opens
 * 'Comissões', sees each line, the reversal and the net, and approves; the admin marks it paid.
 * Screenshots of the screen at 390 and 1366 px, light and dark, go to /tmp/shots-commission/.
 * On /gestao the manager then reads 'Comissões e margem': the professional's commission beside
 * the margin sold (shots in /tmp/shots-gestao-commission/), and the link opens the statement.
 */

const UNIT = 'TAMBORÉ';
const SHOTS = process.env.COMMISSION_SHOTS ?? '/tmp/shots-commission';
const GESTAO_SHOTS = process.env.GESTAO_COMMISSION_SHOTS ?? '/tmp/shots-gestao-commission';
const period = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
}).format(new Date());

const centavos = (text: string) => Number(text.replace(/[^\d-]/g, ''));

async function acceptedInPerson(
  request: APIRequestContext,
  token: string,
  clientName: string,
): Promise<{ contractId: number; proposalId: number }> {
  const proposal = await saveDemoProposal(request, token, clientName, 3);
  const accepted = await request.post(`/api/v1/proposals/${proposal.id}/accept-in-person`, {
    headers: { authorization: `Bearer ${token}` },
    data: { full_name: clientName },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const { contract_id: contractId } = (await accepted.json()) as { contract_id: number };
  return { contractId, proposalId: proposal.id };
}

async function createRuleOnScreen(
  page: Page,
  rule: { name: string; event: string; basis: string; type: string; value: string },
) {
  await page.getByRole('button', { name: 'Nova regra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova regra' });
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill(rule.name);
  const choose = async (label: string, option: string) => {
    await dialog.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await choose('Evento', rule.event);
  await choose('Base', rule.basis);
  await choose('Tipo de taxa', rule.type);
  await dialog.getByRole('textbox', { name: /^(Percentual \(%\)|Valor \(R\$\))/ }).fill(rule.value);
  await choose('Unidade', UNIT);
  await dialog.getByLabel(/^Válida a partir de/).fill(`${period}-01`);
  await dialog.getByRole('button', { name: 'Simular' }).click();
  await expect(dialog.getByText(/^Simulação de /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Criar regra' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: rule.name, exact: true })).toBeVisible();
}

/** The statement of `name` in the month, at two widths and in both schemes, checked by axe. */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('portal-color-scheme', value), scheme);
      await page.reload();
      await expect(page.getByRole('region', { name: new RegExp(`^${name} · `) })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/comissoes-${width}-${scheme}.png`, fullPage: true });
      expect(await seriousAxeViolations(page), `comissões ${width} ${scheme}`).toEqual([]);
    }
  }
  await page.evaluate(() => localStorage.setItem('portal-color-scheme', 'light'));
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** /gestao's 'Comissões e margem' at two widths and in both schemes, checked by axe. */
async function shootGestao(page: Page) {
  fs.mkdirSync(GESTAO_SHOTS, { recursive: true });
  const section = page.getByRole('region', { name: 'Comissões e margem' });
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('portal-color-scheme', value), scheme);
      await page.reload();
      await expect(section.getByRole('article', { name: `Unidade ${UNIT}` })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: `${GESTAO_SHOTS}/gestao-comissoes-${width}-${scheme}.png` });
      expect(await seriousAxeViolations(page), `gestão comissões ${width} ${scheme}`).toEqual([]);
    }
  }
  await page.evaluate(() => localStorage.setItem('portal-color-scheme', 'light'));
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('commissions: rules, a sale, two sessions, a withdrawal; approved and paid', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const professional = await createUser(request, 'professional', uniqueName('Sofia Vende'), UNIT);
  const manager = await createUser(request, 'manager', uniqueName('Gerente Comissão'), UNIT);
  const token = (await apiLogin(request, professional.email, professional.password)).access_token;
  const headers = { authorization: `Bearer ${token}` };

  // 1. The admin writes the two rules on the 'Regras' tab of Comissões, simulating each first.
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/comissoes?aba=regras');
  await expect(page.getByRole('heading', { level: 1, name: 'Comissões' })).toBeVisible();
  const tag = uniqueName('e2e');
  await createRuleOnScreen(page, {
    name: `Venda na margem ${tag}`,
    event: 'Venda aceita',
    basis: 'Margem (lucro)',
    type: 'Percentual',
    value: '5',
  });
  await createRuleOnScreen(page, {
    name: `Sessão realizada ${tag}`,
    event: 'Sessão realizada',
    basis: 'Preço contratado',
    type: 'Valor fixo por evento',
    value: '40',
  });

  // 2. Setup through the API: a sale accepted in person, two sessions, another sale withdrawn
  // by the staff.
  const sold = await acceptedInPerson(request, token, uniqueName('Maria Comissão'));
  const { microneedling } = await demoCatalogue(request, token);
  for (let i = 0; i < 2; i++) {
    const session = await request.post(`/api/v1/contracts/${sold.contractId}/sessions`, {
      headers,
      data: { service_id: microneedling.id },
    });
    expect(session.status(), await session.text()).toBe(201);
  }
  // The withdrawal in 7 days is for a sale accepted at a distance: on the client's link.
  const withdrawnName = uniqueName('Joana Desiste');
  const other = await saveDemoProposal(request, token, withdrawnName, 3);
  const sent = await request.post(`/api/v1/proposals/${other.id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const link = ((await sent.json()) as { public_url: string }).public_url;
  const onLink = await request.post(`/api/v1/public/proposals/${link.split('/p/')[1]}/accept`, {
    data: { full_name: withdrawnName, accept_terms: true },
  });
  expect(onLink.status(), await onLink.text()).toBe(200);
  const withdrawn = { contractId: ((await onLink.json()) as { contract_id: number }).contract_id };
  const out = await request.post(`/api/v1/contracts/${withdrawn.contractId}/withdraw`, {
    headers,
    data: { reason: 'Desistiu no balcão' },
  });
  expect(out.status(), await out.text()).toBe(200);
  // The margin the sale entry pays 5 % of: the proposal's `lucro`.
  const proposal = (await (
    await request.get(`/api/v1/proposals/${sold.proposalId}`, { headers })
  ).json()) as { totals: { lucro: number } };
  const saleCommission = Math.round((Math.round(proposal.totals.lucro * 100) * 500) / 10_000);

  // 3. The manager opens Comissões for the month: each line, the reversal and the net.
  await signInAs(page, manager.email, manager.password);
  await page.goto(`/comissoes?mes=${period}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Comissões' })).toBeVisible();
  await page.getByRole('button', { name: `Ver extrato de ${professional.name}` }).click();
  const statement = page.getByRole('region', { name: new RegExp(`^${professional.name} · `) });
  const lines = statement.getByRole('listitem');
  await expect(lines.filter({ hasText: 'Venda aceita · contrato' })).toHaveCount(2);
  await expect(lines.filter({ hasText: 'Sessão realizada · contrato' })).toHaveCount(2);
  await expect(lines.filter({ hasText: 'Estorno · Desistência' })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'Sessão realizada · contrato' }).first()).toContainText(
    'R$ 40,00',
  );
  await expect(lines.filter({ hasText: 'Estorno · Desistência' })).toContainText('Estornada');
  // Net: the sale kept, the withdrawn one reversed to zero, two sessions of R$ 40.
  const net = centavos((await statement.getByLabel('Líquido').textContent()) ?? '');
  expect(net).toBe(saleCommission + 80_00);

  await shoot(page, professional.name);

  // 3b. /gestao 'Comissões e margem': the same net beside the margin sold (the kept sale's
  // lucro: the withdrawn one is no sale), and the share in basis points rounded down.
  await page.goto('/gestao');
  const section = page.getByRole('region', { name: 'Comissões e margem' });
  const unitCard = section.getByRole('article', { name: `Unidade ${UNIT}` });
  const row = unitCard.getByRole('row', { name: new RegExp(professional.name) });
  await expect(row).toBeVisible();
  const margin = Math.round(proposal.totals.lucro * 100);
  const brl = (cents: number) =>
    new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
      .format(cents / 100)
      .replace(/\s/g, ' ');
  const cells = (await row.getByRole('cell').allTextContents()).map((text) =>
    text.replace(/\s/g, ' '),
  );
  const share = Math.floor((net * 10_000) / margin);
  expect(cells.slice(0, 3)).toEqual([brl(net), brl(net), brl(margin)]);
  // Two sessions performed: their share of the contract's margin, delivered.
  expect(centavos(cells[3] ?? '')).toBeGreaterThan(0);
  expect(cells[4]).toBe(`${Math.floor(share / 100)},${String(share % 100).padStart(2, '0')} %`);
  await shootGestao(page);
  await row.getByRole('link', { name: `Ver extrato de ${professional.name}` }).click();
  await expect(page).toHaveURL(
    new RegExp(`/comissoes\\?mes=${period}&profissional=${professional.id}`),
  );
  await expect(statement).toBeVisible();

  await statement.getByRole('button', { name: 'Aprovar' }).click();
  await page
    .getByRole('dialog', { name: 'Aprovar extrato' })
    .getByRole('button', { name: 'Aprovar' })
    .click();
  await expect(statement.getByText('Aprovada', { exact: true }).first()).toBeVisible();
  await expect(statement.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);

  // 4. The admin marks it paid.
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/comissoes?mes=${period}&profissional=${professional.id}`);
  const paid = page.getByRole('region', { name: new RegExp(`^${professional.name} · `) });
  await paid.getByRole('button', { name: 'Marcar como pago' }).click();
  await page
    .getByRole('dialog', { name: 'Marcar como pago' })
    .getByRole('button', { name: 'Marcar como pago' })
    .click();
  await expect(paid.getByText(/pago em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  const check = await request.get(`/api/v1/commission-statements/${professional.id}/${period}`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(((await check.json()) as { status: string }).status).toBe('paga');
});
