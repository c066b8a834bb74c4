import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from './a11y.ts';
import { adminToken, signInAsAdmin, uniqueName } from './fixtures.ts';

/**
 * Audit trail (issue 14): a price change made by an admin shows on the Auditoria screen with its
 * before and after in pt-BR, and the chain verifies as intact.
 */
test('an admin reads a price change on Auditoria and verifies the chain', async ({ page }) => {
  const headers = { authorization: `Bearer ${await adminToken(page.request)}` };
  const created = await page.request.post('/api/v1/services/', {
    headers,
    data: { name: uniqueName('Auditoria'), value: 1500, cost: 500 },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const edited = await page.request.patch(`/api/v1/services/${id}`, {
    headers,
    data: { value: 1750.5 },
  });
  expect(edited.status()).toBe(200);

  await signInAsAdmin(page);
  await page.goto('/admin/auditoria?entity=service');
  await expect(page.getByRole('heading', { name: 'Auditoria' })).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ hasText: `Procedimento #${id}` })
    .first();
  await expect(row).toContainText('Alteração');
  await expect(row).toContainText('Valor: R$\u00a01.500,00 → R$\u00a01.750,50');

  await page.getByRole('button', { name: 'Verificar integridade' }).click();
  await expect(page.getByText('Trilha íntegra')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});
