import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saoPauloDate, type Contract } from '@portal/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeProposal } from '@portal/domain/fixtures';
import { makeContract, makeLedgerEntry } from '../../../test/contract-fixtures';
import { apiData } from '../../../test/msw-handlers';
import { recordRequests, server, writesIn } from '../../../test/msw-server';
import { makeUser, renderApp, signInAs, stubViewport } from '../../../test/test-utils';

/** GET /contracts/5 answers `contract`; the test may answer writes itself. */
function serve(contract: Contract) {
  server.use(http.get('/api/v1/contracts/5', () => HttpResponse.json(contract)));
  return recordRequests();
}

async function open(profile: 'professional' | 'manager' = 'professional') {
  stubViewport('desktop');
  signInAs(makeUser({ id: 3, name: 'Beatriz Lima', profile }));
  await renderApp('/contratos/5');
  await screen.findByRole('heading', { name: 'Contrato 2026-000042' });
  return userEvent.setup();
}

describe('/contratos/{id}', () => {
  it('shows per procedure used, remaining, the price per session and the next date, pt-BR', async () => {
    serve(makeContract());
    await open();
    const table = screen.getByRole('table', { name: 'Sessões por procedimento' });
    const row = within(table).getByRole('row', { name: /Limpeza de Pele/ });
    expect(row).toHaveTextContent('1 de 4');
    expect(row).toHaveTextContent('3');
    expect(row).toHaveTextContent('R$ 154,32');
    expect(row).toHaveTextContent('24/12/2026');
    expect(screen.getByText(/Válido de 20\/11\/2026 a 19\/11\/2027/)).toHaveTextContent(
      'R$ 1.234,56',
    );
  });

  it('strikes a reversed session through, with the reversal reason', async () => {
    serve(
      makeContract({
        ledger: [
          makeLedgerEntry(),
          makeLedgerEntry({
            id: 3,
            kind: 'redeem',
            label: 'Sessão realizada',
            quantity: 1,
            on_date: '2026-11-21',
            reversed_by_id: 4,
            actor_label: 'Beatriz Lima',
          }),
          makeLedgerEntry({
            id: 4,
            kind: 'reverse',
            label: 'Sessão estornada',
            reverses_id: 3,
            reason: 'Lançada na cliente errada',
            actor_label: 'Beatriz Lima',
          }),
        ],
      }),
    );
    await open();
    const session = screen.getByText('Sessão realizada: Limpeza de Pele em 21/11/2026');
    expect(session).toHaveStyle({ textDecoration: 'line-through' });
    expect(screen.getByText('Estornada: Lançada na cliente errada')).toBeInTheDocument();
    // A reversed session cannot be reversed again.
    expect(screen.queryByRole('button', { name: /^Estornar sessão de/ })).not.toBeInTheDocument();
  });

  it('records a session today (São Paulo) by the signed-in professional', async () => {
    const requests = serve(makeContract());
    server.use(
      http.post('/api/v1/contracts/5/sessions', () =>
        HttpResponse.json(makeLedgerEntry({ id: 9, kind: 'redeem' }), { status: 201 }),
      ),
    );
    const user = await open();
    // Professionals do not freeze, extend or cancel.
    expect(screen.queryByRole('button', { name: 'Congelar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar contrato' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registrar sessão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar sessão' });
    expect(within(dialog).getByLabelText(/Data da sessão/)).toHaveValue(saoPauloDate(new Date()));
    await user.click(within(dialog).getByRole('combobox', { name: /^Procedimento/ }));
    await user.click(await screen.findByRole('option', { name: /Peeling Químico/ }));
    await user.type(within(dialog).getByLabelText(/Observação/), 'Pele sensível');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar sessão' }));
    await waitFor(() => expect(writesIn(requests)).toHaveLength(1));
    expect(writesIn(requests)[0]).toMatchObject({
      path: '/api/v1/contracts/5/sessions',
      body: {
        service_id: 2,
        performed_at: saoPauloDate(new Date()),
        professional_id: 3,
        note: 'Pele sensível',
      },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Registrar sessão' })).not.toBeInTheDocument(),
    );
  });

  it('shows the refusal, and a clinical block asks for the override reason', async () => {
    const requests = serve(makeContract());
    let calls = 0;
    server.use(
      http.post('/api/v1/contracts/5/sessions', () => {
        calls += 1;
        if (calls === 1) {
          return HttpResponse.json(
            {
              detail: [
                {
                  loc: ['body', 'override_reason'],
                  msg: 'A ficha da cliente tem uma contraindicação absoluta para este procedimento; informe o motivo para registrar mesmo assim.',
                  type: 'value_error',
                },
              ],
            },
            { status: 422 },
          );
        }
        return HttpResponse.json(makeLedgerEntry({ id: 9, kind: 'redeem' }), { status: 201 });
      }),
    );
    const user = await open();
    await user.click(screen.getByRole('button', { name: 'Registrar sessão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar sessão' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Procedimento/ }));
    await user.click(await screen.findByRole('option', { name: /Limpeza de Pele/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar sessão' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('contraindicação absoluta');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Motivo para registrar mesmo assim/ }),
      'Liberado pela dermatologista',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Registrar sessão' }));
    await waitFor(() => expect(writesIn(requests)).toHaveLength(2));
    expect(writesIn(requests)[1]?.body).toMatchObject({
      service_id: 1,
      override_reason: 'Liberado pela dermatologista',
    });
  });

  it('a manager cancels: the quote first, then the reason, then the term', async () => {
    const requests = serve(makeContract());
    server.use(
      http.get('/api/v1/contracts/5/cancellation-quote', () =>
        HttpResponse.json({
          rule: 'Sessões usadas pelo preço contratado e multa de 10 % sobre o saldo.',
          paid: 1234.56,
          used_sessions: 1,
          used_value: 154.32,
          fee: 108.02,
          fee_percent: 10,
          refund_due: 972.22,
        }),
      ),
      http.post('/api/v1/contracts/5/cancel', () =>
        HttpResponse.json({
          contract: makeContract({ status: 'cancelado' }),
          quote: {
            rule: '',
            paid: 1234.56,
            used_sessions: 1,
            used_value: 154.32,
            fee: 108.02,
            fee_percent: 10,
            refund_due: 972.22,
          },
        }),
      ),
    );
    const user = await open('manager');
    expect(screen.getByRole('button', { name: 'Congelar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar contrato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar contrato' });
    const quote = await within(dialog).findByLabelText('Cálculo do cancelamento');
    expect(quote).toHaveTextContent('R$ 1.234,56');
    expect(quote).toHaveTextContent('R$ 108,02');
    expect(quote).toHaveTextContent('R$ 972,22');
    expect(quote).toHaveTextContent('Multa (10 %)');
    expect(quote).toHaveTextContent('Regra aplicada: Sessões usadas');
    expect(writesIn(requests)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /Motivo do cancelamento/ }),
      'Mudou de cidade',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar contrato' }));
    await waitFor(() => expect(writesIn(requests)).toHaveLength(1));
    expect(writesIn(requests)[0]).toMatchObject({
      path: '/api/v1/contracts/5/cancel',
      body: { reason: 'Mudou de cidade' },
    });
    expect(
      await within(dialog).findByRole('button', { name: 'Termo de cancelamento (PDF)' }),
    ).toBeInTheDocument();
  });

  it('staff record a withdrawal while the client may still withdraw', async () => {
    const requests = serve(makeContract({ can_withdraw: true }));
    server.use(
      http.post('/api/v1/contracts/5/withdraw', () =>
        HttpResponse.json(makeContract({ status: 'desistencia' })),
      ),
    );
    const user = await open();
    await user.click(screen.getByRole('button', { name: 'Registrar desistência' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar desistência' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar desistência' }));
    await waitFor(() => expect(writesIn(requests)).toHaveLength(1));
    expect(writesIn(requests)[0]?.path).toBe('/api/v1/contracts/5/withdraw');
  });

  it('says so when the contract is out of reach', async () => {
    server.use(
      http.get('/api/v1/contracts/5', () =>
        HttpResponse.json({ detail: 'Contrato não encontrado.' }, { status: 404 }),
      ),
    );
    stubViewport('desktop');
    signInAs(makeUser());
    await renderApp('/contratos/5');
    expect(await screen.findByText('Contrato não encontrado.')).toBeInTheDocument();
  });

  it('/propostas/{id}/contrato opens the contract the proposal became', async () => {
    apiData.proposals = [makeProposal({ id: 11, status: 'accepted' })];
    serve(makeContract());
    server.use(
      http.get('/api/v1/contracts/', () =>
        HttpResponse.json([makeContract({ id: 4, proposal_id: 10 }), makeContract()], {
          headers: { 'X-Total-Count': '2' },
        }),
      ),
    );
    stubViewport('desktop');
    signInAs(makeUser());
    const { router } = await renderApp('/propostas/11/contrato');
    await screen.findByRole('heading', { name: 'Contrato 2026-000042' });
    expect(router.state.location.pathname).toBe('/contratos/5');
  });
});
