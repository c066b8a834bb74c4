import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SERVICE_MESSAGES, type ClinicalTraits } from '@portal/domain';
import { makeService } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { recordRequests, server, writesIn } from '../../../test/msw-server';
import { clickTwiceBeforeRender, queryOf, renderWithProviders } from '../../../test/test-utils';
import ServicesPage from './services-page';
import type { Service } from '../../../api/catalogue/services';

const SERVICES = [
  makeService({ id: 1, name: 'Criolipólise', block: 'A', value: 1500, photos_count: 2 }),
  makeService({ id: 2, name: 'Drenagem', block: 'A', status: 'inactive' }),
  makeService({
    id: 3,
    name: 'Peeling',
    block: 'C',
    min_margin_percent: 12.5,
    session_limit: 6,
    benefits: { main_function: 'Manchas', benefit1: 'Uniformiza', benefit2: null, benefit3: null },
  }),
];

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`row ${name} not found`);
  return row;
}

/**
 * The catalogue lives in the MSW API, which searches, pages and writes as the server does;
 * returns the log of the requests the page sends.
 */
function api() {
  apiData.services = [...SERVICES];
  return recordRequests();
}

/** Typing char by char re-renders Mantine fields per key; pasting is as real and much faster. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

async function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<ServicesPage />);
  await screen.findByRole('table');
  return user;
}

describe('ServicesPage', () => {
  it('shows the counters, the columns and formatted values', async () => {
    api();
    renderWithProviders(<ServicesPage />);
    expect(screen.getByText('Carregando serviços...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      '#',
      'Nome',
      'Bloco',
      'Valor',
      'Margem mínima',
      'Limite Sessões',
      'Status',
      'Fotos',
      'Dados clínicos',
      'Ações',
    ]);
    const counter = (label: string) =>
      screen
        .getAllByText(label)
        .map((element) => element.closest('[data-stat-card]'))
        .find(Boolean)?.textContent;
    expect(counter('Total de serviços')).toBe('Total de serviços3');
    expect(counter('Ativos')).toBe('Ativos2');
    expect(counter('Inativos')).toBe('Inativos1');
    expect(counter('Bloco A')).toBe('Bloco A2');
    expect(counter('Bloco B')).toBe('Bloco B0');
    expect(counter('Bloco C')).toBe('Bloco C1');
    const crio = within(rowOf('Criolipólise'));
    expect(crio.getByText('R$ 1.500,00')).toBeInTheDocument();
    expect(crio.getByRole('button', { name: 'Inativar Criolipólise' })).toBeInTheDocument();
    const peeling = within(rowOf('Peeling'));
    expect(peeling.getByText('12,5%')).toBeInTheDocument();
    expect(peeling.getByText('6')).toBeInTheDocument();
  });

  it('creates a service with comma decimals, trimmed name and blank benefits dropped', async () => {
    const requests = api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Novo Serviço' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastro de Serviço' });
    const form = within(dialog);
    await fill(user, form.getByRole('textbox', { name: 'Nome' }), '  Laser ');
    await fill(user, form.getByRole('textbox', { name: 'Valor' }), '1.234,50');
    await fill(user, form.getByRole('textbox', { name: 'Custo' }), '300,25');
    await fill(user, form.getByRole('textbox', { name: 'Margem mínima (%)' }), '37,5');
    await fill(user, form.getByRole('textbox', { name: 'Benefício 1' }), '   ');
    await fill(user, form.getByRole('textbox', { name: 'Benefício 2' }), ' Firmeza ');
    await user.click(form.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBe(null));
    expect(writesIn(requests).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/v1/services/',
    ]);
    expect(writesIn(requests)[0]?.body).toEqual({
      name: 'Laser',
      description: '',
      block: 'A',
      status: 'active',
      value: 1234.5,
      cost: 300.25,
      min_margin_percent: 37.5,
      session_limit: 0,
      benefits: { main_function: null, benefit1: null, benefit2: 'Firmeza', benefit3: null },
      // The domain's create schema gives a service no traits unless some are chosen.
      traits: [],
      // No clinical data chosen: saved without it, and the list flags it (issue 26).
      clinical_traits: null,
    });
    // SPEC section 4: a create prepends the new item.
    const names = screen.getAllByRole('row').map((row) => row.children[1]?.textContent);
    expect(names[1]).toBe('Laser');
  });

  it.each([
    [
      'Limite de sessões',
      '2,5',
      'Limite de sessões deve ser um número inteiro maior ou igual a 0.',
    ],
    ['Limite de sessões', '-5', 'Limite de sessões deve ser um número inteiro maior ou igual a 0.'],
    ['Margem mínima (%)', '150', 'Margem mínima deve ser um número entre 0 e 100.'],
    ['Margem mínima (%)', '-5', 'Margem mínima deve ser um número entre 0 e 100.'],
    ['Valor', '-5', 'Valor não pode ser negativo.'],
  ])(
    'refuses %s "%s" with a message, sends nothing, and clears it once fixed',
    async (label, text, message) => {
      const requests = api();
      const user = await renderPage();
      await user.click(screen.getByRole('button', { name: '+ Novo Serviço' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Cadastro de Serviço' }));
      await fill(user, dialog.getByRole('textbox', { name: 'Nome' }), 'Laser');
      const field = dialog.getByRole('textbox', { name: label });
      await fill(user, field, text);
      // The field shows what was typed: no character dropped, nothing clamped.
      expect(field).toHaveValue(text);
      await user.click(dialog.getByRole('button', { name: 'Salvar' }));
      expect(await dialog.findByText(message)).toBeInTheDocument();
      expect(writesIn(requests)).toEqual([]);
      await fill(user, field, '3');
      await waitFor(() => expect(dialog.queryByText(message)).toBe(null));
    },
  );

  it('a double click on Salvar sends one POST', async () => {
    const requests = api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Novo Serviço' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cadastro de Serviço' }));
    await fill(user, dialog.getByRole('textbox', { name: 'Nome' }), 'Laser');
    clickTwiceBeforeRender(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Serviço criado.')).toBeInTheDocument();
    expect(writesIn(requests).map(({ method }) => method)).toEqual(['POST']);
  });

  it('refuses a blank name and shows the 409 text', async () => {
    api();
    server.use(http.post('/api/v1/services/', () => new HttpResponse(null, { status: 409 })));
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Novo Serviço' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cadastro de Serviço' }));
    await user.type(dialog.getByRole('textbox', { name: 'Nome' }), '   ');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(dialog.getByText('Nome é obrigatório.')).toBeInTheDocument();
    await fill(user, dialog.getByRole('textbox', { name: 'Nome' }), 'Peeling');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByText('Já existe um serviço com esse nome.')).toBeInTheDocument();
  });

  it('edits a service in "Editar Serviço" and closes on Escape', async () => {
    const requests = api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Editar Peeling' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Serviço' }));
    expect(dialog.getByDisplayValue('Manchas')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Margem mínima (%)' })).toHaveValue('12,5');
    await fill(user, dialog.getByRole('textbox', { name: 'Nome' }), 'Peeling Químico');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByRole('cell', { name: 'Peeling Químico' })).toBeVisible(),
    );
    expect(writesIn(requests)).toMatchObject([{ method: 'PATCH', path: '/api/v1/services/3' }]);
    expect(writesIn(requests)[0]?.body).toMatchObject({
      name: 'Peeling Químico',
      min_margin_percent: 12.5,
      session_limit: 6,
    });

    await user.click(screen.getByRole('button', { name: 'Editar Drenagem' }));
    await screen.findByRole('dialog', { name: 'Editar Serviço' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBe(null));
  });

  it('toggles with a status-only update and reports a failure', async () => {
    const requests = api();
    server.use(http.patch('/api/v1/services/1', () => new HttpResponse(null, { status: 500 })));
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Ativar Drenagem' }));
    await waitFor(() => expect(within(rowOf('Drenagem')).getByText('Ativo')).toBeVisible());
    expect(writesIn(requests)).toEqual([
      { method: 'PATCH', path: '/api/v1/services/2', body: { status: 'active' } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Inativar Criolipólise' }));
    expect(await screen.findByText('Não foi possível alterar o status.')).toBeInTheDocument();
  });

  it('asks "Excluir o serviço {name}?" and removes the row', async () => {
    const requests = api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Excluir Criolipólise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir o serviço Criolipólise?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Criolipólise' })).toBe(null));
    expect(writesIn(requests)).toEqual([
      { method: 'DELETE', path: '/api/v1/services/1', body: undefined },
    ]);
  });

  it('shows the empty state', async () => {
    apiData.services = [];
    renderWithProviders(<ServicesPage />);
    expect(await screen.findByText('Nenhum serviço encontrado')).toBeInTheDocument();
  });

  it('searches, filters, sorts and pages on the server and shows its total', async () => {
    apiData.services = Array.from({ length: 120 }, (_, index) =>
      makeService({
        id: index + 1,
        name: `Procedimento ${String(index + 1).padStart(3, '0')}`,
        block: index % 2 === 0 ? 'A' : 'B',
        value: 1000 + index,
      }),
    );
    const requests = recordRequests();
    renderWithProviders(<ServicesPage />, { route: '/admin/services?bloco=A&sort=-valor&page=2' });
    // 60 in block A, 50 a page: the second page holds the 10 cheapest, the dearest first.
    await screen.findByRole('cell', { name: 'Procedimento 019' });
    expect(screen.getAllByRole('row').map((row) => row.children[1]?.textContent)).toEqual([
      'Nome',
      ...[19, 17, 15, 13, 11, 9, 7, 5, 3, 1].map(
        (id) => `Procedimento ${String(id).padStart(3, '0')}`,
      ),
    ]);
    expect(screen.getByText('60 resultado(s)')).toBeInTheDocument();
    const paged = requests.filter(({ path }) => 'limit' in queryOf(path));
    expect(queryOf(paged.at(-1)?.path ?? '')).toEqual({
      block_eq: 'A',
      order: '-value',
      limit: '50',
      offset: '50',
    });
    // The counters still describe the whole catalogue.
    expect(
      screen.getByText('Total de serviços', { selector: 'p' }).parentElement,
    ).toHaveTextContent('120');
  });

  it('shows the error when the page cannot be read', async () => {
    server.use(
      http.get('/api/v1/services/', ({ request }) =>
        new URL(request.url).searchParams.has('limit')
          ? HttpResponse.json({ detail: 'Ordenação inválida.' }, { status: 422 })
          : HttpResponse.json([]),
      ),
    );
    renderWithProviders(<ServicesPage />);
    expect(await screen.findByText(SERVICE_MESSAGES.loadFailed)).toBeInTheDocument();
  });
});

const PEELING_TRAITS: ClinicalTraits = {
  techniques: ['ACI'],
  areas: ['rosto'],
  ingredients: ['acidos'],
  energy: [],
  anesthesia: 'nenhuma',
  brand: null,
  peel_depth: 'superficial',
  downtime_days: 3,
  bruising_days: 0,
  swelling_days: 1,
  sun_after_days: 14,
  min_interval_days: 21,
  event_lead_days: 7,
};

describe('ServicesPage: clinical traits (issue 26)', () => {
  it("flags the procedures saved without traits as 'Sem dados clínicos'", async () => {
    apiData.services = [
      { ...SERVICES[0]!, clinical_traits: null, traits_missing: true },
      { ...SERVICES[2]!, clinical_traits: PEELING_TRAITS, traits_missing: false },
    ] as Service[];
    await renderPage();
    expect(within(rowOf('Criolipólise')).getByText('Sem dados clínicos')).toBeInTheDocument();
    expect(within(rowOf('Peeling')).queryByText('Sem dados clínicos')).not.toBeInTheDocument();
    expect(within(rowOf('Peeling')).getByText('Completos')).toBeInTheDocument();
    const counter = screen
      .getAllByText('Sem dados clínicos')
      .map((element) => element.closest('[data-stat-card]'))
      .find(Boolean);
    expect(counter?.textContent).toBe('Sem dados clínicos1');
  });

  it("edits a procedure's traits and sends them as clinical_traits", async () => {
    apiData.services = [{ ...SERVICES[2]!, clinical_traits: PEELING_TRAITS }] as Service[];
    const requests = recordRequests();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Editar Peeling' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar Serviço' }));
    const sun = dialog.getByRole('textbox', { name: 'Dias sem sol depois' });
    expect(sun).toHaveValue('14');
    await fill(user, sun, '30');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(writesIn(requests)).toHaveLength(1));
    expect(writesIn(requests)[0]?.body).toMatchObject({
      clinical_traits: { ...PEELING_TRAITS, sun_after_days: 30 },
    });
  });

  it('refuses traits without a technique and sends nothing', async () => {
    const requests = api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Novo Serviço' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cadastro de Serviço' }));
    await fill(user, dialog.getByRole('textbox', { name: 'Nome' }), 'Laser');
    await fill(user, dialog.getByRole('textbox', { name: 'Dias de recuperação' }), '5');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(
      await dialog.findByText(
        'Escolha ao menos uma técnica (ou deixe os dados clínicos em branco).',
      ),
    ).toBeInTheDocument();
    expect(writesIn(requests)).toEqual([]);
  });
});
