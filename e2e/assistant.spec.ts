import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from './a11y.ts';
import { signInAsNewUser } from './fixtures.ts';

/*
 * The AI package assistant against the demo catalogue (apps/api/src/db/seed/demo-catalogue.ts),
 * with the offline engine: 'Pacote Contorno Corporal 3' (R$ 9.600,00 a year, limits A 2, B 3,
 * C 1, D 1) allows only body procedures.
 */

const LIMITS: Record<string, number> = { A: 2, B: 3, C: 1, D: 1 };

async function openAssistant(page: Page) {
  await page.goto('/home');
  await page.getByRole('link', { name: 'Montar pacote' }).click();
  await page.getByRole('button', { name: /^Pacote Contorno Corporal 3/ }).click();
  await expect(page.getByRole('heading', { name: 'Selecione os Procedimentos' })).toBeVisible();
  await page.getByRole('button', { name: 'Personalizar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assistente de pacote (IA)' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a professional describes the goal and budget, applies the recommendations, and the builder shows them within the limits', async ({
  page,
}) => {
  await signInAsNewUser(page, 'professional');
  const dialog = await openAssistant(page);

  await expect(dialog.getByRole('button', { name: 'Gerar' })).toBeDisabled();
  await dialog
    .getByLabel('Objetivo e Requisitos')
    .fill(
      'Cliente quer reduzir a gordura localizada na barriga e nos flancos e tratar a celulite, até R$ 4.000',
    );
  await dialog.getByLabel('Preferências (opcional)').fill('Prefere sessões aos sábados');
  await dialog.getByRole('button', { name: 'Gerar' }).click();

  await expect(
    dialog.getByText('Sugestões baseadas nas suas preferências e no pacote selecionado:'),
  ).toBeVisible();
  const suggested = dialog
    .getByRole('list', { name: 'Procedimentos sugeridos' })
    .getByRole('heading', { level: 3 });
  const names = await suggested.allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  expect(names.some((name) => /Criolip/.test(name))).toBe(true);
  await expect(dialog.getByText(/Orçamento anual: R\$\s4\.000,00\./)).toBeVisible();

  await dialog.getByRole('button', { name: 'Aplicar Recomendações' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Selecione os Procedimentos' })).toBeVisible();

  // Every recommended procedure is selected, and no block goes past its limit.
  let total = 0;
  for (const [letter, limit] of Object.entries(LIMITS)) {
    const block = page.getByRole('region', { name: `Bloco ${letter}` });
    // Open the collapsed groups (procedures sharing a name prefix) to see their cards.
    for (const group of await block.locator('button[aria-expanded="false"]').all()) {
      await group.click();
    }
    const count = await block.locator('button[aria-pressed="true"]').count();
    expect(count).toBeLessThanOrEqual(limit);
    await expect(block.getByText(new RegExp(`^${count}/${limit} selecionados`))).toBeVisible();
    total += count;
  }
  expect(total).toBe(names.length);
  for (const name of names) {
    await expect(
      page.getByRole('button', {
        name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`),
        pressed: true,
      }),
    ).toBeVisible();
  }
});

test('a budget below the package is said first, before the suggestions', async ({ page }) => {
  await signInAsNewUser(page, 'professional');
  const dialog = await openAssistant(page);
  await dialog
    .getByLabel('Objetivo e Requisitos')
    .fill('gordura localizada na barriga, uns 200 reais por mês, sem injetáveis');
  await dialog.getByRole('button', { name: 'Gerar' }).click();

  const warnings = dialog.getByRole('group', { name: 'Avisos sobre o pedido da cliente' });
  await expect(warnings.getByRole('alert').first()).toHaveText(
    /^Orçamento abaixo do pacote: a cliente pode investir R\$\s200,00 por mês \(R\$\s2\.400,00 no ano\) e o Pacote Contorno Corporal 3 custa/,
  );
  // The suggestions still come, without any injectable.
  const names = await dialog
    .getByRole('list', { name: 'Procedimentos sugeridos' })
    .getByRole('heading', { level: 3 })
    .allInnerTexts();
  expect(names.some((name) => /Criolip/.test(name))).toBe(true);
  expect(names.filter((name) => /Enzim|Intradermo/.test(name))).toEqual([]);
});

test('closing the assistant forgets the consultation', async ({ page }) => {
  await signInAsNewUser(page, 'professional');
  const dialog = await openAssistant(page);
  await dialog.getByLabel('Objetivo e Requisitos').fill('celulite');
  await dialog.getByRole('button', { name: 'Gerar' }).click();
  await expect(dialog.getByRole('list', { name: 'Procedimentos sugeridos' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Personalizar' }).click();
  await expect(dialog.getByLabel('Objetivo e Requisitos')).toHaveValue('');
  await expect(dialog.getByRole('list', { name: 'Procedimentos sugeridos' })).toBeHidden();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the assistant has no serious axe findings (${colorScheme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    try {
      await signInAsNewUser(page, 'professional');
      const dialog = await openAssistant(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Warnings too: a budget below the package and a goal the exclusion left without any.
      await dialog
        .getByLabel('Objetivo e Requisitos')
        .fill('flacidez e gordura, sem agulhas, uns 200 reais por mês');
      await dialog.getByRole('button', { name: 'Gerar' }).click();
      await expect(dialog.getByRole('list', { name: 'Procedimentos sugeridos' })).toBeVisible();
      await expect(
        dialog.getByRole('group', { name: 'Avisos sobre o pedido da cliente' }),
      ).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
