import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from './a11y.ts';
import { apiLogin, createUser, demoCatalogue, signInAs, uniqueName } from './fixtures.ts';

/*
 * Issue 29 end to end, on a 390-px phone: the manager accepts a proposal in person, sets the
 * contract's payment plan (12 instalments of the price, to the centavo), records the first Pix
 * as paid, sees it 'Paga', and finds the next instalment on 'Cobranças' with its WhatsApp '2ª
 * via'. Each screen passes axe in light and dark; the screenshots go to test-results/billing/.
 */

const PHONE = { width: 390, height: 844 };
const SHOTS = path.resolve(import.meta.dirname, '..', 'test-results', 'billing');

const centavos = (text: string) => Number(text.replace(/\D/g, ''));

async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** Axe and a full-page screenshot in light and dark. */
async function checkScreen(page: Page, name: string, ready: () => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('portal-color-scheme', value), scheme);
    await page.reload();
    await ready();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}-390-${scheme}.png`), fullPage: true });
    expect(await seriousAxeViolations(page), `${name} (${scheme})`).toEqual([]);
  }
  await page.evaluate(() => localStorage.setItem('portal-color-scheme', 'light'));
}

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

test('billing: a plan of 12 instalments, the first paid, the next on Cobranças', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const manager = await createUser(request, 'manager', uniqueName('Gerente Cobranças'));
  const { access_token: token } = await apiLogin(request, manager.email, manager.password);
  const headers = { authorization: `Bearer ${token}` };

  // A client with a phone, a proposal of the demo package, accepted in person at the clinic.
  const clientName = uniqueName('Helena Pix');
  const client = await request.post('/api/v1/clients/', {
    headers,
    data: { full_name: clientName, phone: '(11) 98888-1234' },
  });
  expect(client.status(), await client.text()).toBe(201);
  const { pkg, microneedling } = await demoCatalogue(request, token);
  const proposal = await request.post('/api/v1/proposals/', {
    headers,
    data: {
      client_id: ((await client.json()) as { id: number }).id,
      package_id: pkg.id,
      blocks: { A: [microneedling.id, microneedling.id, microneedling.id] },
    },
  });
  expect(proposal.status(), await proposal.text()).toBe(201);
  const { id: proposalId } = (await proposal.json()) as { id: number };
  const accepted = await request.post(`/api/v1/proposals/${proposalId}/accept-in-person`, {
    headers,
    data: { full_name: clientName },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const { contract_id: contractId } = (await accepted.json()) as { contract_id: number };
  const contract = (await (
    await request.get(`/api/v1/contracts/${contractId}`, { headers })
  ).json()) as { number: string; price_total: number };

  // The manager sets the plan on the contract page: 12 monthly instalments.
  await signInAs(page, manager.email, manager.password);
  await page.goto(`/contratos/${contractId}`);
  const payments = page.getByRole('region', { name: 'Pagamentos' });
  // The first screen of a fresh server on a shared machine: its code and data may take longer.
  await expect(payments.getByRole('list', { name: 'Parcelas' })).toBeVisible({ timeout: 30_000 });
  await payments.getByRole('button', { name: 'Alterar plano' }).click();
  const planDialog = page.getByRole('dialog', { name: 'Plano de pagamento' });
  await planDialog.getByRole('textbox', { name: /Número de parcelas/ }).fill('12');
  const planSaved = page.waitForResponse(
    (res) => res.url().endsWith(`/contracts/${contractId}/payment-plan`) && res.status() === 200,
  );
  await planDialog.getByRole('button', { name: 'Salvar plano' }).click();
  await planSaved;
  await expect(planDialog).toBeHidden();

  // 12 instalments whose amounts sum exactly to the price.
  const items = payments.getByRole('list', { name: 'Parcelas' }).getByRole('listitem');
  await expect(items).toHaveCount(12);
  const amounts = (await items.allTextContents()).map((text) => {
    const match = /· (R\$\s?[\d.]+,\d{2})/.exec(text);
    if (!match?.[1]) throw new Error(`No amount in ${text}`);
    return centavos(match[1]);
  });
  expect(amounts.reduce((sum, value) => sum + value, 0)).toBe(
    Math.round(contract.price_total * 100),
  );

  // The next instalment carries the unit's Pix copy-and-paste and a ready WhatsApp '2ª via'.
  const next = payments.getByRole('region', { name: 'Próxima parcela: 1/12' });
  await expect(next.getByText(/^000201/)).toBeVisible();
  const whatsapp = next.getByRole('link', { name: 'Enviar 2ª via pelo WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/5511988881234\?text=/);
  await checkScreen(page, 'contrato-pagamentos', () =>
    expect(payments.getByRole('list', { name: 'Parcelas' })).toBeVisible(),
  );

  // The first Pix arrived: 'Registrar pagamento', today, with a note.
  await next.getByRole('button', { name: 'Registrar pagamento' }).click();
  const payDialog = page.getByRole('dialog', { name: 'Registrar pagamento' });
  await payDialog.getByRole('textbox', { name: /Observação/ }).fill('Pix recebido no extrato');
  await payDialog.getByRole('button', { name: 'Registrar pagamento' }).click();
  await expect(payDialog).toBeHidden();
  await expect(items.first()).toContainText('Paga');
  await expect(items.first()).toContainText('paga em');
  await expect(payments.getByRole('region', { name: 'Próxima parcela: 2/12' })).toBeVisible();

  // 'Cobranças': the second instalment is coming, with its '2ª via'.
  await page.goto('/cobrancas');
  await expect(page.getByRole('heading', { level: 1, name: 'Cobranças' })).toBeVisible();
  await page.getByText('1 mês', { exact: true }).click();
  const coming = page.getByRole('region', { name: /^Vencem no próximo mês/ });
  const row = coming.getByRole('listitem', { name: `${clientName}, parcela 2/12` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`Contrato ${contract.number}`);
  await expect(
    row.getByRole('link', { name: `Enviar 2ª via a ${clientName} pelo WhatsApp` }),
  ).toHaveAttribute('href', /^https:\/\/wa\.me\/5511988881234\?text=/);
  await expect(coming.getByRole('listitem', { name: `${clientName}, parcela 1/12` })).toHaveCount(
    0,
  );
  await checkScreen(page, 'cobrancas', () =>
    expect(page.getByRole('heading', { level: 1, name: 'Cobranças' })).toBeVisible(),
  );
  await row.getByRole('link', { name: clientName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/contratos/${contractId}$`));
});
