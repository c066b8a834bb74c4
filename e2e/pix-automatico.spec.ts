import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  apiPixSettingsOf,
  startPixStandIn,
  type StandIn,
} from '../apps/api/test/billing/pix-stand-in.ts';
import { seriousAxeViolations } from './a11y.ts';
import { E2E_PORT } from './env.ts';
import {
  adminToken,
  apiLogin,
  createUser,
  demoCatalogue,
  signInAs,
  uniqueName,
} from './fixtures.ts';

/*
 * Issue 29, Pix Automático end to end (journey 3), at unit BOURBON with the local stand-in of
 * the API Pix (apps/api/test/billing/pix-stand-in.ts) as its institution: the client accepts on
 * her phone and, on the same page, finds one QR that pays the first instalment and authorises
 * the rest; her bank's webhooks mark it paid and authorised; the manager sees it on the
 * contract; when she cancels the authorisation in her bank, 'Cobranças' lists her and her link
 * offers the unit's Pix code instead. Screenshots (390 and 1366 px, light and dark) go to
 * test-results/pix-automatico/.
 */

const UNIT = 'BOURBON';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SHOTS = path.resolve(import.meta.dirname, '..', 'test-results', 'pix-automatico');
const SECRET = 'segredo-bourbon-e2e-0123456789';
const PIX_KEY = '123e4567-e12b-12d1-a456-426655440000';

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** The client's server-drawn page at both widths and in both schemes, checked by axe. */
async function shootLink(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await noSidewaysScroll(page);
      await page.screenshot({
        path: path.join(SHOTS, `${name}-${viewport.width}-${scheme}.png`),
        fullPage: true,
      });
    }
    expect(await seriousAxeViolations(page), `${name} (${scheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(PHONE);
}

async function phonePage(browser: Browser) {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  return context.newPage();
}

let standIn: StandIn;
test.beforeAll(async () => {
  standIn = await startPixStandIn();
});
test.afterAll(async () => {
  await standIn.close();
});

test('Pix Automático: accept, pay and authorise with one QR; cancelled in her bank, chased', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // The admin gives BOURBON its institution: API Pix access, account and webhook secret.
  const admin = { authorization: `Bearer ${await adminToken(request)}` };
  const settings = await request.patch(`/api/v1/units/${UNIT}/billing`, {
    headers: admin,
    data: {
      ...apiPixSettingsOf(standIn, {
        pixKey: PIX_KEY,
        webhookSecret: SECRET,
        merchantName: 'Clinica Bourbon',
      }),
      account_branch: '0001',
      account_number: '7654321',
      account_type: 'CORRENTE',
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  standIn.useWebhooks(
    `http://127.0.0.1:${E2E_PORT}/api/v1/payments/webhooks/api_pix?unidade=${UNIT}&segredo=${SECRET}&ignorar=`,
  );

  // A client with CPF and phone; her proposal sent as a link.
  const manager = await createUser(request, 'manager', uniqueName('Gerente Bourbon'), UNIT);
  const { access_token: token } = await apiLogin(request, manager.email, manager.password);
  const headers = { authorization: `Bearer ${token}` };
  const clientName = uniqueName('Renata Automática');
  const client = await request.post('/api/v1/clients/', {
    headers,
    data: { full_name: clientName, phone: '(11) 97777-4321', cpf: '390.533.447-05' },
  });
  expect(client.status(), await client.text()).toBe(201);
  const { pkg, microneedling } = await demoCatalogue(request, token);
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
  const sent = await request.post(`/api/v1/proposals/${proposalId}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const { public_url: publicUrl } = (await sent.json()) as { public_url: string };

  // On her phone: she accepts, and the same page asks her to pay and authorise.
  const phone = await phonePage(browser);
  await phone.goto(publicUrl);
  await phone.getByRole('textbox', { name: 'Seu nome completo' }).fill(clientName);
  await phone.getByRole('checkbox').check();
  await phone.getByRole('button', { name: 'Aceitar proposta' }).click();
  const payments = phone.getByRole('region', { name: 'Pagamentos' });
  await expect(
    payments.getByRole('heading', { name: /Pagar a 1ª parcela e ativar o Pix Automático/ }),
  ).toBeVisible();
  await expect(payments).toContainText('você também autoriza o Pix Automático das outras 11');
  await expect(payments.getByRole('img', { name: 'QR Code Pix' })).toBeVisible();
  const code = await payments.getByRole('textbox', { name: 'Pix copia e cola' }).inputValue();
  expect(code).toMatch(/^000201010212.*br\.gov\.bcb\.pix.*\/rec\//);
  await shootLink(phone, 'link-pagar-e-autorizar');

  // Her bank: the first Pix paid and the authorisation approved (the institution's webhooks).
  const [idRec] = [...standIn.recs.keys()];
  const done = await standIn.payAndAuthorise(idRec ?? '');
  expect([done.pix, done.rec]).toEqual([200, 200]);
  await phone.reload();
  await expect(payments).toContainText(
    'Pix Automático autorizado: seu banco debita cada parcela no vencimento.',
  );
  await expect(payments.getByRole('listitem').first()).toContainText('Paga');
  await expect(payments).toContainText('será debitada pelo Pix Automático em');
  await expect(payments.getByRole('img', { name: 'QR Code Pix' })).toHaveCount(0);

  // The manager's contract page says how she pays.
  const list = await request.get('/api/v1/contracts/?limit=100', { headers });
  const contract = ((await list.json()) as { id: number; proposal_id: number }[]).find(
    (row) => row.proposal_id === proposalId,
  );
  expect(contract).toBeDefined();
  await signInAs(page, manager.email, manager.password);
  await page.goto(`/contratos/${contract?.id ?? 0}`);
  const section = page.getByRole('region', { name: 'Pagamentos' });
  await expect(section.getByText('Autorização do Pix Automático:')).toBeVisible({
    timeout: 30_000,
  });
  await expect(section).toContainText('Autorizada');
  await expect(section).toContainText('Pix Automático');

  // She cancels the authorisation in her bank: 'Cobranças' lists her next instalment.
  expect((await standIn.recStatus(idRec ?? '', 'CANCELADA')).status).toBe(200);
  await page.goto('/cobrancas');
  const cancelled = page.getByRole('region', { name: /^Pix Automático cancelado/ });
  const row = cancelled.getByRole('listitem', { name: `${clientName}, parcela 2/12` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pix Automático: Cancelada');
  await expect(
    row.getByRole('link', { name: `Enviar 2ª via a ${clientName} pelo WhatsApp` }),
  ).toHaveAttribute('href', /^https:\/\/wa\.me\/5511977774321\?text=/);
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate((value) => localStorage.setItem('portal-color-scheme', value), scheme);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.reload();
      await expect(row).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await noSidewaysScroll(page);
      await page.screenshot({
        path: path.join(SHOTS, `cobrancas-${viewport.width}-${scheme}.png`),
        fullPage: true,
      });
    }
    expect(await seriousAxeViolations(page), `cobrancas (${scheme})`).toEqual([]);
  }
  await page.evaluate(() => localStorage.setItem('portal-color-scheme', 'light'));

  // Her link now offers the unit's own Pix code for the next instalment.
  await phone.reload();
  await expect(payments).toContainText(
    'A autorização do Pix Automático foi cancelada: pague as próximas parcelas pelo código Pix.',
  );
  await expect(payments.getByRole('heading', { name: /Pagar a 2ª parcela/ })).toBeVisible();
  expect(await payments.getByRole('textbox', { name: 'Pix copia e cola' }).inputValue()).toContain(
    PIX_KEY,
  );
  await shootLink(phone, 'link-autorizacao-cancelada');
  await phone.context().close();
  expect(standIn.invalid).toEqual([]);
});
