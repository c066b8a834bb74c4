import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CLIENT_MODE_STORAGE_KEY,
  RECEIPT_STORAGE_KEY,
  buildReceiptState,
  type Package,
  type ReceiptState,
  type Service,
  type SynergySuggestion,
} from '@portal/domain';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { appRoutes } from '../../app/router';
import {
  jsonResponse,
  makeUser,
  mockFetch,
  signInAs,
  stubViewport,
  type FetchHandler,
} from '../../test/test-utils';

function makeService(id: number, overrides: Partial<Service> = {}): Service {
  return {
    id,
    name: `Procedimento ${id}`,
    description: '',
    block: 'A',
    value: 1000,
    cost: 100,
    min_margin_percent: 10,
    session_limit: 0,
    status: 'active',
    benefits: { main_function: null, benefit1: null, benefit2: null, benefit3: null },
    photos_count: 0,
    photos_limit: 4,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const pkg: Package = {
  id: 12,
  name: 'Pacote Ouro 12',
  annual_value: 12000,
  discount_percent: 0,
  status: 'active',
  session_limit: null,
  block_limits: { a: 3, b: 1, c: 1, d: 1 },
  allow_all_procedures: true,
  procedures: [1, 2, 3],
  restricted_procedures: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const catalogue = [
  makeService(1, {
    name: 'Botox',
    value: 4500,
    cost: 900,
    benefits: {
      main_function: 'Rugas',
      benefit1: 'Suaviza linhas de expressão',
      benefit2: 'Efeito natural',
      benefit3: 'Previne novas rugas',
    },
  }),
  makeService(2, { name: 'Peeling Químico', block: 'B', value: 1250.5, cost: 300 }),
  makeService(3, { name: 'Criolipólise - Abdômen', block: 'C', value: 2800, cost: 700 }),
];

/** Package R$ 12.000,00; Botox ×2 (R$ 9.000), Peeling R$ 1.250,50, Criolipólise R$ 2.800. */
function receipt(overrides: Partial<ReceiptState['clientPreferences']> = {}): ReceiptState {
  return buildReceiptState(pkg, { A: [1, 1], B: [2], C: [3], D: [] }, catalogue, overrides);
}

const suggestion: SynergySuggestion = {
  procedure1: 'Botox',
  procedure2: 'Peeling Químico',
  title: 'Botox + Peeling Químico',
  summary: 'Peeling prepara a pele e potencializa o resultado do Botox.',
  mechanism: 'Renovação celular e relaxamento muscular.',
  synergy: 'Pele uniforme com menos linhas.',
  expected_gain_percent_range: '15–25%',
  contraindications: ['Gestantes'],
  differentials: ['Resultado mais natural'],
  next_steps: ['Agendar avaliação'],
};

function renderReceipt(entry: { state?: unknown } = {}) {
  const router = createMemoryRouter(appRoutes, {
    initialEntries: [{ pathname: '/recibo', state: entry.state ?? null }],
  });
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function serve(overrides: FetchHandler = () => jsonResponse({ detail: 'Não encontrado.' }, 404)) {
  return mockFetch((url, init) => {
    if (url.startsWith('/api/v1/synergies/')) {
      return jsonResponse({ items: [suggestion], engine: 'local' });
    }
    if (url.startsWith('/api/v1/pdf/')) {
      // A string body: jsdom's Blob is not the one Node's Response accepts.
      return new Response('%PDF-1.4 fake', {
        status: 200,
        headers: { 'Content-Type': 'application/pdf' },
      });
    }
    return overrides(url, init);
  });
}

function footerValue(label: string): string {
  const row = screen.getByRole('rowheader', { name: label }).closest('tr');
  return within(row as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '')
    .join('')
    .replace(/\s+/g, ' ');
}

beforeEach(() => {
  signInAs(makeUser());
  URL.createObjectURL = vi.fn(() => 'blob:pdf-preview');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  window.sessionStorage.clear();
});

describe('/recibo', () => {
  it("without a receipt shows 'Nenhum pacote encontrado' and 'Voltar' goes back", async () => {
    serve();
    const router = createMemoryRouter(appRoutes, {
      initialEntries: ['/home', '/recibo'],
      initialIndex: 1,
    });
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('Nenhum pacote encontrado')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('shows the summary table with exact pt-BR figures from the router state', async () => {
    stubViewport('desktop');
    serve();
    renderReceipt({ state: receipt() });
    expect(await screen.findByRole('heading', { name: 'Resumo do Pacote' })).toBeInTheDocument();
    const botox = screen.getByRole('row', { name: /Botox/ });
    expect(
      within(botox)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s+/g, ' ')),
    ).toEqual(['Botox', '2', 'R$ 4.500,00', 'R$ 9.000,00']);
    const peeling = screen.getByRole('row', { name: /Peeling/ });
    // Unit and total are both R$ 1.250,50 for one session.
    expect(within(peeling).getAllByText('R$ 1.250,50')).toHaveLength(2);

    // Avulso 9.000 + 1.250,50 + 2.800 = R$ 13.050,50; discount R$ 1.050,50 = 8,0% off.
    expect(footerValue('Valor Total Avulso')).toBe('R$ 13.050,50');
    expect(footerValue('Valor do Pacote')).toBe('R$ 12.000,00');
    expect(footerValue('Desconto Gerado')).toBe('R$ 1.050,50 (8,0%)');
    expect(footerValue('Valor Mensal (12x)')).toBe('R$ 1.000,00');
  });

  it('on a phone puts sessions and unit value under the name, keeping every total', async () => {
    stubViewport('phone');
    serve();
    renderReceipt({ state: receipt() });
    expect(await screen.findByRole('heading', { name: 'Resumo do Pacote' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Procedimento', 'Valor Total']);
    const botox = screen.getByRole('row', { name: /Botox/ });
    expect(
      within(botox)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s+/g, ' ')),
    ).toEqual(['Botox2 × R$ 4.500,00', 'R$ 9.000,00']);
    expect(footerValue('Valor Total Avulso')).toBe('R$ 13.050,50');
    expect(footerValue('Desconto Gerado')).toBe('R$ 1.050,50 (8,0%)');
    expect(footerValue('Valor Mensal (12x)')).toBe('R$ 1.000,00');
  });

  it('reads the receipt from sessionStorage after a reload', async () => {
    serve();
    window.sessionStorage.setItem(RECEIPT_STORAGE_KEY, JSON.stringify(receipt()));
    renderReceipt();
    expect(await screen.findByText('Pacote Ouro 12')).toBeInTheDocument();
    expect(footerValue('Valor do Pacote')).toBe('R$ 12.000,00');
  });

  it('ignores stored data that is not a receipt', async () => {
    serve();
    window.sessionStorage.setItem(RECEIPT_STORAGE_KEY, '{"package":{"id":"x"}}');
    renderReceipt();
    expect(await screen.findByText('Nenhum pacote encontrado')).toBeInTheDocument();
  });

  it('shows up to 2 benefit lines of the first 3 procedures, or the empty text', async () => {
    serve();
    renderReceipt({ state: receipt() });
    const benefits = await screen.findByRole('region', { name: 'Benefícios' });
    expect(within(benefits).getByText('Suaviza linhas de expressão')).toBeInTheDocument();
    expect(within(benefits).getByText('Efeito natural')).toBeInTheDocument();
    expect(within(benefits).queryByText('Previne novas rugas')).not.toBeInTheDocument();
  });

  it("shows 'Sem benefícios cadastrados nos procedimentos' when none has benefits", async () => {
    serve();
    renderReceipt({
      state: buildReceiptState(pkg, { A: [], B: [2], C: [3], D: [] }, catalogue),
    });
    expect(
      await screen.findByText('Sem benefícios cadastrados nos procedimentos'),
    ).toBeInTheDocument();
  });

  it('warns when the margin is below the minimum of a selected procedure', async () => {
    serve();
    renderReceipt({
      state: buildReceiptState({ ...pkg, annual_value: 3000 }, { A: [1], B: [], C: [], D: [] }, [
        { ...catalogue[0]!, min_margin_percent: 50 },
      ]),
    });
    expect(
      await screen.findByText('Margem abaixo do mínimo exigido pelos procedimentos selecionados.'),
    ).toBeInTheDocument();
  });

  it("never shows the margin warning in 'modo cliente', and the switch is on the receipt", async () => {
    serve();
    window.sessionStorage.setItem(CLIENT_MODE_STORAGE_KEY, '1');
    renderReceipt({
      state: buildReceiptState({ ...pkg, annual_value: 3000 }, { A: [1], B: [], C: [], D: [] }, [
        { ...catalogue[0]!, min_margin_percent: 50 },
      ]),
    });
    const toggle = await screen.findByRole('switch', { name: /Modo cliente/ });
    expect(toggle).toBeChecked();
    expect(
      screen.queryByText('Margem abaixo do mínimo exigido pelos procedimentos selecionados.'),
    ).not.toBeInTheDocument();
    // Facing the professional again, the warning is back.
    await userEvent.setup().click(toggle);
    expect(
      screen.getByText('Margem abaixo do mínimo exigido pelos procedimentos selecionados.'),
    ).toBeInTheDocument();
    expect(window.sessionStorage.getItem(CLIENT_MODE_STORAGE_KEY)).toBeNull();
  });

  it('offers no PDF for an empty selection kept from an older version', async () => {
    serve();
    renderReceipt({ state: buildReceiptState(pkg, { A: [], B: [], C: [], D: [] }, catalogue) });
    expect(await screen.findByText('Nenhum procedimento selecionado.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Visualizar PDF' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'PDF Client' })).toBeDisabled();
  });

  it('prints no negative discount when the package costs more than the sessions', async () => {
    stubViewport('desktop');
    serve();
    // R$ 3.600 for R$ 740 of sessions used to read 'Desconto Gerado -R$ 2.860,00 (-386,5%)'.
    renderReceipt({
      state: buildReceiptState({ ...pkg, annual_value: 3600 }, { A: [1], B: [], C: [], D: [] }, [
        { ...catalogue[0]!, value: 740 },
      ]),
    });
    expect(await screen.findByRole('heading', { name: 'Resumo do Pacote' })).toBeInTheDocument();
    expect(footerValue('Valor Total Avulso')).toBe('R$ 740,00');
    expect(footerValue('Valor do Pacote')).toBe('R$ 3.600,00');
    expect(screen.queryByRole('rowheader', { name: 'Desconto Gerado' })).not.toBeInTheDocument();
    expect(screen.getByRole('main').textContent).not.toMatch(/-\s?R\$|-\d+,\d%/);
    expect(
      screen.getByText(
        'Pacote anual: sessões planejadas para 12 meses, com pagamento em 12 parcelas mensais.',
      ),
    ).toBeInTheDocument();
  });

  it('lists synergy suggestions, asked once per selection', async () => {
    const fetchMock = serve();
    renderReceipt({ state: receipt() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sinergias' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sinergias' });
    expect(
      await within(dialog).findByRole('heading', { name: 'Botox + Peeling Químico' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Ganho esperado 15–25%')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).includes('/synergies/'));
    expect(calls).toHaveLength(1);
    const body = JSON.parse(String(calls[0]?.[1]?.body)) as { procedures: { name: string }[] };
    expect(body.procedures.map((p) => p.name)).toEqual([
      'Botox',
      'Peeling Químico',
      'Criolipólise - Abdômen',
    ]);
  });

  it("shows 'Nenhuma sinergia sugerida.' when the call fails", async () => {
    mockFetch((url) =>
      url.startsWith('/api/v1/synergies/')
        ? jsonResponse({ detail: 'Erro interno do servidor.' }, 500)
        : jsonResponse({ detail: 'Não encontrado.' }, 404),
    );
    renderReceipt({ state: receipt() });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sinergias' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sinergias' });
    expect(
      await within(dialog).findByText('Nenhuma sinergia sugerida.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  }, 15_000);

  it('previews the proposal PDF, downloads it with its file name and revokes the URL on close', async () => {
    const fetchMock = serve();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    renderReceipt({ state: receipt({ client_name: 'Maria Silva' }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Visualizar PDF' }));

    const dialog = await screen.findByRole('dialog', { name: 'Proposta (PDF)' });
    const frame = await within(dialog).findByTitle('Pré-visualização do PDF');
    expect(frame).toHaveAttribute('src', 'blob:pdf-preview');
    const preview = fetchMock.mock.calls.find(([url]) => url === '/api/v1/pdf/proposal/preview');
    const payload = JSON.parse(String(preview?.[1]?.body)) as {
      client_name: string;
      pkg: { name: string; annual_value: number };
      rows: { name: string; qty: number; unit: number }[];
    };
    expect(payload.client_name).toBe('Maria Silva');
    expect(payload.pkg).toEqual({ id: 12, name: 'Pacote Ouro 12', annual_value: 12000 });
    expect(payload.rows[0]).toMatchObject({ name: 'Botox', qty: 2, unit: 4500 });

    await user.click(within(dialog).getByRole('button', { name: 'Baixar' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/pdf/proposal/download')).toBe(
      true,
    );
    expect(clicked[0]?.download).toMatch(/^proposta-pacote-ouro-12-\d{4}-\d{2}-\d{2}\.pdf$/);

    // The header's close icon is 'Fechar' too; use the footer button.
    const footerClose = within(dialog)
      .getAllByRole('button', { name: 'Fechar' })
      .find((button) => button.textContent === 'Fechar');
    await user.click(footerClose as HTMLElement);
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:pdf-preview'));
  });

  it('previews the client-care PDF of an unnamed client with AI enrichment and downloads it', async () => {
    const fetchMock = serve();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    renderReceipt({ state: receipt({ preferences: 'Prefere manhãs' }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'PDF Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Client Care (PDF)' });
    await within(dialog).findByTitle('Pré-visualização do PDF');
    const preview = fetchMock.mock.calls.find(([url]) =>
      String(url).startsWith('/api/v1/pdf/client-care/preview'),
    );
    expect(preview?.[0]).toBe('/api/v1/pdf/client-care/preview?ai_only=0&enrich_with_ai=1');
    const payload = JSON.parse(String(preview?.[1]?.body)) as {
      client: { full_name?: string; preferences: string[] };
      procedures: { name: string }[];
    };
    // No placeholder name: the guide leaves the name out.
    expect(payload.client).toEqual({ preferences: ['Prefere manhãs'] });
    expect(payload.procedures).toHaveLength(3);

    await user.click(within(dialog).getByRole('button', { name: 'Baixar' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(
      fetchMock.mock.calls.some(
        ([url]) => url === '/api/v1/pdf/client-care/download?enrich_with_ai=1',
      ),
    ).toBe(true);
    expect(clicked[0]?.download).toMatch(/^cuidados-cliente-\d{4}-\d{2}-\d{2}\.pdf$/);
  });

  it("shows 'Não foi possível carregar o PDF.' when the preview fails", async () => {
    mockFetch((url) =>
      url.startsWith('/api/v1/pdf/')
        ? jsonResponse({ detail: 'Falha.' }, 422)
        : jsonResponse({ items: [], engine: 'local' }),
    );
    renderReceipt({ state: receipt() });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Visualizar PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proposta (PDF)' });
    expect(await within(dialog).findByText('Não foi possível carregar o PDF.')).toBeInTheDocument();
    expect(within(dialog).queryByTitle('Pré-visualização do PDF')).not.toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
  });

  it("'Voltar' goes to /home", async () => {
    serve((url) =>
      url.startsWith('/api/v1/auth/me') ? jsonResponse(makeUser()) : jsonResponse([]),
    );
    const router = renderReceipt({ state: receipt() });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
