import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { seriousAxeViolations } from './a11y.ts';
import { signInAsNewUser } from './fixtures.ts';

import fs from 'node:fs';
import { createRequire } from 'node:module';
import type PdfParse from 'pdf-parse';

/*
 * The package builder and the saved proposal against the demo catalogue the server seeds
 * (apps/api/src/db/seed/demo-catalogue.ts): 'Pacote Rejuvenescimento 4' costs R$ 14.400,00 a year
 * with block limits A 4, B 3, C 4, D 2; 'Pacote Essencial 1' R$ 1.800,00 with A 8, B 2 (C and D
 * 0, so not listed).
 */

// pdf-parse's index.js reads a test file when it thinks it runs standalone; its lib entry does not.
const pdfParse = createRequire(import.meta.url)('pdf-parse/lib/pdf-parse.js') as typeof PdfParse;

/** The text of a downloaded PDF, spaces normalised. */
async function downloadedPdfText(download: Download): Promise<string> {
  const file = await download.path();
  const parsed = await pdfParse(fs.readFileSync(file));
  return parsed.text.replace(/[\u00a0\s]+/g, ' ');
}

const MARGIN_WARNING = 'Margem abaixo do mínimo exigido pelos procedimentos selecionados.';
const CLIENT = 'Maria José da Conceição';

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
 * 'Gerar Pacote' saves the selection as a proposal (issue 13) for a new client: the name typed
 * in the builder is already the new client's name. Opens the proposal's own page.
 */
async function saveForNewClient(page: Page, generate: Locator, expectedName: string) {
  await generate.click();
  const dialog = page.getByRole('dialog', { name: 'Gerar proposta' });
  await dialog.getByText('Novo cliente').click();
  const name = dialog.getByRole('textbox', { name: 'Nome completo' });
  await expect(name).toHaveValue(expectedName);
  await dialog.getByRole('button', { name: 'Salvar cliente e proposta' }).click();
  await expect(page).toHaveURL(/\/propostas\/\d+$/);
}

async function expectProposal(page: Page, { clientMode }: { clientMode: boolean }) {
  await expect(page.getByRole('heading', { name: 'Resumo do Pacote' })).toBeVisible();
  await expect(page.getByRole('link', { name: CLIENT })).toBeVisible();
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
  // Avulso 780 + 2.200 + 5.200 + 6.500 = 14.680; discount 280 = 1 − 14.400/14.680 = 1,90%.
  expect(await footer(page, 'Valor Total Avulso')).toBe('R$ 14.680,00');
  expect(await footer(page, 'Valor do Pacote')).toBe('R$ 14.400,00');
  expect(await footer(page, 'Desconto Gerado')).toBe('R$ 280,00 (1,90%)');
  expect(await footer(page, 'Valor Mensal (12x)')).toBe('R$ 1.200,00');
  // Lucro 14.400 × 0,7 − 4.780 = 5.300 and margin 36,8%: said to the professional only.
  const internal = page.getByRole('region', { name: 'Valores internos' });
  await expect(internal).toBeVisible({ visible: !clientMode });
  if (!clientMode) await expect(internal).toContainText('36,80%');
  await expect(page.getByText('Lucro')).toHaveCount(clientMode ? 0 : 1);
  await expect(page.getByText(MARGIN_WARNING)).toHaveCount(0);
}

test('a professional builds a package for a named client, saves the proposal and gets both PDFs', async ({
  page,
}) => {
  // The longest walk of the suite (builder, both schemes, save, two PDFs): 35–40 s on an idle
  // machine, so the 60 s default leaves too little room on a busy one.
  test.slow();
  await signInAsNewUser(page, 'professional');
  await openBuilderFromHome(page);
  await expect(page.getByRole('button', { name: 'Personalizar' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Nome da cliente' }).fill(CLIENT);
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
  // Nothing to generate yet, and the panel says why.
  const generate = panel.getByRole('button', { name: 'Gerar Pacote' });
  await expect(generate).toBeDisabled();
  await expect(
    panel.getByText('Selecione ao menos um procedimento para gerar o pacote.'),
  ).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // One procedure: the package costs R$ 7.900,00 more than it, and the panel warns before generating.
  const blockD = block(page, 'D');
  await card(blockD, 'Harmonização Facial').click();
  await expect(blockD.getByText('1/2 selecionados')).toBeVisible();
  await expect(panel.getByRole('alert')).toContainText(
    brl('O pacote custa R$ 7.900,00 a mais que os procedimentos avulsos.'),
  );

  await card(block(page, 'C'), 'Bioestimulador de Colágeno').click();
  await card(block(page, 'C'), 'Bioestimulador de Colágeno').click();
  const microneedling = card(block(page, 'A'), 'Microagulhamento');
  for (let click = 0; click < 3; click++) await microneedling.click();
  await expect(microneedling).toContainText('3 sessões');
  // '−' takes one session away.
  await block(page, 'A')
    .getByRole('button', { name: 'Remover uma sessão de Microagulhamento' })
    .click();
  await expect(microneedling).toContainText('2 sessões');
  await card(block(page, 'B'), 'Ultrassom Microfocado').click();

  // Cost 2.200 + 1.800 + 180 + 600 = 4.780: lucro 5.300 → 36,8%, R$ 441,67 a month remaining.
  await expect(panel.getByText('Saldo mensal restante').locator('..')).toContainText(
    brl('R$ 441,67'),
  );
  await expect(panel.getByText('Score').locator('..')).toContainText('36,80%');
  await expect(panel.getByText('Valor avulso').locator('..')).toContainText(brl('R$ 14.680,00'));
  await expect(panel.getByText('Economia da cliente').locator('..')).toContainText(
    brl('R$ 280,00 (1,90%)'),
  );
  await expect(panel.getByText(/a mais que os procedimentos avulsos/)).toHaveCount(0);
  await expect(panel.getByText(MARGIN_WARNING)).toBeVisible();

  // The warnings and the filled panel stay readable in both schemes.
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });

  // A reload keeps the package, the sessions and the client's name.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Selecione os Procedimentos' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nome da cliente' })).toHaveValue(CLIENT);
  await expect(card(block(page, 'A'), 'Microagulhamento')).toContainText('2 sessões');

  // Back to the home page and Forward again: nothing is lost.
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Selecione os Procedimentos' })).toBeVisible();
  await expect(card(block(page, 'C'), 'Bioestimulador de Colágeno')).toContainText('2 sessões');
  await expect(page.getByRole('textbox', { name: 'Nome da cliente' })).toHaveValue(CLIENT);

  // The screen turns to the client: no score, margin, budgets or margin warning.
  await page.getByRole('switch', { name: /Modo cliente/ }).check();
  for (const internal of ['Score', 'Saldo mensal restante', 'Orçamento mensal disponível']) {
    await expect(panel.getByText(internal)).toHaveCount(0);
  }
  await expect(panel.getByText(MARGIN_WARNING)).toHaveCount(0);
  await expect(page.getByText(/^Score \d/)).toHaveCount(0);
  await expect(panel.getByText('Economia da cliente').locator('..')).toContainText(
    brl('R$ 280,00 (1,90%)'),
  );

  await saveForNewClient(page, panel.getByRole('button', { name: 'Gerar Pacote' }), CLIENT);
  // Still facing the client: the proposal page hides lucro and margin.
  await expectProposal(page, { clientMode: true });
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Back: the sale is saved, so the builder has started a new one for the next client.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Selecione o Pacote' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nome da cliente' })).toHaveValue('');
  await page.goForward();
  await expectProposal(page, { clientMode: true });

  // Facing the professional again, the page shows lucro and margin.
  await page.getByRole('switch', { name: /Modo cliente/ }).uncheck();
  await expectProposal(page, { clientMode: false });

  // Proposal PDF: preview, then download with the suggested file name and the client's name.
  await page.getByRole('button', { name: 'Visualizar PDF' }).click();
  const proposal = page.getByRole('dialog', { name: 'Proposta (PDF)' });
  await expect(proposal.locator('iframe[title="Pré-visualização do PDF"]')).toBeVisible();
  await expect(proposal.getByText('Não foi possível carregar o PDF.')).toBeHidden();
  const proposalDownload = page.waitForEvent('download');
  await proposal.getByRole('button', { name: 'Baixar' }).click();
  const proposalFile = await proposalDownload;
  expect(proposalFile.suggestedFilename()).toMatch(
    /^proposta-pacote-rejuvenescimento-4-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const proposalText = await downloadedPdfText(proposalFile);
  expect(proposalText).toContain(CLIENT);
  expect(proposalText).not.toContain('Não informado');
  expect(proposalText).not.toMatch(/-\s?R\$/);
  await proposal.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(proposal).toBeHidden();

  // Client-care PDF with the client's name, never a placeholder.
  await page.getByRole('button', { name: 'PDF Client' }).click();
  const clientCare = page.getByRole('dialog', { name: 'Client Care (PDF)' });
  await expect(clientCare.locator('iframe[title="Pré-visualização do PDF"]')).toBeVisible();
  const clientDownload = page.waitForEvent('download');
  await clientCare.getByRole('button', { name: 'Baixar' }).click();
  const clientFile = await clientDownload;
  expect(clientFile.suggestedFilename()).toMatch(
    /^cuidados-maria-jose-da-conceicao-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const careText = await downloadedPdfText(clientFile);
  expect(careText).toContain(`Nome: ${CLIENT}`);
  expect(careText).not.toContain('Chamar a cliente de Cliente');
  expect(careText).not.toContain('Não informado');
  await clientCare.getByRole('button', { name: 'Fechar' }).last().click();

  // The proposal is stored: a reload shows it again.
  await page.reload();
  await expectProposal(page, { clientMode: false });

  // Dark mode keeps the page readable.
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousAxeViolations(page)).toEqual([]);

  // 'Sair' forgets the kept sale (selection, name, client mode) in this browser.
  await page.getByRole('switch', { name: /Modo cliente/ }).check();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const kept = await page.evaluate(() => Object.keys(window.sessionStorage));
  for (const key of ['portal:recibo', 'portal:montar-pacote', 'portal:modo-cliente']) {
    expect(kept).not.toContain(key);
  }
  // The old receipt address leads to the proposals (here, signed out, to the login).
  await page.goto('/recibo');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the bottom bar shows counts, monthly value, saving and margin, and the proposal fits the screen', async ({
    page,
  }) => {
    await signInAsNewUser(page, 'professional');
    await openBuilderFromHome(page);
    await page.getByRole('textbox', { name: 'Nome da cliente' }).fill(CLIENT);
    await pickPackage(page, 'Pacote Essencial 1');

    const bar = page.getByRole('complementary', { name: 'Resumo do Pacote' });
    await expect(bar).toBeVisible();
    await expect(bar.getByText('A 0/8')).toBeVisible();
    await expect(bar.getByText('B 0/2')).toBeVisible();
    // Blocks C and D hold no session in this package: not listed.
    await expect(bar.getByText('C 0/0')).toHaveCount(0);
    await expect(block(page, 'C')).toHaveCount(0);
    await expect(bar.getByText(brl('R$ 150,00/mês'))).toBeVisible();
    await expect(bar.getByText('Margem 70,00%')).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Gerar Pacote' })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Resumo do Pacote' })).toHaveCount(0);

    const blockA = block(page, 'A');
    await card(blockA, 'Limpeza de Pele Profunda').click();
    await card(blockA, 'Limpeza de Pele Profunda').click();
    // Cost 2 × 45 = 90: (1.260 − 90) / 1.800 = 65,0%; R$ 360 of sessions for R$ 1.800.
    await expect(bar.getByText('A 2/8')).toBeVisible();
    await expect(bar.getByText('Margem 65,00%')).toBeVisible();
    await expect(bar.getByRole('alert')).toContainText(
      brl('O pacote custa R$ 1.440,00 a mais que o avulso.'),
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A reload keeps the two sessions; complete the typical plan.
    await page.reload();
    await expect(bar.getByText('A 2/8')).toBeVisible();
    for (const [name, clicks] of [
      ['Limpeza de Pele Profunda', 2],
      ['Hidratação Facial Profunda', 2],
      ['Peeling de Diamante', 2],
    ] as const) {
      for (let click = 0; click < clicks; click++) await card(blockA, name).click();
    }
    await expect(blockA.getByText('8/8 selecionados • Limite atingido')).toBeVisible();
    await expect(card(blockA, 'LED Terapia Facial')).toHaveAttribute('aria-disabled', 'true');
    const blockB = block(page, 'B');
    await blockB.getByRole('button', { name: /^Radiofrequência\s*3 procedimentos/ }).click();
    await card(blockB, 'Radiofrequência Facial').click();
    await card(blockB, 'Radiofrequência Facial').click();
    // 720 + 340 + 300 + 700 = R$ 2.060 for R$ 1.800: R$ 260,00 saved, 12,62%.
    await expect(bar.getByText(brl('Economia R$ 260,00 (12,62%)'))).toBeVisible();
    await expect(bar.getByRole('alert')).toHaveCount(0);

    // 'Modo cliente' hides the margin on the bar, and on the proposal page.
    await page.getByRole('switch', { name: /Modo cliente/ }).check();
    await expect(bar.getByText(/^Margem/)).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await saveForNewClient(page, bar.getByRole('button', { name: 'Gerar Pacote' }), CLIENT);
    await expect(page.getByRole('region', { name: 'Valores internos' })).toHaveCount(0);
    // Sessions and unit value sit under the name, so every figure fits the phone's width.
    expect(await rowCells(page, 'Limpeza de Pele Profunda')).toEqual([
      'Limpeza de Pele Profunda 4 × R$ 180,00',
      'R$ 720,00',
    ]);
    expect(await footer(page, 'Valor Total Avulso')).toBe('R$ 2.060,00');
    expect(await footer(page, 'Valor do Pacote')).toBe('R$ 1.800,00');
    expect(await footer(page, 'Desconto Gerado')).toBe('R$ 260,00 (12,62%)');
    expect(await footer(page, 'Valor Mensal (12x)')).toBe('R$ 150,00');
    for (const label of ['Valor Total Avulso', 'Desconto Gerado', 'Valor Mensal (12x)']) {
      const box = await page.getByRole('row', { name: label }).getByRole('cell').boundingBox();
      expect(box && box.x + box.width, label).toBeLessThanOrEqual(390);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.reload();
    expect(await footer(page, 'Valor Total Avulso')).toBe('R$ 2.060,00');
    await expect(page.getByRole('region', { name: 'Valores internos' })).toHaveCount(0);
  });
});
