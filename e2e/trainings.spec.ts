import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { seriousAxeViolations } from './a11y.ts';
import { adminToken, signInAsAdmin, signInAsNewUser, uniqueName } from './fixtures.ts';

const YOUTUBE_ID = 'pE7PacoteAn';

/** A 1×1 PNG: YouTube stills are served locally so the test does not depend on the network. */
const STILL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function serveYouTubeStills(context: BrowserContext) {
  await context.route('https://img.youtube.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: STILL_PNG }),
  );
  // The embedded player itself is not under test.
  await context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Player</title>',
    }),
  );
}

/** Toggles a category chip (its checkbox is visually hidden; the label is what users click). */
async function toggleChip(page: Page, name: string, checked: boolean) {
  await page.getByRole('group', { name: 'Categorias' }).getByText(name, { exact: true }).click();
  const checkbox = page.getByRole('checkbox', { name });
  await (checked ? expect(checkbox).toBeChecked() : expect(checkbox).not.toBeChecked());
}

/** Admin: creates a training through the 'Novo Treinamento' modal; returns its title. */
async function createTraining(page: Page, title: string) {
  await page.goto('/admin/trainings');
  await expect(page.getByRole('heading', { name: 'Gestão de Treinamentos' })).toBeVisible();
  await page.getByRole('button', { name: '+ Adicionar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Treinamento' });
  const submit = dialog.getByRole('button', { name: 'Adicionar Treinamento' });
  await expect(submit).toBeDisabled();

  await dialog.getByRole('textbox', { name: /^Título\s*\*?$/ }).fill(title);
  await dialog.getByRole('textbox', { name: /^Descrição/ }).fill('Massagem com ventosas e óleo.');
  await dialog.getByRole('combobox', { name: 'Categoria' }).click();
  await page.getByRole('option', { name: 'Corporal' }).click();
  await dialog
    .getByRole('textbox', { name: 'URL do vídeo (YouTube recomendado)' })
    .fill(`https://youtu.be/${YOUTUBE_ID}`);
  await expect(dialog.getByAltText('Pré-visualização da thumbnail do vídeo')).toHaveAttribute(
    'src',
    `https://img.youtube.com/vi/${YOUTUBE_ID}/hqdefault.jpg`,
  );
  await dialog.getByRole('textbox', { name: 'Título da seção 1' }).fill('Preparação');
  await dialog.getByRole('textbox', { name: 'Texto da seção 1' }).fill('Aqueça o óleo.');
  await dialog.getByRole('button', { name: 'Adicionar seção' }).click();
  await dialog.getByRole('textbox', { name: 'Título da seção 2' }).fill('Aplicação');
  await dialog
    .getByRole('textbox', { name: 'Texto da seção 2' })
    .fill('Deslize no sentido da drenagem.');
  await submit.click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row.getByText('ativo', { exact: true })).toBeVisible();
}

test('an admin publishes a training and a professional finds, opens and likes it', async ({
  page,
  context,
}) => {
  await serveYouTubeStills(context);
  const token = uniqueName('Ventosaterapia');
  const title = `${token} corporal`;
  await signInAsAdmin(page);
  await createTraining(page, title);

  await signInAsNewUser(page, 'professional');
  await page.goto('/professional/trainings');
  await expect(page.getByRole('heading', { name: 'Treinamentos', level: 1 })).toBeVisible();

  // Search by a word of the title, accents and case aside, then narrow to its category.
  await page.getByPlaceholder('Pesquisar vídeo ou descrição').fill(token.toLowerCase());
  await page.getByRole('button', { name: 'Buscar' }).click();
  await toggleChip(page, 'Corporal', true);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Corporal', { exact: true })).toBeVisible();
  // Another category hides it; clearing filters brings everything back.
  await toggleChip(page, 'Corporal', false);
  await toggleChip(page, 'Vendas', true);
  await expect(page.getByText('Nenhum treinamento encontrado.')).toBeVisible();
  await toggleChip(page, 'Vendas', false);
  await expect(card).toHaveCount(1);

  await card.getByRole('link', { name: `Assistir: ${title}` }).click();
  await expect(page).toHaveURL(/\/professional\/trainings\/\d+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByTitle(title)).toHaveAttribute(
    'src',
    `https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}`,
  );
  await expect(page.getByRole('heading', { name: 'Preparação' })).toBeVisible();
  await expect(page.getByText('Deslize no sentido da drenagem.')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Relacionados' })).toBeVisible();

  const like = page.getByRole('button', { name: 'Gostei (0)', exact: true });
  // Headless Chromium may send a click to the cross-origin player frame when it scrolls and
  // clicks in one step; scrolling first keeps the pointer on the button.
  await like.scrollIntoViewIfNeeded();
  await expect(like).toBeInViewport();
  await like.click();
  await expect(page.getByRole('button', { name: 'Gostei (1)', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.reload();
  await expect(page.getByRole('button', { name: 'Gostei (1)', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Voltar goes back one step, to the library as it was left: its search is in the URL.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(
    `/professional/trainings?${new URLSearchParams({ q: token.toLowerCase() })}`,
  );
  await expect(page.getByPlaceholder('Pesquisar vídeo ou descrição')).toHaveValue(
    token.toLowerCase(),
  );
  await expect(card).toHaveCount(1);
});

test('a still that does not load leaves "Sem thumbnail" readable beside the play button', async ({
  page,
  context,
}) => {
  // YouTube unreachable (a clinic network that blocks it, or a video taken down).
  await context.route('https://img.youtube.com/**', (route) => route.abort('failed'));
  const title = uniqueName('Massagem relaxante');
  const created = await page.request.post('/api/v1/trainings/', {
    headers: { authorization: `Bearer ${await adminToken(page.request)}` },
    data: {
      title,
      description: 'Sequência de manobras.',
      category: 'body',
      video_url: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
      active: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signInAsNewUser(page, 'professional');
  await page.goto('/professional/trainings');
  await page.getByPlaceholder('Pesquisar vídeo ou descrição').fill(title);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const card = page.getByRole('article').filter({ hasText: title });
  const fallback = card.getByText('Sem thumbnail');
  await expect(fallback).toBeVisible();
  const play = card
    .getByRole('link', { name: `Assistir: ${title}` })
    .locator('span')
    .first();
  const [text, button] = await Promise.all([fallback.boundingBox(), play.boundingBox()]);
  if (!text || !button) throw new Error('sem caixa para o texto ou o botão');
  // The text sits wholly below the round play button.
  expect(text.y).toBeGreaterThanOrEqual(button.y + button.height);
});

test('a professional cannot open the management page', async ({ page }) => {
  await signInAsNewUser(page, 'professional');
  await page.goto('/admin/trainings');
  await expect(page).toHaveURL(/\/home$/);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the training pages have no serious axe findings (${colorScheme})`, async ({ browser }) => {
    // @axe-core/playwright needs a page of a context it can inspect: newContext, then newPage.
    const context = await browser.newContext({ colorScheme });
    await serveYouTubeStills(context);
    const page = await context.newPage();
    try {
      await signInAsAdmin(page);
      await page.goto('/admin/trainings');
      await expect(page.getByRole('table')).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: '+ Adicionar' }).click();
      await expect(page.getByRole('dialog', { name: 'Novo Treinamento' })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto('/professional/trainings');
      await expect(page.getByRole('article').first()).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('article').first().getByRole('link').last().click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Relacionados' })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
