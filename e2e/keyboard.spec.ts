import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiLogin,
  createUser,
  E2E_ADMIN,
  signInAs,
  signInAsAdmin,
  uniqueName,
} from './fixtures.ts';

/*
 * The sign-in, users administration and package builder flows with the keyboard alone: no
 * click anywhere, only Tab, Enter, Space, the arrows, Escape and typing.
 */

const MAX_TABS = 600;

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * Chooses `option` in a Mantine Select the keyboard way: focus it, move through the list with
 * ArrowDown (the first press opens it) and take the highlighted option with Enter.
 */
async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  await tabTo(page, select);
  const listbox = page.getByRole('listbox');
  const highlighted = listbox.locator('[data-combobox-selected]');
  for (let presses = 0; presses < 20; presses++) {
    await page.keyboard.press('ArrowDown');
    await expect(listbox).toBeVisible();
    if ((await highlighted.count()) === 1 && (await highlighted.innerText()).trim() === option) {
      await page.keyboard.press('Enter');
      await expect(listbox).toBeHidden();
      await expect(select).toHaveValue(option);
      return;
    }
  }
  throw new Error(`ArrowDown never reached the option ${option}`);
}

test('a professional signs in at /login with the keyboard alone', async ({ page }) => {
  const professional = await createUser(page.request, 'professional');
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(professional.email);
  await tabTo(page, page.getByLabel(/^Senha/));
  await page.keyboard.type(professional.password);
  // Enter in the form submits it, as on any login form.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page.getByRole('heading', { name: `Bem-vindo(a), ${professional.name}` }),
  ).toBeVisible();
});

test('an admin signs in and creates, edits, inactivates and deletes a user by keyboard', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(E2E_ADMIN.email);
  await tabTo(page, page.getByLabel(/^Senha/));
  await page.keyboard.type(E2E_ADMIN.password);
  await tabTo(page, page.getByRole('button', { name: 'Entrar' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/users$/);

  // Create.
  const name = uniqueName('Teclado');
  const email = `teclado.${Date.now()}@teste.com.br`;
  const newUser = page.getByRole('button', { name: '+ Novo Usuário' });
  await tabTo(page, newUser);
  await page.keyboard.press('Enter');
  const create = page.getByRole('dialog', { name: 'Cadastro de Usuário' });
  await expect(create).toBeVisible();
  await tabTo(page, create.getByLabel('Nome'));
  await page.keyboard.type(name);
  await tabTo(page, create.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, create.getByLabel(/^Senha/));
  await page.keyboard.type('senha-forte-123');
  // Unidade is searchable: typing narrows the list, the arrows pick from what is left.
  const unit = create.getByRole('combobox', { name: 'Unidade' });
  await tabTo(page, unit);
  await page.keyboard.type('mor');
  await chooseOption(page, unit, 'MORUMBI');
  await chooseOption(page, create.getByRole('combobox', { name: 'Perfil' }), 'Gerente');
  await tabTo(page, create.getByRole('button', { name: 'Salvar' }));
  await page.keyboard.press('Enter');
  await expect(create).toBeHidden();
  // The dialog gives the focus back to the button that opened it.
  await expect(newUser).toBeFocused();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('MORUMBI');
  await expect(row).toContainText('Gerente');

  // Edit: the name changes.
  await tabTo(page, page.getByRole('button', { name: `Editar ${name}` }));
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Editar Usuário' });
  await expect(edit).toBeVisible();
  await tabTo(page, edit.getByLabel('Nome'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(`${name} Lima`);
  await tabTo(page, edit.getByRole('button', { name: 'Salvar' }));
  await page.keyboard.press('Enter');
  await expect(edit).toBeHidden();
  const renamed = `${name} Lima`;
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();
  // Back on the row's Editar button, now named after the new name.
  await expect(page.getByRole('button', { name: `Editar ${renamed}` })).toBeFocused();

  // Inactivate with Space, as on any button.
  await tabTo(page, page.getByRole('button', { name: `Inativar ${renamed}` }));
  await page.keyboard.press('Space');
  // The focus stays on the button while it saves, so the next Tab goes on from the row.
  await expect(page.getByRole('button', { name: `Ativar ${renamed}` })).toBeFocused();

  // Delete: the confirmation opens on the keyboard too; Escape first cancels it.
  const remove = page.getByRole('button', { name: `Excluir ${renamed}` });
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: `Excluir o usuário ${renamed}?` });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Excluir' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
  // The focus moves to the Excluir button of the row that took its place, not back to the top.
  await expect(page.locator(':focus')).toHaveAccessibleName(/^Excluir /);
});

test('a professional builds a package and saves the proposal by keyboard', async ({ page }) => {
  const professional = await createUser(page.request, 'professional');
  const clientName = uniqueName('Cliente Teclado');
  const { access_token: token } = await apiLogin(
    page.request,
    professional.email,
    professional.password,
  );
  const created = await page.request.post('/api/v1/clients/', {
    headers: { authorization: `Bearer ${token}` },
    data: { full_name: clientName },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signInAs(page, professional.email, professional.password);
  await page.goto('/home');
  await tabTo(page, page.getByRole('link', { name: 'Montar pacote' }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/montar-pacote$/);

  await tabTo(page, page.getByRole('button', { name: /^Pacote Rejuvenescimento 4/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Selecione os Procedimentos' })).toBeVisible();

  // Enter and Space each add a session of the focused procedure.
  const blockA = page.getByRole('region', { name: 'Bloco A' });
  const microneedling = blockA.getByRole('button', { name: /^Microagulhamento/ });
  await tabTo(page, microneedling);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(microneedling).toHaveAttribute('aria-pressed', 'true');
  await expect(microneedling).toContainText('2 sessões');

  // The details dialog opens from its button and gives the focus back when Escape closes it.
  const details = blockA.getByRole('button', { name: 'Ver detalhes de Microagulhamento' });
  await tabTo(page, details);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Microagulhamento' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(details).toBeFocused();

  const harmonization = page
    .getByRole('region', { name: 'Bloco D' })
    .getByRole('button', { name: /^Harmonização Facial/ });
  await tabTo(page, harmonization);
  await page.keyboard.press('Enter');
  await expect(harmonization).toHaveAttribute('aria-pressed', 'true');

  const panel = page.getByRole('complementary', { name: 'Resumo do Pacote' });
  await tabTo(page, panel.getByRole('button', { name: 'Gerar Pacote' }));
  await page.keyboard.press('Enter');
  // The dialog opens on the client search; type, arrow down, Enter, then save.
  const saveDialog = page.getByRole('dialog', { name: 'Gerar proposta' });
  const picker = saveDialog.getByRole('textbox', { name: 'Cliente' });
  await expect(picker).toBeFocused();
  await page.keyboard.type(clientName);
  await expect(page.getByRole('option', { name: new RegExp(clientName) })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue(clientName);
  await tabTo(page, saveDialog.getByRole('button', { name: 'Salvar proposta' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/propostas\/\d+$/);
  await expect(page.getByRole('row', { name: /Microagulhamento/ }).getByRole('cell')).toHaveText([
    'Microagulhamento',
    '2',
    /R\$\s390,00/,
    /R\$\s780,00/,
  ]);
  await expect(page.getByRole('row', { name: /Harmonização Facial/ }).getByRole('cell')).toHaveText(
    ['Harmonização Facial', '1', /R\$\s6\.500,00/, /R\$\s6\.500,00/],
  );
  // Avulso 780 + 6.500; the package's own price and its twelve instalments.
  await expect(page.getByRole('row', { name: /^Valor Total Avulso/ })).toContainText(
    /R\$\s7\.280,00/,
  );
  await expect(page.getByRole('row', { name: /^Valor do Pacote/ })).toContainText(
    /R\$\s14\.400,00/,
  );
  await expect(page.getByRole('row', { name: /^Valor Mensal \(12x\)/ })).toContainText(
    /R\$\s1\.200,00/,
  );
});

test('an admin already signed in reaches the users page by keyboard from the sidebar', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/services');
  await tabTo(page, page.getByRole('link', { name: 'Users' }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Gestão de Usuários' })).toBeVisible();
});
