import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from './a11y.ts';
import { signInAsAdmin, uniqueName } from './fixtures.ts';

test('on a laptop screen the list shows every column without sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAsAdmin(page);
  await page.goto('/admin/prompt-ai');
  const edit = page.getByRole('button', { name: 'Editar recomendacao_pacote' });
  await expect(edit).toBeVisible();
  await expect(edit).toBeInViewport({ ratio: 1 });
  const overflow = await page
    .locator('.mantine-TableScrollContainer-scrollContainer')
    .evaluate((box) => box.scrollWidth - box.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('an admin edits a prompt and sees it updated', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/prompt-ai');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(
    page.getByText('Selecione uma configuração na lista para ver os detalhes.'),
  ).toBeVisible();

  // The four seeded configurations, searchable.
  for (const code of ['recomendacao_pacote', 'chat_assistente', 'sinergias', 'client_care']) {
    await expect(page.getByRole('button', { name: code, exact: true })).toBeVisible();
  }
  await page.getByLabel('Buscar').fill('CLIENT_CARE');
  await expect(page.getByRole('button', { name: 'sinergias', exact: true })).toBeHidden();
  await expect(page.getByRole('button', { name: 'client_care', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'client_care', exact: true }).click();
  const details = page.getByRole('region', { name: 'Detalhes da configuração' });
  await expect(details.getByRole('heading', { name: 'client_care' })).toBeVisible();
  await expect(details.getByText('Regras & validações')).toBeVisible();

  await details.getByRole('button', { name: 'Editar prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar prompt (IA)' });
  await expect(dialog.getByText('Sem alterações')).toBeVisible();
  const prompt = `${uniqueName('Cuide de cada cliente com atenção')} e registre as preferências.`;
  await dialog.getByLabel('Prompt').fill(`  ${prompt}  `);
  await expect(dialog.getByText('Há alterações não salvas')).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(dialog).toBeHidden();

  await expect(details.getByText(prompt, { exact: true })).toBeVisible();
  await expect(details.getByText(`${prompt.length} caracteres`, { exact: false })).toBeVisible();

  // Saved on the server: a reload shows it too, first in "most recent".
  await page.reload();
  await expect(page.getByRole('table')).toBeVisible();
  const firstCode = page.getByRole('table').getByRole('row').nth(1).getByRole('button').first();
  await expect(firstCode).toHaveText('client_care');
  await firstCode.click();
  await expect(details.getByText(prompt, { exact: true })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the prompt admin has no serious axe findings (${colorScheme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    try {
      await signInAsAdmin(page);
      await page.goto('/admin/prompt-ai');
      await page.getByRole('button', { name: 'sinergias', exact: true }).click();
      await expect(page.getByText('Prompt (contexto)')).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Editar sinergias' }).click();
      await expect(page.getByRole('dialog', { name: 'Editar prompt (IA)' })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
