import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardProposalRow } from '@portal/domain';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { recordRequests, server } from '../../../test/msw-server';
import { makeUser, renderWithProviders, signInAs } from '../../../test/test-utils';
import DashboardPage from './dashboard-page';

const NOW = new Date();
const LATER = new Date(NOW.getTime() + 10 * 86_400_000).toISOString();

function row(overrides: Partial<DashboardProposalRow>): DashboardProposalRow {
  return {
    id: 1,
    author_id: 7,
    author_name: 'Carla Prof',
    unit: 'PAULISTA',
    package_id: 1,
    package_name: 'Pacote Ouro',
    status: 'sent',
    superseded_by_id: null,
    created_at: NOW.toISOString(),
    valid_until: LATER,
    sent_at: NOW.toISOString(),
    viewed_at: null,
    answered_at: null,
    annual_value: 0,
    discount_pct: 0,
    margin_pct: 0,
    min_margin_pct: 0,
    decline_reason_code: null,
    items: [],
    ...overrides,
  };
}

/**
 * Four proposals of this month, figures by hand: created 4, sent 4, viewed 1, accepted 2,
 * declined 1; conversion 2/4 = 50 %; accepted 12.000,00 + 6.000,50 = 18.000,50; ticket 9.000,25;
 * discount (10 + 5) / 2 = 7,5 %; margin (40 + 20) / 2 = 30 %; one below its minimum (20 < 30).
 * Carla sent 3 and won 1 (33,3 %), Diego sent 1 and won 1 (100 %).
 */
const ROWS: DashboardProposalRow[] = [
  row({
    id: 1,
    status: 'accepted',
    answered_at: NOW.toISOString(),
    viewed_at: NOW.toISOString(),
    annual_value: 1_200_000,
    discount_pct: 10,
    margin_pct: 40,
    min_margin_pct: 30,
    items: [
      { service_id: 1, name: 'Limpeza de Pele', block: 'A', sessions: 4, total_value: 400_000 },
      { service_id: 2, name: 'Botox', block: 'B', sessions: 2, total_value: 300_000 },
    ],
  }),
  row({
    id: 2,
    author_id: 8,
    author_name: 'Diego Prof',
    package_id: 2,
    package_name: 'Pacote Prata',
    status: 'accepted',
    answered_at: NOW.toISOString(),
    annual_value: 600_050,
    discount_pct: 5,
    margin_pct: 20,
    min_margin_pct: 30,
    items: [
      { service_id: 1, name: 'Limpeza de Pele', block: 'A', sessions: 2, total_value: 200_000 },
    ],
  }),
  row({
    id: 3,
    status: 'declined',
    decline_reason_code: 'preco',
    answered_at: NOW.toISOString(),
  }),
  row({ id: 4, status: 'sent' }),
];

const MANAGER = makeUser({ id: 20, name: 'Gil Gerente', profile: 'manager', unit: 'PAULISTA' });
const ADMIN = makeUser({ id: 21, name: 'Ana Admin', profile: 'admin' });

/** The figure a KPI card shows, by its label. */
function card(label: string): string {
  const labelNode = screen
    .getAllByText(label)
    .find((node) => node.closest('[data-stat-card]') !== null);
  const cardNode = labelNode?.closest('[data-stat-card]');
  if (!cardNode) throw new Error(`No card ${label}`);
  // Intl puts a non-breaking space after 'R$'.
  return (cardNode.querySelector(':scope > div')?.textContent ?? '').replace(/\u00a0/g, ' ');
}

/** Blobs handed to the download link, read back as text. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  // jsdom has no object URLs: these two are put in place for the test and removed after it.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      blobs.push(blob);
      return 'blob:test';
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { blobs, names };
}

describe('Gestão (dashboard)', () => {
  beforeEach(() => {
    apiData.dashboardRows = ROWS;
    apiData.dashboardNow = NOW;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows every figure of the period as the domain defines it', async () => {
    signInAs(MANAGER);
    renderWithProviders(<DashboardPage />, { route: '/gestao' });
    await waitFor(() => expect(card('Propostas criadas')).toBe('4'));
    expect(card('Enviadas')).toBe('4');
    expect(card('Visualizadas')).toBe('1');
    expect(card('Aceitas')).toBe('2');
    expect(card('Recusadas')).toBe('1');
    expect(card('Expiradas')).toBe('0');
    expect(card('Conversão')).toBe('50,00%');
    expect(card('Valor anual aceito')).toBe('R$ 18.000,50');
    expect(card('Ticket médio')).toBe('R$ 9.000,25');
    expect(card('Desconto médio')).toBe('7,50%');
    expect(card('Margem média')).toBe('30,00%');
    expect(card('Abaixo da margem mínima')).toBe('1');

    const reasons = screen.getByRole('region', { name: 'Motivos de recusa' });
    expect(within(reasons).getByRole('row', { name: 'Preço 1' })).toBeInTheDocument();
    const procedures = screen.getByRole('region', { name: 'Procedimentos mais vendidos' });
    expect(
      within(procedures).getByRole('row', { name: /^Limpeza de Pele A 6 2 R\$\s6\.000,00$/ }),
    ).toBeInTheDocument();
  });

  it("says what each figure is, shows '—' for averages over nothing and drills down", async () => {
    apiData.dashboardRows = [row({ id: 4, status: 'sent' })];
    signInAs(MANAGER);
    renderWithProviders(<DashboardPage />, { route: '/gestao' });
    await waitFor(() => expect(card('Propostas criadas')).toBe('1'));
    // No accepted proposal: no ticket, discount or margin to average.
    expect(card('Ticket médio')).toBe('—');
    expect(card('Desconto médio')).toBe('—');
    expect(card('Margem média')).toBe('—');
    expect(card('Conversão')).toBe('0,00%');
    expect(screen.getByText(/receita líquida = 70 % do preço/)).toBeInTheDocument();
    expect(screen.getByText(/Conversão = aceitas ÷ enviadas/)).toBeInTheDocument();
    const drill = screen.getByRole('link', { name: 'Ver as propostas: Aceitas' });
    expect(drill.getAttribute('href')).toMatch(
      /^\/propostas\?de=\d{4}-\d{2}-01&ate=\d{4}-\d{2}-\d{2}&status=accepted$/,
    );
  });

  // The chart's axis titles ('Semana (início na segunda-feira)', 'Propostas') are drawn by
  // Recharts, which draws nothing in jsdom; the table shows the same weeks.
  it('shows every week of the period, empty ones too', async () => {
    signInAs(MANAGER);
    renderWithProviders(<DashboardPage />, { route: '/gestao' });
    const panel = await screen.findByRole('region', { name: 'Tendência por semana' });
    await waitFor(() => expect(card('Propostas criadas')).toBe('4'));
    await userEvent.setup().click(within(panel).getByText('Tabela'));
    // A month touches 5 or 6 weeks; all but this one are empty.
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const cells = (line: HTMLElement) =>
      [...line.querySelectorAll('td')].map((cell) => cell.textContent);
    const empty = rows.filter((line) => {
      const [, created, , , , conversion, , ticket, margin] = cells(line);
      return created === '0' && conversion === '—' && ticket === '—' && margin === '—';
    });
    expect(empty).toHaveLength(rows.length - 1);
  });

  it('counts by acceptance day when the manager asks for it', async () => {
    signInAs(MANAGER);
    const requests = recordRequests();
    renderWithProviders(<DashboardPage />, { route: '/gestao' });
    await waitFor(() => expect(card('Propostas criadas')).toBe('4'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Contar por' }));
    await user.click(await screen.findByRole('option', { name: 'Data do aceite' }));
    await waitFor(() =>
      expect(requests.some((request) => request.path.includes('basis=aceite'))).toBe(true),
    );
    // Answered ones only: 2 accepted and 1 declined.
    await waitFor(() => expect(card('Propostas criadas')).toBe('3'));
  });

  it('never shows a figure while loading, and offers to try again on an error', async () => {
    server.use(
      http.get('/api/v1/dashboard/sales', () =>
        HttpResponse.json({ detail: 'Falhou' }, { status: 500 }),
      ),
    );
    signInAs(MANAGER);
    renderWithProviders(<DashboardPage />, { route: '/gestao' });
    expect(card('Propostas criadas')).toBe('Carregando');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    expect(card('Propostas criadas')).toBe('—Indisponível');
    server.resetHandlers();
    await userEvent.setup().click(retry);
    await waitFor(() => expect(card('Propostas criadas')).toBe('4'));
  });

  it('a manager sees professionals, not units; an admin picks and compares units', async () => {
    signInAs(MANAGER);
    const first = renderWithProviders(<DashboardPage />, { route: '/gestao' });
    await screen.findByRole('heading', { name: 'Conversão por profissional' });
    expect(screen.queryByRole('combobox', { name: 'Unidade' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Por unidade' })).not.toBeInTheDocument();
    first.unmount();

    signInAs(ADMIN);
    const requests = recordRequests();
    renderWithProviders(<DashboardPage />, { route: '/gestao' });
    await screen.findByRole('heading', { name: 'Conversão por unidade' });
    expect(screen.getByRole('heading', { name: 'Por unidade' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Unidade' }));
    await user.click(await screen.findByRole('option', { name: 'PAULISTA' }));
    await waitFor(() =>
      expect(requests.some((request) => request.path.includes('unit=PAULISTA'))).toBe(true),
    );
    expect(
      await screen.findByRole('heading', { name: 'Conversão por profissional' }),
    ).toBeInTheDocument();
  });

  it('shows a chart as a table and exports what it shows as CSV', async () => {
    signInAs(MANAGER);
    const downloads = captureDownloads();
    renderWithProviders(<DashboardPage />, { route: '/gestao' });
    const panel = await screen.findByRole('region', { name: 'Conversão por profissional' });
    const user = userEvent.setup();
    await waitFor(() => expect(card('Propostas criadas')).toBe('4'));
    await user.click(within(panel).getByText('Tabela'));
    expect(within(panel).getByRole('row', { name: 'Carla Prof 3 1 33,33%' })).toBeInTheDocument();
    expect(within(panel).getByRole('row', { name: 'Diego Prof 1 1 100,00%' })).toBeInTheDocument();

    await user.click(
      within(panel).getByRole('button', { name: 'Exportar CSV: Conversão por profissional' }),
    );
    expect(downloads.names[0]).toMatch(
      /^gestao-conversao-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const blob = downloads.blobs[0];
    if (!blob) throw new Error('nothing downloaded');
    // A BOM first, so Excel reads UTF-8 (text() drops it when decoding).
    expect([...new Uint8Array(await blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blob.text()).toBe(
      'Profissional;Enviadas;Aceitas;Conversão (%)\r\n' +
        'Carla Prof;3;1;33,33\r\n' +
        'Diego Prof;1;1;100,00\r\n',
    );
  });

  it('exports the whole dashboard from the server, one request per click', async () => {
    signInAs(MANAGER);
    const downloads = captureDownloads();
    const requests = recordRequests();
    renderWithProviders(<DashboardPage />, { route: '/gestao?profissional=7' });
    await waitFor(() => expect(card('Propostas criadas')).toBe('3'));
    const button = screen.getByRole('button', { name: 'Exportar CSV' });
    const user = userEvent.setup();
    await user.dblClick(button);
    await waitFor(() => expect(downloads.blobs).toHaveLength(1));
    const csvCalls = requests.filter((request) => request.path.includes('sales.csv'));
    expect(csvCalls).toHaveLength(1);
    expect(csvCalls[0]?.path).toContain('professional_id=7');
    const text = await (downloads.blobs[0] as Blob).text();
    const lines = text.split('\r\n');
    expect(lines[0]?.startsWith('Recorte;Nome;Propostas criadas;Enviadas')).toBe(true);
    // Carla: 3 created and sent, 1 viewed, 1 accepted, 1 declined; 12.000,00 at 10 % and 40 %.
    expect(lines[1]).toMatch(
      /^Total;Rede \(.+\);3;3;1;1;1;0;33,33;12000,00;12000,00;10,00;40,00;0$/,
    );
  });
});
