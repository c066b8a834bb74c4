import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from './a11y.ts';
import { signInAsAdmin, signInAsNewUser, uniqueName } from './fixtures.ts';

async function createNoticeThroughTheForm(
  page: Page,
  title: string,
  text: string,
  category: string,
) {
  await page.getByRole('button', { name: '+ Nova notice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova notice' });
  await dialog.getByRole('textbox', { name: 'Título' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Texto' }).fill(text);
  await expect(dialog.getByText(`${text.length}/280`)).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Categoria' }).click();
  await page.getByRole('option', { name: category }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
}

test('an admin creates a notice and a professional sees it in the banner', async ({ page }) => {
  const title = uniqueName('Semana da Criolipólise');
  const text = 'Pacote anual com 20% off até sexta-feira.';

  await signInAsAdmin(page);
  await page.goto('/admin/notices');
  await expect(page.getByRole('heading', { name: 'Gestão de Notificações' })).toBeVisible();
  await createNoticeThroughTheForm(page, title, text, 'Vagas Limitadas');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Vagas Limitadas');
  await expect(row).toContainText('Ativa');

  // A duplicate title (other case, no accents) is refused with the SPEC text.
  await page.getByRole('button', { name: '+ Nova notice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova notice' });
  await dialog.getByRole('textbox', { name: 'Título' }).fill(title.toUpperCase().replace('Ó', 'O'));
  await dialog.getByRole('textbox', { name: 'Texto' }).fill('Outro texto');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Já existe uma notice com esse título.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The newest active notice is the first the banner shows, at once.
  await signInAsNewUser(page, 'professional');
  await page.goto('/home');
  const banner = page.getByRole('status', { name: 'Avisos' });
  await expect(banner).toContainText(title);
  await expect(banner).toContainText(text);
  await expect(banner).toContainText('Vagas Limitadas');

  // Closing it hides it at once; the cycle goes on after the gap.
  await banner.getByRole('button', { name: 'Fechar aviso' }).click();
  await expect(banner).not.toContainText(title);
});

test('an admin edits, deactivates and deletes a notice', async ({ page }) => {
  const title = uniqueName('Ultraformer');
  await signInAsAdmin(page);
  await page.goto('/admin/notices');
  await createNoticeThroughTheForm(page, title, 'Últimas vagas do mês.', 'Urgente');

  const row = () => page.getByRole('row').filter({ hasText: title });
  await row().getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar notice' });
  await expect(dialog.getByRole('textbox', { name: 'Título' })).toHaveValue(title);
  await dialog.getByRole('textbox', { name: 'Texto' }).fill('Restam 3 vagas.');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(row()).toContainText('Restam 3 vagas.');

  await row().getByRole('button', { name: 'Inativar' }).click();
  await expect(row()).toContainText('Inativa');
  await page.reload();
  await expect(row()).toContainText('Inativa');

  await row().getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('dialog', { name: `Excluir a notice "${title}"?` });
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(row()).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Gestão de Notificações' })).toBeVisible();
  await expect(row()).toHaveCount(0);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the notices page, its modal and the banner have no serious axe findings (${colorScheme})`, async ({
    browser,
  }) => {
    // @axe-core/playwright needs a page of a context it can inspect: newContext, then newPage.
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    try {
      await signInAsAdmin(page);
      await page.goto('/admin/notices');
      await expect(page.getByRole('table')).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: '+ Nova notice' }).click();
      await page
        .getByRole('dialog', { name: 'Nova notice' })
        .getByRole('button', { name: 'Salvar' })
        .click();
      await expect(page.getByText('Título é obrigatório.')).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await signInAsNewUser(page, 'professional');
      await page.goto('/home');
      await expect(page.getByRole('button', { name: 'Fechar aviso' })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
