import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { adminToken, createUser, E2E_ADMIN, signInAs } from './fixtures.ts';

test('an admin signs in and manages a user through the whole lifecycle', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel(/^Senha/).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);

  const name = `Paula Teste ${crypto.randomBytes(2).toString('hex')}`;
  const email = `paula.${crypto.randomBytes(3).toString('hex')}@teste.com.br`;
  await page.getByRole('button', { name: '+ Novo Usuário' }).click();
  const create = page.getByRole('dialog', { name: 'Cadastro de Usuário' });
  await create.getByLabel('Nome').fill(name);
  await create.getByLabel('Email').fill(email);
  await create.getByLabel(/^Senha/).fill('senha-forte-123');
  await create.getByRole('button', { name: 'Salvar' }).click();
  await expect(create).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();

  // A duplicate email is refused with the server's pt-BR message.
  await page.getByRole('button', { name: '+ Novo Usuário' }).click();
  const dup = page.getByRole('dialog', { name: 'Cadastro de Usuário' });
  await dup.getByLabel('Nome').fill('Outra Pessoa');
  await dup.getByLabel('Email').fill(email.toUpperCase());
  await dup.getByLabel(/^Senha/).fill('senha-forte-123');
  await dup.getByRole('button', { name: 'Salvar' }).click();
  await expect(dup.getByText('Email já cadastrado.')).toBeVisible();
  await dup.getByRole('button', { name: 'Fechar' }).click();

  await page.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Usuário' });
  await expect(edit.getByLabel('Email')).toHaveValue(email);
  await expect(edit.getByLabel('Email')).not.toBeEditable();
  await edit.getByLabel('Nome').fill(`${name} Silva`);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  const renamed = page.getByRole('row', { name: new RegExp(`${name} Silva`) });
  await expect(renamed).toBeVisible();

  await page.getByRole('button', { name: `Inativar ${name} Silva` }).click();
  await expect(page.getByRole('button', { name: `Ativar ${name} Silva` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: `Ativar ${name} Silva` })).toBeVisible();

  await page.getByRole('button', { name: `Excluir ${name} Silva` }).click();
  const confirm = page.getByRole('dialog', { name: `Excluir o usuário ${name} Silva?` });
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(renamed).toBeHidden();
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('a new professional registers, waits for approval, is activated and lands on /home', async ({
  page,
  request,
}) => {
  const name = `Rafaela Nova ${crypto.randomBytes(2).toString('hex')}`;
  const email = `rafaela.${crypto.randomBytes(3).toString('hex')}@teste.com.br`;
  await page.goto('/register');
  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Senha/).fill('senha-forte-123');
  await page.getByLabel('Confirmar senha').fill('senha-forte-12');
  await expect(page.getByText('Senhas conferem ✔')).toBeHidden();
  await page.getByLabel('Confirmar senha').fill('senha-forte-123');
  await expect(page.getByText('Senhas conferem ✔')).toBeVisible();
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // Pending: the sign-in is refused with the pt-BR message.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Senha/).fill('senha-forte-123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(
    page.getByText('Seu cadastro está aguardando aprovação de um administrador.'),
  ).toBeVisible();

  // The admin activates the account.
  const token = await adminToken(request);
  const users = (await (
    await request.get('/api/v1/users/', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: number; email: string; status: string }[];
  const pending = users.find((u) => u.email === email);
  expect(pending?.status).toBe('pending');
  const activated = await request.patch(`/api/v1/users/${pending!.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { status: 'active' },
  });
  expect(activated.status()).toBe(200);

  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Bem-vindo(a), ${name}` })).toBeVisible();
});

test('a professional opening /admin/users is sent to /home; no token goes to /admin/login', async ({
  page,
}) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);

  const professional = await createUser(page.request, 'professional');
  await signInAs(page, professional.email, professional.password);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/home$/);
});

test('a guarded page remembers where the user was going', async ({ page }) => {
  const professional = await createUser(page.request, 'professional');
  await page.goto('/professional/trainings');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(professional.email);
  await page.getByLabel(/^Senha/).fill(professional.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/professional\/trainings$/);
});

test('dark mode survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const professional = await createUser(page.request, 'professional');
  await signInAs(page, professional.email, professional.password);
  await page.goto('/home');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Ativar modo escuro' }).first().click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test("the remembered scheme paints the boot splash before the app's code arrives, under the CSP", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('portal-color-scheme', 'dark'));
  // Without its JavaScript the page is only the HTML: the splash, in the remembered scheme.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('status')).toContainText('Portal Estética');
  expect(violations).toEqual([]);

  // With it, the app replaces the splash with the styled sign-in form.
  await page.unroute('**/assets/*.js');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.locator('.boot-splash')).toHaveCount(0);
  // The app's stylesheet is preloaded by the HTML (not holding the splash) and applied by the app.
  await expect(page.locator('link[data-app-stylesheet]')).toHaveCount(1);
  const applied = await page.evaluate(() =>
    Array.from(document.querySelectorAll('link[data-app-stylesheet]')).every(
      (link) => (link as HTMLLinkElement).rel === 'stylesheet' && (link as HTMLLinkElement).sheet,
    ),
  );
  expect(applied).toBe(true);
  expect(violations).toEqual([]);
});
