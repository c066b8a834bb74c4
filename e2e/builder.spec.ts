import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousAxeViolations } from './a11y.ts';
import { signInAsNewUser } from './fixtures.ts';

/*
 * The package builder and the receipt against the demo catalogue the server seeds
 * (apps/api/src/modules/services/seed.ts): 'Pacote Rejuvenescimento 4' costs R$ 14.400,00 a year
 * with block limits A 2, B 2, C 2, D 1; 'Pacote Essencial 1' R$ 3.600,00 with A 2, B 1.
 */

/** Money as the page shows it: Intl puts a no-break space after 'R$'. */
function brl(text: string): RegExp {
  return new RegExp(text.replace('R$ ', 'R\\$\\s').replace(/[.()]/g, '\\$&'));
}

async function openBuilderFromHome(page: Page) {
  await page.goto('/home');
  await page.getByRole('link', { name: 'Montar pacote' }).click();
  await expect(page).toHaveURL(/\/montar-pacote$/);
  await expect(page.getByRole('heading', { name: 'Selecione o Pacote' })).toBeVisible();
}

async function pickPackage(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole('heading', { name: 'Selecione os Procedimentos' })).toBeVisible();
}

function block(page: Page, letter: string): Locator {
  return page.getByRole('region', { name: `Bloco ${letter}` });
}

function card(scope: Locator, name: string): Locator {
  return scope.getByRole('button', { name: new RegExp(`^${name}`) });
}

/** The table cells of one receipt row, whitespace normalised. */
async function rowCells(page: Page, name: string): Promise<string[]> {
  const row = page.getByRole('row', { name: new RegExp(name) });
  // allInnerTexts does not wait: the row must be on screen first.
  await expect(row).toBeVisible();
  const cells = await row.getByRole('cell').allInnerTexts();
  return cells.map((cell) => cell.replace(/\s+/g, ' ').trim());
}

async function footer(page: Page, label: string): Promise<string> {
  const text = await page
    .getByRole('row', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) })
    .innerText();
  return text.replace(label, '').replace(/\s+/g, ' ').trim();
}

/**
 * 'Gerar Pacote' saves the selection as a proposal (issue 13) for a new client named in the
 * dialog, and opens the proposal's own page.
 */
async function saveForNewClient(page: Page, generate: Locator) {
  await generate.click();
  const dialog = page.getByRole('dialog', { name: 'Gerar proposta' });
  await dialog.getByText('Novo cliente').click();
  await dialog.getByRole('textbox', { name: 'Nome completo' }).fill('Cliente do Recibo');
  await dialog.getByRole('button', { name: 'Salvar cliente e proposta' }).click();
  await expect(page).toHaveURL(/\/propostas\/\d+$/);
}

async function expectReceipt(page: Page) {
  await expect(page.getByRole('heading', { name: 'Resumo do Pacote' })).toBeVisible();
  await expect(page.getByText(/Pacote Rejuvenescimento 4/).first()).toBeVisible();
  expect(await rowCells(page, 'Microagulhamento')).toEqual([
    'Microagulhamento',
    '2',
    'R$ 390,00',
    'R$ 780,00',
  ]);
  expect(await rowCells(page, 'Ultrassom Microfocado')).toEqual([
    'Ultrassom Microfocado',
    '1',
    'R$ 2.200,00',
    'R$ 2.200,00',
  ]);
  expect(await rowCells(page, 'Bioestimulador de Colágeno')).toEqual([
    'Bioestimulador de Colágeno',
    '2',
    'R$ 2.600,00',
    'R$ 5.200,00',
  ]);
  expect(await rowCells(page, 'Harmonização Facial')).toEqual([
    'Harmonização Facial',
    '1',
    'R$ 6.500,00',
    'R$ 6.500,00',
  ]);
  // Avulso 780 + 2.200 + 5.200 + 6.500 = 14.680; discount 280 = 1 − 14.400/14.680 = 1,9%.
  expect(await footer(page, 'Valor Total Avulso')).toBe('R$ 14.680,00');
  expect(await footer(page, 'Valor do Pacote')).toBe('R$ 14.400,00');
  expect(await footer(page, 'Desconto Gerado')).toBe('R$ 280,00 (1,9%)');
  expect(await footer(page, 'Valor Mensal (12x)')).toBe('R$ 1.200,00');
}

test('a professional builds a package, saves it as a proposal and gets both PDFs', async ({
  page,
}) => {
  await signInAsNewUser(page, 'professional');
  await openBuilderFromHome(page);
  await expect(page.getByRole('button', { name: 'Personalizar' })).toBeDisabled();
  const rejuvenescimento = page.getByRole('button', { name: /^Pacote Rejuvenescimento 4/ });
  await expect(rejuvenescimento).toContainText(brl('R$ 1.200,00'));
  await pickPackage(page, 'Pacote Rejuvenescimento 4');
  await expect(page.getByRole('button', { name: 'Personalizar' })).toBeEnabled();

  const panel = page.getByRole('complementary', { name: 'Resumo do Pacote' });
  await expect(panel.getByText('Pacote nº 4')).toBeVisible();
  // Nothing selected: 0,7 × 14.400 / 12 = R$ 840,00 both available and remaining.
  await expect(panel.getByText('Saldo mensal restante').locator('..')).toContainText(
    brl('R$ 840,00'),
  );
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Block D holds one session: choosing it fills the block and dims the rest.
  const blockD = block(page, 'D');
  await card(blockD, 'Harmonização Facial').click();
  await expect(blockD.getByText('1/1 selecionados • Limite atingido')).toBeVisible();
  await expect(card(blockD, 'Rinomodelação')).toHaveAttribute('aria-disabled', 'true');

  await card(block(page, 'C'), 'Bioestimulador de Colágeno').click();
  await card(block(page, 'C'), 'Bioestimulador de Colágeno').click();
  await expect(block(page, 'C').getByText('2/2 selecionados • Limite atingido')).toBeVisible();
  await card(block(page, 'A'), 'Microagulhamento').click();
  await card(block(page, 'A'), 'Microagulhamento').click();
  await card(block(page, 'B'), 'Ultrassom Microfocado').click();

  // Cost 2.200 + 1.800 + 180 + 600 = 4.780: lucro 5.300 → 36,8%, R$ 441,67 a month remaining.
  await expect(panel.getByText('Saldo mensal restante').locator('..')).toContainText(
    brl('R$ 441,67'),
  );
  await expect(panel.getByText('Score').locator('..')).toContainText('36,8%');
  await expect(panel.getByText('Bloco D').locator('..')).toContainText('1/1');
  await expect(
    panel.getByText('Margem abaixo do mínimo exigido pelos procedimentos selecionados.'),
  ).toBeVisible();

  // Full blocks, dimmed cards and the warning stay readable in both schemes.
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  await saveForNewClient(page, panel.getByRole('button', { name: 'Gerar Pacote' }));
  await expectReceipt(page);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Proposal PDF: preview, then download with the suggested file name.
  await page.getByRole('button', { name: 'Visualizar PDF' }).click();
  const proposal = page.getByRole('dialog', { name: 'Proposta (PDF)' });
  await expect(proposal.locator('iframe[title="Pré-visualização do PDF"]')).toBeVisible();
  await expect(proposal.getByText('Não foi possível carregar o PDF.')).toBeHidden();
  const proposalDownload = page.waitForEvent('download');
  await proposal.getByRole('button', { name: 'Baixar' }).click();
  expect((await proposalDownload).suggestedFilename()).toMatch(
    /^proposta-pacote-rejuvenescimento-4-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  await proposal.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(proposal).toBeHidden();

  // Client-care PDF, named after the proposal's client.
  await page.getByRole('button', { name: 'PDF Client' }).click();
  const clientCare = page.getByRole('dialog', { name: 'Client Care (PDF)' });
  await expect(clientCare.locator('iframe[title="Pré-visualização do PDF"]')).toBeVisible();
  const clientDownload = page.waitForEvent('download');
  await clientCare.getByRole('button', { name: 'Baixar' }).click();
  expect((await clientDownload).suggestedFilename()).toMatch(
    /^cuidados-cliente-do-recibo-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  await clientCare.getByRole('button', { name: 'Fechar' }).last().click();

  // The proposal is stored: a reload shows it again.
  await page.reload();
  await expectReceipt(page);

  // Dark mode keeps the receipt readable.
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Voltar para propostas' }).click();
  await expect(page).toHaveURL(/\/propostas$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the bottom bar shows the counts, monthly value and margin and generates', async ({
    page,
  }) => {
    await signInAsNewUser(page, 'professional');
    await openBuilderFromHome(page);
    await pickPackage(page, 'Pacote Essencial 1');

    const bar = page.getByRole('complementary', { name: 'Resumo do Pacote' });
    await expect(bar).toBeVisible();
    await expect(bar.getByText('A 0/2')).toBeVisible();
    await expect(bar.getByText(brl('R$ 300,00/mês'))).toBeVisible();
    await expect(bar.getByText('Margem 70,0%')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Resumo do Pacote' })).toHaveCount(0);

    const blockA = block(page, 'A');
    await card(blockA, 'Limpeza de Pele Profunda').click();
    await card(blockA, 'Limpeza de Pele Profunda').click();
    await expect(blockA.getByText('2/2 selecionados • Limite atingido')).toBeVisible();
    // Cost 2 × 45 = 90: (2.520 − 90) / 3.600 = 67,5%.
    await expect(bar.getByText('A 2/2')).toBeVisible();
    await expect(bar.getByText('Margem 67,5%')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await saveForNewClient(page, bar.getByRole('button', { name: 'Gerar Pacote' }));
    // Sessions and unit value sit under the name, so every figure fits the phone's width.
    expect(await rowCells(page, 'Limpeza de Pele Profunda')).toEqual([
      'Limpeza de Pele Profunda 2 × R$ 180,00',
      'R$ 360,00',
    ]);
    expect(await footer(page, 'Valor do Pacote')).toBe('R$ 3.600,00');
    expect(await footer(page, 'Valor Mensal (12x)')).toBe('R$ 300,00');
    for (const label of ['Valor Total Avulso', 'Desconto Gerado', 'Valor Mensal (12x)']) {
      const box = await page.getByRole('row', { name: label }).getByRole('cell').boundingBox();
      expect(box && box.x + box.width, label).toBeLessThanOrEqual(390);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.reload();
    expect(await footer(page, 'Valor Total Avulso')).toBe('R$ 360,00');
  });
});
