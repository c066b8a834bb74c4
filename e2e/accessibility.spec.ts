import { expect, test, type Page } from '@playwright/test';
import { seriousAxeViolations } from './a11y.ts';
import { adminToken, signInAsAdmin, signInAsNewUser } from './fixtures.ts';

/*
 * axe-core on every screen of the router (apps/web/src/app/router.tsx), in light and in dark
 * mode, with zero serious or critical findings; each admin screen (and the builder) also with its
 * main dialog open. The flows themselves are tested in the other specs: here each screen is only
 * reached and read.
 */

type Scheme = 'light' | 'dark';
type Visitor = 'nobody' | 'professional' | 'admin';

interface Screen {
  name: string;
  visitor: Visitor;
  /** Opens the screen in the state to check; the page is already signed in as `visitor`. */
  open: (page: Page) => Promise<void>;
  /** The screen's main dialog, checked as well: the button that opens it and its title. */
  dialog?: { button: string; title: string };
}

/** Waits for the page's main heading and for no list still loading. */
async function settled(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Carregando/ })).toHaveCount(0);
}

function visit(path: string, heading: string | RegExp) {
  return async (page: Page) => {
    await page.goto(path);
    await settled(page, heading);
  };
}

async function openBuilderProcedures(page: Page): Promise<void> {
  await visit('/montar-pacote', 'Selecione o Pacote')(page);
  await page.getByRole('button', { name: /^Pacote Rejuvenescimento 4/ }).click();
  await settled(page, 'Selecione os Procedimentos');
}

async function openReceipt(page: Page): Promise<void> {
  await openBuilderProcedures(page);
  const microneedling = page
    .getByRole('region', { name: 'Bloco A' })
    .getByRole('button', { name: /^Microagulhamento/ });
  await microneedling.click();
  await expect(microneedling).toHaveAttribute('aria-pressed', 'true');
  await page
    .getByRole('complementary', { name: 'Resumo do Pacote' })
    .getByRole('button', { name: 'Gerar Pacote' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Gerar proposta' });
  await dialog.getByText('Novo cliente').click();
  await dialog.getByRole('textbox', { name: 'Nome completo' }).fill('Cliente Acessível');
  await dialog.getByRole('button', { name: 'Salvar cliente e proposta' }).click();
  await expect(page).toHaveURL(/\/propostas\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Resumo do Pacote' })).toBeVisible();
}

/** The new-client form with the health-data consent ticked, so the sensitive fields show. */
async function openNewClient(page: Page): Promise<void> {
  await visit('/clientes/novo', 'Novo cliente')(page);
  await page.getByRole('checkbox', { name: /^Dados de saúde/ }).check();
  await expect(page.getByRole('combobox', { name: /Alergias ou aversões/ })).toBeVisible();
}

/** A client with consent and an allergy, read by an admin (access log shown). */
async function openClientDetail(page: Page): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/v1/clients/', {
    headers,
    data: { full_name: 'Cliente Acessível', phone: '11 97777-6666', unit: 'PAULISTA' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const consent = await page.request.post(`/api/v1/clients/${id}/consents`, {
    headers,
    data: { purpose: 'health_data', granted: true, text_version: 'v1', channel: 'presencial' },
  });
  expect(consent.status(), await consent.text()).toBe(201);
  await page.request.patch(`/api/v1/clients/${id}`, { headers, data: { allergies: ['Látex'] } });
  await visit(`/clientes/${id}`, 'Cliente Acessível')(page);
  await expect(page.getByRole('heading', { name: 'Registro de acessos' })).toBeVisible();
}

async function openTrainingDetail(page: Page): Promise<void> {
  const res = await page.request.get('/api/v1/trainings/?limit=1', {
    headers: { authorization: `Bearer ${await adminToken(page.request)}` },
  });
  expect(res.status()).toBe(200);
  const [training] = (await res.json()) as Array<{ id: number; title: string }>;
  if (!training) throw new Error('The demo seed has no training');
  await visit(`/professional/trainings/${training.id}`, training.title)(page);
}

/** With a configuration chosen, so its details panel is read too. */
async function openPromptAi(page: Page): Promise<void> {
  await visit('/admin/prompt-ai', 'Prompt - AI')(page);
  await page.getByRole('button', { name: 'sinergias', exact: true }).click();
  await expect(page.getByText('Prompt (contexto)')).toBeVisible();
}

const SCREENS: Screen[] = [
  // Public
  { name: 'login', visitor: 'nobody', open: visit('/login', 'Bem-vindo(a) de volta') },
  { name: 'admin login', visitor: 'nobody', open: visit('/admin/login', 'Login administrativo') },
  { name: 'register', visitor: 'nobody', open: visit('/register', 'Criar conta') },
  {
    name: 'forgot password',
    visitor: 'nobody',
    open: visit('/forgot-password', 'Esqueci minha senha'),
  },
  {
    name: 'reset password',
    visitor: 'nobody',
    open: visit('/reset-password?token=token-de-teste', 'Redefinir senha'),
  },
  { name: 'not found', visitor: 'nobody', open: visit('/nao-existe', 'Página não encontrada') },

  // Professional
  { name: 'home', visitor: 'professional', open: visit('/home', /^Bem-vindo\(a\)/) },
  {
    name: 'builder, package choice',
    visitor: 'professional',
    open: visit('/montar-pacote', 'Selecione o Pacote'),
  },
  {
    name: 'builder, procedures',
    visitor: 'professional',
    open: openBuilderProcedures,
    dialog: { button: 'Ver detalhes de Microagulhamento', title: 'Microagulhamento' },
  },
  {
    name: 'builder, saved proposal',
    visitor: 'professional',
    open: openReceipt,
    dialog: { button: 'Registrar recusa', title: 'Registrar recusa' },
  },
  { name: 'clients', visitor: 'professional', open: visit('/clientes', 'Clientes') },
  { name: 'new client, health consent given', visitor: 'professional', open: openNewClient },
  {
    name: 'client detail',
    visitor: 'admin',
    open: openClientDetail,
    dialog: { button: 'Anonimizar', title: 'Anonimizar cliente' },
  },
  {
    name: 'client edit',
    visitor: 'admin',
    open: openClientDetail,
    dialog: { button: 'Editar', title: 'Editar cliente' },
  },
  { name: 'proposals', visitor: 'professional', open: visit('/propostas', 'Propostas') },
  {
    name: 'procedures and photos',
    visitor: 'professional',
    open: visit('/professional/editservices', 'Edição de Procedimentos'),
  },
  {
    name: 'training library',
    visitor: 'professional',
    open: visit('/professional/trainings', 'Treinamentos'),
  },
  { name: 'training detail', visitor: 'professional', open: openTrainingDetail },

  // Admin
  {
    name: 'users',
    visitor: 'admin',
    open: visit('/admin/users', 'Gestão de Usuários'),
    dialog: { button: '+ Novo Usuário', title: 'Cadastro de Usuário' },
  },
  {
    name: 'services',
    visitor: 'admin',
    open: visit('/admin/services', 'Gestão de Serviços'),
    dialog: { button: '+ Novo Serviço', title: 'Cadastro de Serviço' },
  },
  {
    name: 'packages',
    visitor: 'admin',
    open: visit('/admin/packages', 'Pacotes'),
    dialog: { button: '+ Novo Pacote', title: 'Cadastro de Pacote' },
  },
  {
    name: 'synergies',
    visitor: 'admin',
    open: visit('/admin/synergy', 'Sinergias'),
    dialog: { button: '+ Nova Relação', title: 'Nova Relação' },
  },
  {
    name: 'notices',
    visitor: 'admin',
    open: visit('/admin/notices', 'Gestão de Notificações'),
    dialog: { button: '+ Nova notice', title: 'Nova notice' },
  },
  {
    name: 'trainings',
    visitor: 'admin',
    open: visit('/admin/trainings', 'Gestão de Treinamentos'),
    dialog: { button: '+ Adicionar', title: 'Novo Treinamento' },
  },
  {
    name: 'AI prompts',
    visitor: 'admin',
    open: openPromptAi,
    dialog: { button: 'Editar prompt', title: 'Editar prompt (IA)' },
  },
];

async function signIn(page: Page, visitor: Visitor): Promise<void> {
  if (visitor === 'professional') await signInAsNewUser(page, 'professional');
  else if (visitor === 'admin') await signInAsAdmin(page);
}

/** Remembers the scheme the way the app's toggle does, before the app's first paint reads it. */
async function chooseScheme(page: Page, scheme: Scheme): Promise<void> {
  // The opposite system preference: the page can only be in `scheme` if the app applied it.
  await page.emulateMedia({ colorScheme: scheme === 'dark' ? 'light' : 'dark' });
  await page.addInitScript((value) => {
    // Key of localStorageColorSchemeManager in apps/web/src/app/providers.tsx. Only the first
    // page's: a choice made later in the test is not undone by the next page.
    if (localStorage.getItem('portal-color-scheme') === null) {
      localStorage.setItem('portal-color-scheme', value);
    }
  }, scheme);
}

/** The open screen's dialog, if it has one: opened, checked, and left open. */
async function checkDialog(page: Page, screen: Screen, scheme: Scheme): Promise<void> {
  if (!screen.dialog) return;
  await page.getByRole('button', { name: screen.dialog.button, exact: true }).click();
  await expect(page.getByRole('dialog', { name: screen.dialog.title })).toBeVisible();
  expect(await seriousAxeViolations(page), `${scheme}, dialog open`).toEqual([]);
}

/*
 * One sign-in per screen, both schemes: light as remembered before the first paint, then dark
 * the way a user gets it — the header's toggle on a signed-in screen (the state on screen kept),
 * the remembered choice and the page again on a signed-out one (no toggle there).
 */
for (const screen of SCREENS) {
  const title = screen.dialog
    ? `${screen.name}, also with '${screen.dialog.title}' open`
    : screen.name;

  test(`no serious or critical axe finding: ${title} (light and dark)`, async ({ page }) => {
    // Two schemes, and for an admin screen its dialog twice: twice the work of one check.
    test.setTimeout(120_000);
    await chooseScheme(page, 'light');
    await signIn(page, screen.visitor);
    await screen.open(page);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await seriousAxeViolations(page), 'light').toEqual([]);
    await checkDialog(page, screen, 'light');

    if (screen.dialog) {
      // Closed by its own button: a focused editor in it may keep Escape for itself.
      const dialog = page.getByRole('dialog', { name: screen.dialog.title });
      await dialog.getByRole('button', { name: 'Fechar' }).first().click();
      await expect(dialog).toBeHidden();
    }
    // The system says light: the page can only turn dark because the app did it.
    await page.emulateMedia({ colorScheme: 'light' });
    if (screen.visitor === 'nobody') {
      await page.evaluate(() => localStorage.setItem('portal-color-scheme', 'dark'));
      await screen.open(page);
    } else {
      await page.getByRole('button', { name: 'Ativar modo escuro' }).click();
    }
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await seriousAxeViolations(page), 'dark').toEqual([]);
    await checkDialog(page, screen, 'dark');
  });
}

/**
 * The public proposal page (/p/{token}) is server-rendered HTML outside the app: it follows the
 * phone's own scheme (prefers-color-scheme), so each scheme is emulated directly.
 */
async function sentProposalUrl(page: Page): Promise<string> {
  const token = await adminToken(page.request);
  const headers = { authorization: `Bearer ${token}` };
  const client = await page.request.post('/api/v1/clients/', {
    headers,
    data: { full_name: 'Cliente Acessível', phone: '11 97777-6666', unit: 'PAULISTA' },
  });
  expect(client.status(), await client.text()).toBe(201);
  const packages = await page.request.get('/api/v1/packages/', { headers });
  const services = await page.request.get('/api/v1/services/', { headers });
  const pkg = ((await packages.json()) as Array<{ id: number; name: string }>).find((p) =>
    p.name.startsWith('Pacote Rejuvenescimento 4'),
  );
  const microneedling = ((await services.json()) as Array<{ id: number; name: string }>).find(
    (s) => s.name === 'Microagulhamento',
  );
  if (!pkg || !microneedling) throw new Error('The demo seed changed');
  const proposal = await page.request.post('/api/v1/proposals/', {
    headers,
    data: {
      client_id: ((await client.json()) as { id: number }).id,
      package_id: pkg.id,
      blocks: { A: [microneedling.id] },
    },
  });
  expect(proposal.status(), await proposal.text()).toBe(201);
  const { id } = (await proposal.json()) as { id: number };
  const sent = await page.request.post(`/api/v1/proposals/${id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return ((await sent.json()) as { public_url: string }).public_url;
}

for (const scheme of ['light', 'dark'] as const) {
  test(`no serious or critical axe finding: public proposal page on a phone (${scheme})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(await sentProposalUrl(page));
    await expect(page.getByRole('heading', { level: 1, name: /^Proposta para / })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The decline form, folded by default, is checked open too.
    await page.getByText('Recusar a proposta', { exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Conte o motivo (opcional)' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
}
