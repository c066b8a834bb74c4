import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  addDays,
  addMonths,
  saoPauloDate,
  type Receivable,
  type Reconciliation,
} from '@portal/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../../test/msw-server';
import { makeUser, renderApp, signInAs, stubViewport } from '../../../test/test-utils';

function makeReceivable(overrides: Partial<Receivable> = {}): Receivable {
  return {
    installment_id: 201,
    contract_id: 5,
    contract_number: '2026-000042',
    client: { id: 7, full_name: 'Maria José da Silva', phone: '(11) 97777-2222' },
    unit: 'LEMONDE',
    n: 2,
    installments: 12,
    due_date: addDays(saoPauloDate(new Date()), 3),
    amount: 102.88,
    status: 'agendada',
    status_label: 'Agendada',
    overdue_days: 0,
    method: 'pix_manual',
    mandate: null,
    ...overrides,
  };
}

/** GET /billing/receivables answers by the filters the page sends. */
function serve(byStatus: Record<string, Receivable[]>, reconciliations: Reconciliation[] = []) {
  server.use(
    http.get('/api/v1/billing/reconciliations', () => HttpResponse.json(reconciliations)),
    http.get('/api/v1/billing/receivables', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const status =
        params.get('status') ??
        (params.get('mandate') ? `mandate=${params.get('mandate')}` : 'a-vencer');
      const rows = byStatus[status] ?? [];
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
    }),
  );
  return recordRequests();
}

async function open(path = '/cobrancas') {
  signInAs(makeUser({ id: 3, name: 'Carla Gerente', profile: 'manager' }));
  await renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Cobranças' });
}

describe("/cobrancas: 'Cobranças' (issue 29)", () => {
  it('lists what is coming, overdue and failed, each with its contract and WhatsApp 2ª via', async () => {
    stubViewport('phone');
    const requests = serve({
      'a-vencer': [
        makeReceivable(),
        // Already paid: due this week, but nothing to chase.
        makeReceivable({
          installment_id: 202,
          client: { id: 8, full_name: 'Joana Paga', phone: null },
          status: 'paga',
          status_label: 'Paga',
        }),
      ],
      vencida: [
        makeReceivable({
          installment_id: 301,
          contract_id: 6,
          contract_number: '2026-000050',
          client: { id: 9, full_name: 'Bruna Costa', phone: null },
          n: 1,
          due_date: '2026-10-20',
          status: 'vencida',
          status_label: 'Vencida',
          overdue_days: 12,
        }),
      ],
      falhou: [],
      'mandate=encerrada': [
        makeReceivable({
          installment_id: 401,
          contract_id: 9,
          contract_number: '2026-000077',
          client: { id: 11, full_name: 'Clara Automática', phone: '(11) 96666-1111' },
          n: 4,
          method: 'api_pix',
          mandate: { status: 'cancelada', status_label: 'Cancelada' },
        }),
      ],
    });
    await open();
    const coming = await screen.findByRole('region', { name: 'Vencem esta semana (1)' });
    const row = within(coming).getByRole('listitem', { name: 'Maria José da Silva, parcela 2/12' });
    expect(row).toHaveTextContent('Contrato 2026-000042 · parcela 2/12 · LEMONDE');
    expect(row).toHaveTextContent(/R\$\s102,88/);
    expect(within(row).getByRole('link', { name: 'Maria José da Silva' })).toHaveAttribute(
      'href',
      '/contratos/5',
    );
    const whatsapp = within(row).getByRole('link', {
      name: 'Enviar 2ª via a Maria José da Silva pelo WhatsApp',
    });
    const href = new URL(whatsapp.getAttribute('href') ?? '');
    expect(href.origin + href.pathname).toBe('https://wa.me/5511977772222');
    expect(href.searchParams.get('text')).toContain(
      '2ª via da parcela 2/12 do contrato 2026-000042',
    );
    expect(within(coming).queryByText('Joana Paga')).not.toBeInTheDocument();

    const overdue = screen.getByRole('region', { name: 'Vencidas (1)' });
    const late = within(overdue).getByRole('listitem', { name: 'Bruna Costa, parcela 1/12' });
    expect(late).toHaveTextContent('vence em 20/10/2026 · 12 dias de atraso');
    expect(late).toHaveTextContent('Vencida');
    expect(late).toHaveTextContent('Sem telefone');
    expect(
      within(screen.getByRole('region', { name: 'Falharam (0)' })).getByText(
        'Nenhuma cobrança falhou.',
      ),
    ).toBeInTheDocument();

    // The clients whose Pix Automático was cancelled: her next instalment, to send by hand.
    const mandates = screen.getByRole('region', { name: 'Pix Automático cancelado (1)' });
    const cancelled = within(mandates).getByRole('listitem', {
      name: 'Clara Automática, parcela 4/12',
    });
    expect(cancelled).toHaveTextContent('Pix Automático: Cancelada');
    expect(
      within(cancelled).getByRole('link', {
        name: 'Enviar 2ª via a Clara Automática pelo WhatsApp',
      }),
    ).toBeInTheDocument();

    const today = saoPauloDate(new Date());
    const asked = requests.map((request) => request.path);
    expect(asked).toContain('/api/v1/billing/receivables?mandate=encerrada&limit=500');
    expect(asked).toContain(
      `/api/v1/billing/receivables?from=${today}&to=${addDays(today, 6)}&limit=500`,
    );
    expect(asked).toContain('/api/v1/billing/receivables?status=vencida&limit=500');
    expect(asked).toContain('/api/v1/billing/receivables?status=falhou&limit=500');
  });

  it("is in a manager's navigation", async () => {
    stubViewport('phone');
    serve({});
    await open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Abrir menu' }));
    const menu = screen.getByRole('navigation', { name: 'Navegação principal (celular)' });
    expect(within(menu).getByRole('link', { name: 'Cobranças' })).toHaveAttribute(
      'href',
      '/cobrancas',
    );
  });

  it("'1 mês' looks a month ahead, kept in the URL", async () => {
    stubViewport('desktop');
    const requests = serve({ 'a-vencer': [makeReceivable()] });
    await open();
    await screen.findByRole('region', { name: 'Vencem esta semana (1)' });
    await userEvent.setup().click(screen.getByText('1 mês'));
    await screen.findByRole('region', { name: 'Vencem no próximo mês (1)' });
    const today = saoPauloDate(new Date());
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toContain(
        `/api/v1/billing/receivables?from=${today}&to=${addMonths(today, 1)}&limit=500`,
      ),
    );
  });

  it("'Conciliação' shows each unit's latest report and its differences", async () => {
    stubViewport('desktop');
    const report = (day: string, overrides: Partial<Reconciliation> = {}): Reconciliation => ({
      unit: 'LEMONDE',
      day,
      received: 14,
      recovered: 1,
      known: 13,
      refused: 0,
      differences: [],
      ran_at: `${day}T09:30:00.000Z`,
      ...overrides,
    });
    const requests = serve({}, [
      report('2026-11-27', {
        received: 2,
        known: 0,
        refused: 1,
        differences: [{ kind: 'txid_desconhecido', e2eid: 'E1', txid: 'ABC123', amount: 123.45 }],
      }),
      report('2026-11-26'),
    ]);
    await open();
    const section = await screen.findByRole('region', { name: 'Conciliação' });
    expect(
      await within(section).findByText(
        'Conciliação de 27/11/2026: 2 Pix recebidos, 1 recuperado, 1 divergência',
      ),
    ).toBeInTheDocument();
    expect(section).toHaveTextContent(/Pix sem cobrança correspondente: R\$\s123,45 · txid ABC123/);
    expect(within(section).queryByText(/26\/11\/2026/)).not.toBeInTheDocument();
    const from = addDays(saoPauloDate(new Date()), -7);
    expect(requests.map((request) => request.path)).toContain(
      `/api/v1/billing/reconciliations?from=${from}`,
    );
  });

  it('a failed list says so and offers to try again', async () => {
    stubViewport('desktop');
    server.use(
      http.get('/api/v1/billing/reconciliations', () => HttpResponse.json([])),
      http.get('/api/v1/billing/receivables', () =>
        HttpResponse.json({ detail: 'Erro' }, { status: 500 }),
      ),
    );
    await open();
    await waitFor(() =>
      expect(screen.getAllByText('Não foi possível carregar as cobranças.')).toHaveLength(4),
    );
    expect(screen.getAllByRole('button', { name: /Tentar novamente/ })).toHaveLength(4);
  });
});
