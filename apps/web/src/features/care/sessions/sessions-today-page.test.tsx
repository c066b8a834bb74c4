import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContractSummary, DaySession } from '@portal/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeContract, makeLedgerEntry } from '../../../test/contract-fixtures';
import { recordRequests, server, writesIn } from '../../../test/msw-server';
import { makeUser, queryOf, renderApp, signInAs, stubViewport } from '../../../test/test-utils';

const {
  entitlements: _entitlements,
  ledger: _ledger,
  frozen_until: _f,
  can_withdraw: _c,
  ...summary
} = makeContract();

function serve(sessions: DaySession[]) {
  const contract = makeContract();
  server.use(
    http.get('/api/v1/contracts/', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      const rows: ContractSummary[] = 'maria josé'.includes(q.toLowerCase()) ? [summary] : [];
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
    }),
    http.get('/api/v1/contracts/sessions', () => HttpResponse.json(sessions)),
    http.get('/api/v1/contracts/5', () => HttpResponse.json(contract)),
    http.post('/api/v1/contracts/5/sessions', () =>
      HttpResponse.json(makeLedgerEntry({ id: 9, kind: 'redeem' }), { status: 201 }),
    ),
  );
  return recordRequests();
}

async function open() {
  stubViewport('phone');
  signInAs(makeUser({ id: 3 }));
  await renderApp('/sessoes-de-hoje');
  await screen.findByRole('heading', { name: 'Sessões de hoje' });
  return userEvent.setup();
}

describe('/sessoes-de-hoje', () => {
  it('finds the client among active contracts and records a session with one tap', async () => {
    const requests = serve([]);
    const user = await open();
    expect(await screen.findByText('Nenhuma sessão registrada hoje.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Cliente' }), 'Maria');
    // One match opens by itself: the procedure is the only tap left.
    const record = await screen.findByRole('button', {
      name: 'Registrar sessão de Peeling Químico hoje',
    });
    const search = requests.find((request) => request.path.startsWith('/api/v1/contracts/?'));
    expect(queryOf(search?.path ?? '')).toMatchObject({ status: 'ativo', q: 'Maria' });
    await user.click(record);
    await waitFor(() => expect(writesIn(requests)).toHaveLength(1));
    expect(writesIn(requests)[0]).toMatchObject({
      path: '/api/v1/contracts/5/sessions',
      body: { service_id: 2 },
    });
    expect(await screen.findByText(/Sessão registrada: Peeling Químico/)).toBeInTheDocument();
  });

  it("lists today's sessions, a reversed one struck through", async () => {
    serve([
      {
        entry_id: 9,
        contract_id: 5,
        number: '2026-000042',
        client: { id: 7, full_name: 'Maria José da Silva' },
        service_id: 1,
        service_name: 'Limpeza de Pele',
        professional: { id: 3, name: 'Beatriz Lima' },
        on_date: '2026-11-27',
        reversed: true,
      },
    ]);
    await open();
    const list = await screen.findByRole('region', { name: 'Registradas hoje' });
    const item = await within(list).findByText('Maria José da Silva · Limpeza de Pele');
    expect(item).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(list).getByText('Estornada')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Contrato 2026-000042' })).toHaveAttribute(
      'href',
      '/contratos/5',
    );
  });

  it('says when no active contract matches', async () => {
    serve([]);
    const user = await open();
    await user.type(screen.getByRole('searchbox', { name: 'Cliente' }), 'Zulmira');
    expect(await screen.findByText('Nenhum contrato ativo para "Zulmira".')).toBeInTheDocument();
  });
});
