import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry, AuditVerifyResult, ServicePriceHistoryEntry } from '@portal/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { recordRequests, server, type RecordedRequest } from '../../../test/msw-server';
import { makeUser, renderWithProviders } from '../../../test/test-utils';
import AuditPage from './audit-page';
import { auditChangeLines } from './audit-format';
import { ServicePriceHistory } from '../../catalogue/components/service-price-history';

const ANA = makeUser({ id: 7, name: 'Ana Admin', profile: 'admin' });
const BRUNO = makeUser({ id: 8, name: 'Bruno Gerente', profile: 'manager' });

const PRICE_CHANGE: AuditEntry = {
  id: 42,
  // 13:05 in São Paulo.
  at: '2026-03-10T16:05:00.000Z',
  actor_id: 7,
  actor_name: 'Ana Admin',
  entity: 'service',
  entity_id: '3',
  action: 'update',
  before: { value: 1500, min_margin_percent: 40, status: 'active' },
  after: { value: 1750.5, min_margin_percent: 42.5, status: 'inactive' },
};
const PACKAGE_CREATED: AuditEntry = {
  id: 41,
  at: '2026-03-09T12:00:00.000Z',
  actor_id: null,
  actor_name: null,
  entity: 'package',
  entity_id: '5',
  action: 'create',
  before: null,
  after: { name: 'Pacote Verão', annual_value: 12000, block_limits: { a: 2 } },
};

/** The trail on the MSW API (one page of `total`); returns the log of the requests sent. */
function serve(options: { total?: number; verify?: AuditVerifyResult } = {}) {
  apiData.users = [ANA, BRUNO];
  server.use(
    http.get('/api/v1/audit/verify', () => HttpResponse.json(options.verify)),
    http.get('/api/v1/audit/', ({ request }) => {
      const items =
        new URL(request.url).searchParams.get('entity') === 'package'
          ? [PACKAGE_CREATED]
          : [PRICE_CHANGE, PACKAGE_CREATED];
      return HttpResponse.json(items, {
        headers: { 'X-Total-Count': String(options.total ?? items.length) },
      });
    }),
  );
  return recordRequests();
}

const auditCalls = (requests: readonly RecordedRequest[]) =>
  requests
    .map(({ path }) => new URL(path, 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/audit/');

describe('Auditoria page', () => {
  it('lists entries with who, when and the changed fields in pt-BR', async () => {
    serve();
    renderWithProviders(<AuditPage />, { route: '/admin/auditoria' });
    expect(await screen.findByRole('heading', { name: 'Auditoria' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    const cells = within(first!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual([
      '10/03/2026, 13:05',
      'Ana Admin',
      'Procedimento #3',
      'Alteração',
    ]);
    expect(cells[4]).toContain('Valor: R$\u00a01.500,00 → R$\u00a01.750,50');
    expect(cells[4]).toContain('Margem mínima: 40,0% → 42,5%');
    expect(cells[4]).toContain('Status: Ativo → Inativo');
    const created = within(second!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(created[1]).toBe('Sistema');
    expect(created[3]).toBe('Criação');
    expect(created[4]).toContain('Valor anual: R$\u00a012.000,00');
    expect(created[4]).toContain('Limites por bloco › Bloco A: 2');
  });

  it('reads its filters from the URL and sends them with the page asked for', async () => {
    const requests = serve({ total: 45 });
    renderWithProviders(<AuditPage />, {
      route: '/admin/auditoria?entity=package&actor_id=8&from=2026-03-01&to=2026-03-31&page=2',
    });
    expect(await screen.findByText('Pacote #5')).toBeInTheDocument();
    const [call] = auditCalls(requests);
    expect(Object.fromEntries(call!.searchParams)).toEqual({
      entity: 'package',
      actor_id: '8',
      from: '2026-03-01',
      to: '2026-03-31',
      limit: '20',
      offset: '20',
    });
    expect(screen.getByText('45 registro(s)')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Pacote')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Bruno Gerente')).toBeInTheDocument();

    // The next page keeps the filters; a new filter starts again from the first page.
    await userEvent.setup().click(screen.getByRole('button', { name: '3' }));
    await screen.findByText('Pacote #5');
    expect(auditCalls(requests).at(-1)!.searchParams.get('offset')).toBe('40');
    await userEvent.setup().clear(screen.getByLabelText('De'));
    const last = auditCalls(requests).at(-1)!;
    expect(last.searchParams.get('from')).toBeNull();
    expect(last.searchParams.get('offset')).toBe('0');
    expect(last.searchParams.get('entity')).toBe('package');
  });

  it('shows the verification result: intact, then broken at an entry', async () => {
    serve({ verify: { ok: true, checked: 120, first_broken_id: null, problem: null } });
    renderWithProviders(<AuditPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verificar integridade' }));
    expect(await screen.findByText(/120 registro\(s\) verificado\(s\)/)).toBeInTheDocument();
    expect(screen.getByText('Trilha íntegra')).toBeInTheDocument();

    serve({ verify: { ok: false, checked: 17, first_broken_id: 17, problem: 'altered' } });
    await user.click(screen.getByRole('button', { name: 'Verificar integridade' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Trilha adulteradaO registro #17 foi alterado fora do sistema (17 registro(s) verificado(s)).',
    );
    serve({ verify: { ok: false, checked: 4, first_broken_id: 5, problem: 'missing' } });
    await user.click(screen.getByRole('button', { name: 'Verificar integridade' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O registro #5 foi apagado (4 registro(s) verificado(s)).',
    );
  });
});

describe('auditChangeLines', () => {
  it('lists a deletion with the values before and none after', () => {
    expect(auditChangeLines({ name: 'Botox', allow_all_procedures: true }, null)).toEqual([
      { label: 'Nome', before: 'Botox', after: null },
      { label: 'Todos os procedimentos permitidos', before: 'Sim', after: null },
    ]);
  });

  it('reads a proposal and a client entry in pt-BR: statuses, reasons, procedures, fields', () => {
    expect(
      auditChangeLines(
        { status: 'sent' },
        { status: 'declined', channel: 'link', reason_code: 'preco' },
      ),
    ).toEqual([
      { label: 'Status', before: 'Enviada', after: 'Recusada' },
      { label: 'Canal', before: '—', after: 'Pelo link' },
      { label: 'Motivo', before: '—', after: 'Preço' },
    ]);
    expect(auditChangeLines(null, { items: ['Peeling × 2'], package: 'Essencial' })).toEqual([
      { label: 'Procedimentos', before: null, after: 'Peeling × 2' },
      { label: 'Pacote', before: null, after: 'Essencial' },
    ]);
    expect(auditChangeLines(null, { changed_fields: ['phone', 'allergies'] })).toEqual([
      { label: 'Campos alterados', before: null, after: 'Telefone, Alergias' },
    ]);
  });
});

describe('ServicePriceHistory', () => {
  it('shows each price change of the procedure, newest first', async () => {
    const history: ServicePriceHistoryEntry[] = [
      {
        id: 9,
        at: '2026-03-10T16:05:00.000Z',
        actor_id: 7,
        actor_name: 'Ana Admin',
        action: 'update',
        before: { value: 1500 },
        after: { value: 1750 },
      },
      {
        id: 2,
        at: '2026-01-02T12:00:00.000Z',
        actor_id: null,
        actor_name: null,
        action: 'create',
        before: null,
        after: { value: 1500, cost: 600, min_margin_percent: 40 },
      },
    ];
    server.use(http.get('/api/v1/services/3/history', () => HttpResponse.json(history)));
    renderWithProviders(<ServicePriceHistory serviceId={3} />);
    const table = await screen.findByRole('table', { name: 'Histórico de preços' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['10/03/2026, 13:05', 'Ana Admin', 'R$\u00a01.500,00 → R$\u00a01.750,00', '—', '—'],
      ['02/01/2026, 09:00', 'Sistema', 'R$\u00a01.500,00', 'R$\u00a0600,00', '40,0%'],
    ]);
  });
});
