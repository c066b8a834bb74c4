import { expect, test, type Page } from '@playwright/test';
import { signInAsNewUser, uniqueName } from './fixtures.ts';

import fs from 'node:fs';
import { createRequire } from 'node:module';
import type PdfParse from 'pdf-parse';

// pdf-parse's index.js reads a test file when it thinks it runs standalone; its lib entry does not.
const pdfParse = createRequire(import.meta.url)('pdf-parse/lib/pdf-parse.js') as typeof PdfParse;

/*
 * Issue 26 end to end, on a 390-px phone: a pregnant client (her record says 'Gestação', picked
 * by typing 'grávida') → the builder shows Toxina Botulínica blocked with its reason, adding it
 * asks the reason, the saved proposal shows the override; the assistant, asked 'Zero laser e
 * zero peeling: quero clarear manchas', says what it understood and offers neither; the
 * receipt shows 'Benefícios' and 'Sinergias'. Demo catalogue: apps/api/src/db/seed/demo-catalogue.ts
 * ('Pacote Rejuvenescimento 4' allows the toxin in block C); traits: demo-traits.ts.
 * Screenshots at 390 and 1366 px, light and dark, and both PDFs go to test-results/clinical/.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const REASON = 'Obstetra liberou por escrito; gestação não confirmada em exame.';
const SHOTS = 'test-results/clinical';

/** Light and dark; a dialog is shot as the screen shows it, a page whole. */
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(
      (value) => document.documentElement.setAttribute('data-mantine-color-scheme', value),
      scheme,
    );
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage });
  }
  await page.evaluate(() =>
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light'),
  );
}

/** Opens a PDF dialog from the receipt, downloads it to test-results/clinical/ and reads its text. */
async function downloadPdf(
  page: Page,
  button: string,
  dialog: string,
  file: string,
): Promise<string> {
  await page.getByRole('button', { name: button }).click();
  const preview = page.getByRole('dialog', { name: dialog });
  await expect(preview.locator('iframe[title="Pré-visualização do PDF"]')).toBeVisible();
  const download = page.waitForEvent('download');
  await preview.getByRole('button', { name: 'Baixar' }).click();
  const path = `${SHOTS}/${file}`;
  await (await download).saveAs(path);
  await preview.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(preview).toBeHidden();
  return (await pdfParse(fs.readFileSync(path))).text.replace(/[\u00a0\s]+/g, ' ');
}

async function createPregnantClient(page: Page, name: string): Promise<string> {
  await page.goto('/clientes/novo');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo cliente' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nome completo' }).fill(name);
  await page.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill('(11) 98888-7777');
  await page.getByRole('checkbox', { name: /^Dados de saúde/ }).check();
  const conditions = page.getByRole('combobox', { name: /Condições de saúde/ });
  await conditions.fill('grávida');
  await page.getByRole('option', { name: 'Gestação' }).click();
  await page.getByRole('textbox', { name: 'Observação: Gestação' }).fill('20 semanas');
  await page.keyboard.press('Escape');
  await shoot(page, 'client-form-390');
  await page.getByRole('button', { name: 'Salvar cliente' }).click();
  await expect(page).toHaveURL(/\/clientes\/\d+$/);
  const health = page.getByRole('region', { name: 'Dados de saúde' });
  await expect(health).toContainText('Gestação (20 semanas)');
  // Readable at 390 px: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  return page.url();
}

test('a pregnant client: blocked toxin with a reason, an honest assistant, the receipt', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  const clientName = uniqueName('Gabriela Gestante');
  await signInAsNewUser(page, 'professional');
  await createPregnantClient(page, clientName);

  // The builder: the client first, then the package.
  await page.goto('/montar-pacote');
  await page.getByRole('textbox', { name: 'Cliente cadastrado' }).fill(clientName.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(clientName) }).click();
  await page.getByRole('button', { name: /^Pacote Rejuvenescimento 4/ }).click();
  await expect(page.getByRole('heading', { name: 'Selecione os Procedimentos' })).toBeVisible();
  const blockC = page.getByRole('region', { name: 'Bloco C' });
  // The toxins are one group, closed until opened.
  await blockC.getByRole('button', { name: /^Toxina Botulínica/, expanded: false }).click();
  const toxin = blockC.getByRole('button', { name: /^Toxina Botulínica - Terço Superior/ });
  await expect(toxin.getByText('Contraindicado', { exact: true })).toBeVisible();
  await expect(toxin).toContainText(/gesta/i);
  await toxin.scrollIntoViewIfNeeded();
  await shoot(page, 'builder-390');

  // Adding it asks the reason.
  await toxin.click();
  const ask = page.getByRole('dialog', { name: 'Procedimento contraindicado' });
  await expect(ask).toBeVisible();
  await ask.getByRole('textbox', { name: /Motivo/ }).fill(REASON);
  await shoot(page, 'override-dialog-390', false);
  await ask.getByRole('button', { name: 'Adicionar com justificativa' }).click();
  await expect(toxin).toHaveAttribute('aria-pressed', 'true');
  await expect(toxin.getByText('Contraindicado · justificado')).toBeVisible();
  // A second procedure, so the receipt has a pair to ask about.
  await page
    .getByRole('region', { name: 'Bloco A' })
    .getByRole('button', { name: /^Hidratação Facial Profunda/ })
    .click();

  // The assistant: what it understood, and no laser or peeling.
  await page.getByRole('button', { name: 'Personalizar' }).click();
  const assistant = page.getByRole('dialog', { name: 'Assistente de pacote (IA)' });
  await assistant
    .getByRole('textbox', { name: /Objetivo e Requisitos/ })
    .fill('Zero laser e zero peeling: quero clarear manchas');
  await assistant.getByRole('button', { name: 'Gerar' }).click();
  await expect(assistant.getByText(/^Entendi:/)).toBeVisible({ timeout: 30_000 });
  await expect(assistant.getByText(/^Entendi:/)).toContainText(/sem laser/);
  await expect(assistant.getByText(/^Entendi:/)).toContainText(/sem peeling/);
  const suggested = assistant.getByRole('list', { name: 'Procedimentos sugeridos' });
  if ((await suggested.count()) > 0) {
    await expect(suggested).not.toContainText(/laser|peeling|luz intensa/i);
  }
  await shoot(page, 'assistant-390', false);
  await assistant.getByRole('button', { name: 'Fechar' }).click();

  // Save: the reason given in the builder goes with it.
  await page
    .getByRole('complementary', { name: 'Resumo do Pacote' })
    .getByRole('button', { name: 'Gerar Pacote' })
    .click();
  const save = page.getByRole('dialog', { name: 'Gerar proposta' });
  await expect(save.getByRole('textbox', { name: /Motivo/ })).toHaveValue(REASON);
  await save.getByRole('button', { name: 'Salvar proposta' }).click();
  await expect(page).toHaveURL(/\/propostas\/\d+$/);

  // The receipt: the override kept, 'Benefícios' and 'Sinergias'.
  const clinical = page.getByRole('region', { name: 'Avisos clínicos' });
  await expect(clinical).toContainText('Toxina Botulínica');
  await expect(clinical.getByText('Mantido com justificativa')).toBeVisible();
  await expect(clinical).toContainText(REASON);
  await expect(page.getByRole('region', { name: 'Benefícios' })).toBeVisible();
  await page.getByRole('button', { name: 'Sinergias', exact: true }).click();
  const synergies = page.getByRole('region', { name: 'Sinergias' });
  await expect(synergies).toBeVisible();
  await expect(synergies.getByText(/Nenhuma sinergia sugerida\.|\+|Ganho/).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await shoot(page, 'receipt-390');

  // Both PDFs mark the toxin under its name: contraindicated, kept with a recorded reason.
  const kept = 'Contraindicado (Gestação): mantido pelo profissional com justificativa registrada';
  const proposalPdf = await downloadPdf(page, 'Visualizar PDF', 'Proposta (PDF)', 'proposal.pdf');
  expect(proposalPdf).toContain(kept);
  const carePdf = await downloadPdf(page, 'PDF Client', 'Client Care (PDF)', 'client-care.pdf');
  expect(carePdf).toContain(clientName);
  expect(carePdf).toContain(kept);

  // The same receipt and the builder's revision on a desktop.
  await page.setViewportSize(DESKTOP);
  await shoot(page, 'receipt-1366');
  await page.getByRole('button', { name: 'Nova versão' }).click();
  await expect(page.getByRole('textbox', { name: 'Cliente cadastrado' })).toHaveValue(clientName);
  await blockC.getByRole('button', { name: /^Toxina Botulínica/, expanded: false }).click();
  await expect(toxin.getByText('Contraindicado · justificado')).toBeVisible();
  await shoot(page, 'builder-revise-1366');
});
