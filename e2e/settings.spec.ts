import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousAxeViolations } from './a11y.ts';
import {
  adminToken,
  apiLogin,
  createUser,
  demoCatalogue,
  signInAs,
  signInAsAdmin,
  uniqueName,
} from './fixtures.ts';

/*
 * Issues 28 and 29, the admins' settings and the managers' cash: an admin changes a unit's Pix
 * key and the contract's next instalment carries it in its copia e cola; the admin changes the
 * cancellation fee and the contract's cancellation quote applies it; the unit's manager reads
 * the month's cash on /gestao. Everything happens at ELDORADO, a unit no other spec sells at, so
 * the cash figures are exactly this spec's. Screenshots (390 and 1366 px, light and dark) go to
 * test-results/settings/.
 */

const UNIT = 'ELDORADO';
const SHOTS = path.resolve(import.meta.dirname, '..', 'test-results', 'settings');
const centavos = (text: string) => Number(text.replace(/\D/g, ''));

async function shots(page: Page, name: string, ready: () => Promise<void>, section?: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.evaluate((value) => localStorage.setItem('portal-color-scheme', value), scheme);
      await page.reload();
      await ready();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      fs.mkdirSync(SHOTS, { recursive: true });
      const file = path.join(SHOTS, `${name}-${width}-${scheme}.png`);
      if (section) await page.locator(section).screenshot({ path: file });
      else await page.screenshot({ path: file, fullPage: true });
      expect(await seriousAxeViolations(page), `${name} ${width} (${scheme})`).toEqual([]);
    }
  }
  await page.evaluate(() => localStorage.setItem('portal-color-scheme', 'light'));
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function setFee(request: APIRequestContext, token: string, percent: number) {
  const res = await request.patch('/api/v1/care-settings/', {
    headers: { authorization: `Bearer ${token}` },
    data: { cancellation_fee_percent: percent },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('settings: a new Pix key reaches the copia e cola, a new fee the quote; cash on /gestao', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await adminToken(request);
  const headers = { authorization: `Bearer ${admin}` };
  const before = (await (await request.get('/api/v1/care-settings/', { headers })).json()) as {
    cancellation_fee_percent: number;
  };

  // A contract of ELDORADO, accepted in person, with its plan of 12 instalments.
  const clientName = uniqueName('Lívia Configurada');
  const client = await request.post('/api/v1/clients/', {
    headers,
    data: { full_name: clientName, phone: '(11) 98888-4321', unit: UNIT },
  });
  expect(client.status(), await client.text()).toBe(201);
  const { pkg, microneedling } = await demoCatalogue(request, admin);
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
  const plan = await request.post(`/api/v1/contracts/${contractId}/payment-plan`, {
    headers,
    data: { method: 'pix_manual', installments: 12 },
  });
  expect(plan.status(), await plan.text()).toBe(200);

  try {
    // 1. The admin sets ELDORADO's Pix on 'Configurações'; a bad key is refused in pt-BR first.
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/admin/configuracoes?unidade=${encodeURIComponent(UNIT)}`);
    await page.getByRole('button', { name: 'Editar Pix' }).click();
    const pixDialog = page.getByRole('dialog', { name: `Pix da unidade ${UNIT}` });
    const keyField = pixDialog.getByRole('textbox', { name: /Chave Pix/ });
    await keyField.fill('123.456.789-00');
    await pixDialog.getByRole('textbox', { name: /Nome do recebedor/ }).fill('Clinica Eldorado');
    await pixDialog.getByRole('textbox', { name: /Cidade do recebedor/ }).fill('Barueri');
    await pixDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(pixDialog.getByText('CPF da chave Pix inválido.')).toBeVisible();
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: path.join(SHOTS, `editar-pix-${width}-light.png`) });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    const key = crypto.randomUUID();
    await keyField.fill(key);
    await pixDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(pixDialog).toBeHidden();
    await expect(page.getByText(key)).toBeVisible();
    await shots(page, 'configuracoes', () =>
      expect(page.getByText(key)).toBeVisible({ timeout: 15_000 }),
    );

    // 2. The contract's next instalment carries the new key in its copia e cola.
    await page.goto(`/contratos/${contractId}`);
    const copiaECola = page.locator('[aria-labelledby="pix-copia-e-cola"]');
    await expect(copiaECola).toContainText(key);
    await expect(copiaECola).toContainText('Clinica Eldorado');

    // 3. The admin changes the cancellation fee; the contract's quote applies it.
    await page.goto(`/admin/configuracoes?unidade=${encodeURIComponent(UNIT)}`);
    await page.getByRole('button', { name: 'Alterar multa' }).click();
    const feeDialog = page.getByRole('dialog', { name: 'Multa de cancelamento' });
    await feeDialog.getByRole('textbox', { name: /Multa de cancelamento/ }).fill('15');
    await feeDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Multa de cancelamento: 15 %')).toBeVisible();
    await page.goto(`/contratos/${contractId}`);
    await page.getByRole('button', { name: 'Cancelar contrato' }).click();
    const cancelDialog = page.getByRole('dialog', { name: 'Cancelar contrato' });
    await expect(cancelDialog.getByLabel('Cálculo do cancelamento')).toContainText('Multa (15 %)');
    const quote = (await (
      await request.get(`/api/v1/contracts/${contractId}/cancellation-quote`, { headers })
    ).json()) as { fee: number; used_value: number };
    const contract = (await (
      await request.get(`/api/v1/contracts/${contractId}`, { headers })
    ).json()) as { price_total: number };
    expect(Math.round(quote.fee * 100)).toBe(
      Math.round(
        (Math.round(contract.price_total * 100) - Math.round(quote.used_value * 100)) * 0.15,
      ),
    );
    await cancelDialog.getByRole('button', { name: 'Fechar' }).click();

    // 4. The first instalment is paid; ELDORADO's manager reads the month's cash on /gestao.
    const payments = (await (
      await request.get(`/api/v1/contracts/${contractId}/payments`, { headers })
    ).json()) as { installments: { id: number; amount: number }[] };
    const first = payments.installments[0];
    if (!first) throw new Error('no instalment');
    const paid = await request.post(`/api/v1/installments/${first.id}/mark-paid`, {
      headers,
      data: { paid_at: new Date().toISOString() },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const manager = await createUser(request, 'manager', uniqueName('Gerente Eldorado'), UNIT);
    await apiLogin(request, manager.email, manager.password);
    await signInAs(page, manager.email, manager.password);
    await page.goto('/gestao');
    const table = page.getByRole('table', { name: 'Caixa por mês' });
    const month = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      month: 'short',
      year: 'numeric',
    })
      .format(new Date())
      .replace('.', '')
      .replace(' de ', '/');
    const row = table.getByRole('row', { name: new RegExp(`^${month}`) });
    const cells = row.getByRole('cell');
    await expect(cells).toHaveCount(5);
    expect(centavos(await cells.nth(0).innerText())).toBe(Math.round(first.amount * 100));
    expect(centavos(await cells.nth(1).innerText())).toBe(Math.round(contract.price_total * 100));
    expect(centavos(await cells.nth(2).innerText())).toBe(0);
    await expect(cells.nth(4)).toHaveText(/^(—|\d+,\d\d %)$/);
    await shots(
      page,
      'gestao-caixa',
      () => expect(page.getByRole('table', { name: 'Caixa por mês' })).toBeVisible(),
      'section[aria-labelledby="caixa"]',
    );
  } finally {
    await setFee(request, admin, before.cancellation_fee_percent);
  }
});
