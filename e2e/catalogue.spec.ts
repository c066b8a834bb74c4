import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { seriousAxeViolations } from './a11y.ts';
import { adminToken, signInAsAdmin, signInAsNewUser, uniqueName } from './fixtures.ts';

/** Creates a service through the admin API (test setup, not the flow under test). */
async function createService(
  request: APIRequestContext,
  body: { name: string; block?: string; value?: number; main_function?: string },
): Promise<{ id: number; name: string }> {
  const token = await adminToken(request);
  const res = await request.post('/api/v1/services/', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: body.name,
      block: body.block ?? 'A',
      value: body.value ?? 200,
      cost: 50,
      session_limit: 4,
      description: 'Procedimento criado pelo teste.',
      benefits: { main_function: body.main_function ?? null },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

function rowWith(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

async function pickOption(page: Page, combobox: Locator, search: string, option: string) {
  await combobox.click();
  await combobox.fill(search);
  await page.getByRole('option', { name: option }).click();
}

// A real 1×1 PNG; the API checks the magic bytes and the browser has to be able to draw it.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin creates, edits, deactivates and deletes a procedure', async ({ page }) => {
  const name = uniqueName('Criolipólise Teste');
  await signInAsAdmin(page);
  await page.goto('/admin/services');
  await expect(page.getByRole('heading', { name: 'Gestão de Serviços' })).toBeVisible();

  await page.getByRole('button', { name: '+ Novo Serviço' }).click();
  const create = page.getByRole('dialog', { name: 'Cadastro de Serviço' });
  await create.getByRole('textbox', { name: 'Nome' }).fill(name);
  await create.getByRole('combobox', { name: 'Bloco' }).click();
  await page.getByRole('option', { name: 'Bloco B' }).click();
  await create.getByRole('textbox', { name: 'Valor' }).fill('1.234,50');
  await create.getByRole('textbox', { name: 'Custo' }).fill('300,25');
  await create.getByRole('textbox', { name: 'Margem mínima (%)' }).fill('25');
  await create.getByRole('textbox', { name: 'Limite de sessões' }).fill('6');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await create.getByRole('button', { name: 'Salvar' }).click();
  await expect(create).toBeHidden();
  const row = rowWith(page, name);
  await expect(row).toContainText('R$ 1.234,50');
  await expect(row).toContainText('25,0%');
  await expect(row).toContainText('Ativo');

  // The same name in other case and without accents is refused with the SPEC text.
  await page.getByRole('button', { name: '+ Novo Serviço' }).click();
  await create.getByRole('textbox', { name: 'Nome' }).fill(
    name
      .toUpperCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, ''),
  );
  await create.getByRole('button', { name: 'Salvar' }).click();
  await expect(create.getByRole('alert')).toHaveText('Já existe um serviço com esse nome.');
  await page.keyboard.press('Escape');
  await expect(create).toBeHidden();

  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Serviço' });
  await expect(edit.getByRole('textbox', { name: 'Valor' })).toHaveValue('1.234,50');
  await edit.getByRole('textbox', { name: 'Valor' }).fill('1500');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('R$ 1.500,00');

  await row.getByRole('button', { name: `Inativar ${name}` }).click();
  await expect(row).toContainText('Inativo');
  await expect(row.getByRole('button', { name: `Ativar ${name}` })).toBeVisible();

  await row.getByRole('button', { name: `Excluir ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Excluir o serviço ${name}?` });
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(row).toHaveCount(0);

  // The page survives a reload with the same data, and dark mode keeps AA contrast.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(rowWith(page, name)).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('an admin manages a package with both procedure pickers', async ({ page }) => {
  const prefix = uniqueName('Proc');
  const [first, second, third] = [
    await createService(page.request, { name: `${prefix} Alfa` }),
    await createService(page.request, { name: `${prefix} Beta`, block: 'B' }),
    await createService(page.request, { name: `${prefix} Gama`, block: 'C' }),
  ];
  const name = uniqueName('Pacote Ouro');
  await signInAsAdmin(page);
  await page.goto('/admin/packages');
  await expect(page.getByRole('heading', { name: 'Pacotes' })).toBeVisible();

  await page.getByRole('button', { name: '+ Novo Pacote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cadastro de Pacote' });
  const allowed = dialog.getByRole('group', { name: 'Procedimentos permitidos' });
  const restricted = dialog.getByRole('group', { name: 'Procedimentos restritos' });
  // A new package starts with every procedure allowed.
  await expect(allowed.getByRole('checkbox', { name: 'Selecionar todos' })).toBeChecked();

  await dialog.getByRole('textbox', { name: 'Nome' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Valor anual' }).fill('12.000,00');
  await dialog.getByRole('textbox', { name: 'Desconto (%)' }).fill('10');
  await dialog.getByRole('textbox', { name: 'Bloco A' }).fill('2');
  await dialog.getByRole('textbox', { name: 'Bloco B' }).fill('1');

  await allowed.getByRole('checkbox', { name: 'Selecionar todos' }).uncheck();
  await allowed.getByRole('textbox').fill(prefix);
  await allowed.getByRole('checkbox', { name: new RegExp(`^${first.name}`) }).check();
  await allowed.getByRole('checkbox', { name: new RegExp(`^${third.name}`) }).check();
  await restricted.getByRole('textbox').fill(prefix);
  // Restricting a procedure takes it out of the allowed list.
  await restricted.getByRole('checkbox', { name: new RegExp(`^${third.name}`) }).check();
  await expect(
    allowed.getByRole('checkbox', { name: new RegExp(`^${third.name}`) }),
  ).not.toBeChecked();
  await allowed.getByRole('textbox').fill('zzz-nada');
  await expect(allowed.getByText('Nada encontrado.')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();

  const row = rowWith(page, name);
  await expect(row).toContainText('R$ 12.000,00');
  await expect(row).toContainText('10,0%');
  await expect(row).toContainText('2/1/0/0');
  await expect(row).toContainText(first.name);
  await expect(row).not.toContainText(third.name);

  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Pacote' });
  const editAllowed = edit.getByRole('group', { name: 'Procedimentos permitidos' });
  await editAllowed.getByRole('textbox').fill(prefix);
  await expect(
    editAllowed.getByRole('checkbox', { name: new RegExp(`^${first.name}`) }),
  ).toBeChecked();
  await editAllowed.getByRole('checkbox', { name: new RegExp(`^${second.name}`) }).check();
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(second.name);

  await row.getByRole('button', { name: `Inativar ${name}` }).click();
  await expect(row).toContainText('Inativo');

  await row.getByRole('button', { name: `Excluir ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Excluir o pacote "${name}"?` })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(row).toHaveCount(0);
});

test('an admin creates, edits and deletes a synergy relation', async ({ page }) => {
  const prefix = uniqueName('Sinergia');
  const first = await createService(page.request, { name: `${prefix} Um` });
  const second = await createService(page.request, { name: `${prefix} Dois`, block: 'B' });
  await signInAsAdmin(page);
  await page.goto('/admin/synergy');
  await expect(page.getByRole('heading', { name: 'Sinergias' })).toBeVisible();

  await page.getByRole('button', { name: '+ Nova Relação' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova Relação' });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Selecione o Serviço 1.')).toBeVisible();
  await expect(dialog.getByText('Informe a categoria.')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  const service1 = dialog.getByRole('combobox', { name: 'Serviço 1' });
  const service2 = dialog.getByRole('combobox', { name: 'Serviço 2' });
  await pickOption(page, service1, first.name, `${first.name} (Bloco A)`);
  await pickOption(page, service2, second.name, `${second.name} (Bloco B)`);
  await dialog.getByRole('button', { name: 'Trocar serviços' }).click();
  await expect(service1).toHaveValue(`${second.name} (Bloco B)`);
  await expect(service2).toHaveValue(`${first.name} (Bloco A)`);
  await dialog.getByRole('combobox', { name: 'Categoria' }).fill('gordura_localizada');
  await dialog.getByRole('textbox', { name: 'Boost %' }).fill('20');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();

  const row = rowWith(page, prefix);
  await expect(row.getByRole('cell').nth(1)).toHaveText(second.name);
  await expect(row.getByRole('cell').nth(2)).toHaveText(first.name);
  await expect(row).toContainText('20%');
  const id = (await row.getByRole('cell').first().textContent())?.trim() ?? '';

  await row.getByRole('button', { name: `Editar relação #${id}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar Relação #${id}` });
  await edit.getByRole('textbox', { name: 'Boost %' }).fill('35');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('35%');

  await row.getByRole('button', { name: `Excluir relação #${id}` }).click();
  await page
    .getByRole('dialog', { name: `Excluir a relação #${id}?` })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(row).toHaveCount(0);
});

test('a manager adds captioned photos and sees them in the detail dialog', async ({ page }) => {
  const service = await createService(page.request, {
    name: uniqueName('Peeling Fotos'),
    value: 350,
    main_function: 'Manchas',
  });
  const before = uniqueName('Antes');
  const after = uniqueName('Depois');

  await signInAsNewUser(page, 'manager');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/professional/editservices');
  await expect(page.getByRole('heading', { name: 'Edição de Procedimentos' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Pesquisar função' }).fill(service.name);
  const card = page.getByTestId('procedure-card').filter({ hasText: service.name });
  await expect(card).toContainText('R$ 350,00');
  await expect(card).toContainText('0/4');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await card.getByRole('button', { name: `Editar Fotos de ${service.name}` }).click();
  const editor = page.getByRole('dialog', { name: 'Editar Procedimento' });
  await expect(editor.getByRole('textbox', { name: 'Procedimento' })).toHaveValue(service.name);
  await expect(editor.getByText('Sem fotos')).toBeVisible();
  await editor.getByLabel('Adicionar fotos').setInputFiles([
    { name: 'antes.png', mimeType: 'image/png', buffer: PNG_1X1 },
    { name: 'depois.png', mimeType: 'image/png', buffer: PNG_1X1 },
  ]);
  await editor.getByRole('textbox', { name: 'Legenda da foto 1' }).fill(before);
  await editor.getByRole('textbox', { name: 'Legenda da foto 2' }).fill(after);
  await editor.getByRole('button', { name: 'Salvar' }).click();
  await expect(editor).toBeHidden();
  await expect(card).toContainText('2/4');

  await page.reload();
  await page.getByRole('searchbox', { name: 'Pesquisar função' }).fill(service.name);
  await expect(card).toContainText('2/4');
  // A 2-second press on the card opens the details: the button stays down until they show.
  const box = await card.boundingBox();
  if (!box) throw new Error('card not visible');
  const detail = page.getByRole('dialog', { name: service.name });
  await page.mouse.move(box.x + 24, box.y + 16);
  await page.mouse.down();
  await expect(detail).toBeVisible();
  await page.mouse.up();
  await expect(detail).toBeVisible();
  await expect(detail.getByText('MAX. SESS.')).toBeVisible();
  await expect(detail).toContainText('R$ 350,00');
  const firstImage = detail.getByRole('img', { name: before });
  await expect(firstImage).toBeVisible();
  // The signed URL loads without a bearer header.
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await detail.getByRole('button', { name: 'Próxima foto' }).click();
  await expect(detail.getByRole('img', { name: after })).toBeVisible();

  await detail.getByRole('button', { name: 'Ampliar foto 2 de 2' }).click();
  const viewer = page.getByRole('dialog', { name: `${service.name} — 2 / 2` });
  await expect(viewer).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: `${service.name} — 1 / 2` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: `${service.name} — 1 / 2` })).toBeHidden();
  await expect(detail).toBeVisible();
  await detail.getByRole('button', { name: 'Voltar' }).click();
  await expect(detail).toBeHidden();
});

test('status badges keep their whole word on a laptop screen', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // A long procedure name presses the table for room, as a real catalogue does.
  await createService(page.request, {
    name: uniqueName('Radiofrequência Microagulhada Facial Completa'),
  });
  await signInAsAdmin(page);
  for (const path of ['/admin/services', '/admin/packages', '/admin/users']) {
    await page.goto(path);
    const badges = page.getByRole('table').locator('.mantine-Badge-label');
    await expect(badges.first()).toBeVisible();
    const cut = await badges.evaluateAll((labels) =>
      labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent),
    );
    expect(cut, `${path}: rótulos cortados`).toEqual([]);
  }
});
