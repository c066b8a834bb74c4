import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from './a11y.ts';
import { saveDemoProposal, signInAsNewUser, uniqueName } from './fixtures.ts';

/*
 * Issue 13 end to end: a professional records a client with an allergy (after the health-data
 * consent), saves a proposal from the builder, sees the contraindication, sends it; the client
 * opens the link on a 390-px phone and accepts; the professional sees 'Aceita' with the
 * evidence. Demo catalogue (apps/api/src/db/seed/demo-catalogue.ts): Microagulhamento
 * (R$ 390,00) involves 'látex'; 'Pacote Rejuvenescimento 4' costs R$ 14.400,00 a year.
 */

const PHONE = { width: 390, height: 844 };

async function createClientWithAllergy(page: Page, name: string): Promise<void> {
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Navegação principal', exact: true })
    .getByRole('link', { name: 'Clientes' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await page.getByRole('link', { name: 'Novo cliente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo cliente' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Nome completo' }).fill(name);
  await page.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill('(11) 98888-7777');
  await page.getByRole('textbox', { name: 'CPF' }).fill('529.982.247-24');
  // No health field before the consent is recorded.
  await expect(page.getByRole('combobox', { name: /Alergias/ })).toHaveCount(0);
  await page.getByRole('checkbox', { name: /^Dados de saúde/ }).check();
  const allergies = page.getByRole('combobox', { name: /Alergias ou aversões/ });
  await allergies.fill('Látex');
  await allergies.press('Enter');
  await page.getByRole('button', { name: 'Salvar cliente' }).click();
  // A wrong check digit is caught before anything is sent.
  await expect(page.getByText('CPF inválido.')).toBeVisible();
  await page.getByRole('textbox', { name: 'CPF' }).fill('');
  await page.getByRole('button', { name: 'Salvar cliente' }).click();

  await expect(page).toHaveURL(/\/clientes\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const health = page.getByRole('region', { name: 'Dados de saúde' });
  await expect(health).toContainText('Látex');
  const consents = page.getByRole('region', { name: 'Consentimentos' });
  await expect(consents.getByRole('table')).toContainText('Concedido');
  await expect(consents.getByRole('table')).toContainText('v1');
}

async function saveProposalFromBuilder(page: Page, clientName: string): Promise<void> {
  await page.goto('/montar-pacote');
  await page.getByRole('button', { name: /^Pacote Rejuvenescimento 4/ }).click();
  await expect(page.getByRole('heading', { name: 'Selecione os Procedimentos' })).toBeVisible();
  const microneedling = page
    .getByRole('region', { name: 'Bloco A' })
    .getByRole('button', { name: /^Microagulhamento/ });
  await microneedling.click();
  await microneedling.click();
  await page
    .getByRole('complementary', { name: 'Resumo do Pacote' })
    .getByRole('button', { name: 'Gerar Pacote' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Gerar proposta' });
  await dialog.getByRole('textbox', { name: 'Cliente' }).fill(clientName);
  await page.getByRole('option', { name: new RegExp(clientName) }).click();
  await dialog.getByRole('button', { name: 'Salvar proposta' }).click();
  await expect(page).toHaveURL(/\/propostas\/\d+$/);
}

test('a proposal goes from the builder to the client’s phone and comes back accepted', async ({
  page,
  browser,
}) => {
  const clientName = uniqueName('Maria Aparecida');
  await signInAsNewUser(page, 'professional');
  await createClientWithAllergy(page, clientName);
  await saveProposalFromBuilder(page, clientName);

  await expect(
    page.getByRole('heading', { level: 1, name: /^Proposta \d{4}-\d{6}$/ }),
  ).toBeVisible();
  await expect(page.getByText('Rascunho', { exact: true })).toBeVisible();
  const warning = page.getByRole('region', { name: 'Avisos clínicos' });
  await expect(warning).toContainText('Microagulhamento');
  await expect(warning).toContainText('látex');
  await expect(page.getByRole('row', { name: /Microagulhamento/ })).toContainText('780,00');
  await expect(page.getByRole('row', { name: /^Valor do Pacote/ })).toContainText('14.400,00');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The proposal is a record: it survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Proposta / })).toBeVisible();

  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  const link = page.getByRole('textbox', { name: 'Link público' });
  await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/p\/[\w-]{20,}$/);
  const publicUrl = await link.inputValue();
  const whatsapp = page.getByRole('link', { name: 'Enviar pelo WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/5511988887777\?text=/);
  expect(decodeURIComponent((await whatsapp.getAttribute('href')) ?? '')).toContain(publicUrl);
  await expect(page.getByRole('button', { name: 'Copiar link' })).toBeVisible();
  await expect(page.getByText('Enviada', { exact: true })).toBeVisible();

  // The client, on their own phone, with no session.
  const phone = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const client = await phone.newPage();
  await client.goto(publicUrl);
  await expect(
    client.getByRole('heading', { level: 1, name: 'Proposta para Maria' }),
  ).toBeVisible();
  // The full name is what she types to accept: the link never prints it.
  await expect(client.getByText(clientName)).toHaveCount(0);
  await expect(client.getByText('Microagulhamento')).toBeVisible();
  await expect(client.getByText('2 sessões')).toBeVisible();
  await expect(client.getByText('12 parcelas mensais de')).toBeVisible();
  await expect(client.getByText(/art\. 49/).first()).toBeVisible();
  // Nothing internal: no margin, cost or net revenue.
  await expect(client.locator('body')).not.toContainText(/Margem|Lucro|Receita/);
  // Readable at 390 px: nothing wider than the screen.
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  expect(await seriousAxeViolations(client)).toEqual([]);
  await client.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousAxeViolations(client)).toEqual([]);

  await client.getByRole('textbox', { name: 'Seu nome completo' }).fill(clientName);
  await client.getByRole('checkbox').check();
  await client.getByRole('button', { name: 'Aceitar proposta' }).click();
  await expect(client.getByText(/Proposta aceita em/)).toBeVisible();
  await expect(client.getByRole('button', { name: 'Aceitar proposta' })).toHaveCount(0);
  await phone.close();

  // Back at the clinic: accepted, with the evidence.
  await page.reload();
  await expect(page.getByText('Aceita', { exact: true })).toBeVisible();
  const evidence = page.getByRole('region', { name: 'Aceite do cliente' });
  await expect(evidence).toContainText(clientName);
  await expect(evidence).toContainText('127.0.0.1');
  // The keyed seal of decision 0034 (a plain hash could confirm a guessed name after erasure).
  await expect(evidence).toContainText(/Selo do PDF aceito \(HMAC-SHA-256\): [0-9a-f]{64}/);
  await expect(page.getByRole('button', { name: 'Enviar', exact: true })).toHaveCount(0);

  // The list shows it too.
  await page.goto('/propostas');
  await expect(page.getByRole('row', { name: new RegExp(clientName) })).toContainText('Aceita');
});

test('a new version reopens the builder, saves version 2 and the old one is replaced', async ({
  page,
}) => {
  const clientName = uniqueName('Ana Beatriz');
  await signInAsNewUser(page, 'professional');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('No session in the browser');
  const { id, number } = await saveDemoProposal(page.request, token, clientName, 1);

  await page.goto(`/propostas/${id}`);
  await page.getByRole('button', { name: 'Nova versão' }).click();
  await expect(page).toHaveURL(new RegExp(`/montar-pacote\\?revisar=${id}$`));
  const card = page
    .getByRole('region', { name: 'Bloco A' })
    .getByRole('button', { name: /^Microagulhamento/ });
  // The builder opens with the proposal's package and selection.
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await card.click();
  await expect(card).toContainText('2 sessões');
  await page
    .getByRole('complementary', { name: 'Resumo do Pacote' })
    .getByRole('button', { name: 'Gerar Pacote' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Salvar nova versão' });
  await expect(dialog).toContainText(clientName);
  await dialog.getByRole('button', { name: 'Salvar nova versão' }).click();
  await expect(page).toHaveURL(/\/propostas\/\d+$/);
  expect(page.url()).not.toMatch(new RegExp(`/propostas/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Proposta ${number}` })).toBeVisible();
  await expect(page.getByText('Versão 2')).toBeVisible();
  await expect(page.getByRole('row', { name: /Microagulhamento/ }).getByRole('cell')).toHaveText([
    'Microagulhamento',
    '2',
    /390,00/,
    /780,00/,
  ]);

  // The professional records the client's no, with a reason.
  await page.getByRole('button', { name: 'Registrar recusa' }).click();
  const decline = page.getByRole('dialog', { name: 'Registrar recusa' });
  await decline.getByRole('combobox', { name: 'Motivo' }).click();
  await page.getByRole('option', { name: 'Preço' }).click();
  await decline.getByRole('textbox', { name: 'Detalhes (opcional)' }).fill('Vai pensar.');
  await decline.getByRole('button', { name: 'Registrar recusa' }).click();
  await expect(decline).toBeHidden();
  await expect(page.getByText('Recusada', { exact: true })).toBeVisible();
  await expect(page.getByText(/registrada pela equipe · Preço · "Vai pensar\."/)).toBeVisible();

  // Version 1 says it was replaced and links to the new one.
  await page.goto(`/propostas/${id}`);
  await expect(page.getByText('Substituída', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abrir a versão mais recente' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nova versão' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the client list searches by name and the detail fits the screen', async ({ page }) => {
    const clientName = uniqueName('João Sebastião');
    await signInAsNewUser(page, 'professional');
    await page.goto('/clientes/novo');
    await page.getByRole('textbox', { name: 'Nome completo' }).fill(clientName);
    await page.getByRole('button', { name: 'Salvar cliente' }).click();
    await expect(page).toHaveURL(/\/clientes\/\d+$/);

    await page.goto('/clientes');
    // Accent-insensitive, on the server.
    await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill('joao sebastiao');
    // The filtered answer first: the unfiltered list holds her too, and tapping her there while
    // the shorter list replaces it lands on whatever moved under the finger.
    const results = page.getByRole('main').getByRole('listitem');
    await expect(results.filter({ hasNotText: /João Sebastião/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: clientName })).toBeVisible();
    await page.getByRole('link', { name: clientName }).click();
    await expect(page.getByRole('heading', { level: 1, name: clientName })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });

  test('the builder warns, as it is added, of a procedure the client is allergic to', async ({
    page,
  }) => {
    const clientName = uniqueName('Lara Cristina');
    await signInAsNewUser(page, 'professional');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const created = await page.request.post('/api/v1/clients/', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        full_name: clientName,
        consents: [
          { purpose: 'health_data', granted: true, text_version: 'v1', channel: 'presencial' },
        ],
        allergies: ['Alergia a látex'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/montar-pacote');
    // The client is chosen first: the builder holds the record against every procedure.
    await page.getByRole('textbox', { name: 'Cliente cadastrado' }).fill(clientName);
    await page.getByRole('option', { name: new RegExp(clientName) }).click();
    await page.getByRole('button', { name: /^Pacote Rejuvenescimento 4/ }).click();
    const microneedling = page
      .getByRole('region', { name: 'Bloco A' })
      .getByRole('button', { name: /^Microagulhamento/ });
    // The clinical check (issue 26) words it on the card: a relative issue, kept beside the item.
    await expect(microneedling).toContainText('cautela (Alergia a látex)');
    await microneedling.click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    await page.getByRole('button', { name: 'Gerar Pacote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gerar proposta' });
    await expect(dialog.getByRole('textbox', { name: 'Cliente' })).toHaveValue(clientName);
    await dialog.getByRole('button', { name: 'Salvar proposta' }).click();
    await expect(page).toHaveURL(/\/propostas\/\d+$/);
    const clinical = page.getByRole('region', { name: 'Avisos clínicos' });
    await expect(clinical).toContainText('Microagulhamento');
    await expect(clinical).toContainText('látex');
  });
});
