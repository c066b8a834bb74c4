import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saoPauloDate, type ContractPayments } from '@portal/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  makeContract,
  makeContractPayments,
  makeInstallment,
} from '../../../test/contract-fixtures';
import { recordRequests, server, writesIn } from '../../../test/msw-server';
import { makeUser, renderApp, signInAs, stubViewport } from '../../../test/test-utils';

const BR_CODE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406102.885802BR5913Clinica Teste6009SAO PAULO62070503***6304ABCD';

/** GET /contracts/5 and its payments; the test may answer writes itself. */
function serve(payments: ContractPayments | null) {
  server.use(
    http.get('/api/v1/contracts/5', () => HttpResponse.json(makeContract())),
    http.get('/api/v1/contracts/5/payments', () =>
      payments
        ? HttpResponse.json(payments)
        : HttpResponse.json(
            { detail: 'Este contrato ainda não tem plano de pagamento.' },
            { status: 404 },
          ),
    ),
  );
  return recordRequests();
}

async function open(profile: 'professional' | 'manager' = 'manager') {
  stubViewport('desktop');
  signInAs(makeUser({ id: 3, name: 'Beatriz Lima', profile }));
  await renderApp('/contratos/5');
  const section = await screen.findByRole('region', { name: 'Pagamentos' });
  await waitFor(() =>
    expect(within(section).queryByLabelText('Carregando pagamentos')).not.toBeInTheDocument(),
  );
  return { user: userEvent.setup(), section };
}

const firstOpen = makeInstallment({ n: 1, pix_copia_e_cola: BR_CODE });

describe("/contratos/{id}: 'Pagamentos' (issue 29)", () => {
  it('shows the plan, each instalment with its pt-BR status, and the next one to pay', async () => {
    serve(
      makeContractPayments({
        installments: [
          makeInstallment({
            n: 1,
            status: 'paga',
            status_label: 'Paga',
            paid_at: '2026-11-21T15:00:00.000Z',
          }),
          makeInstallment({ n: 2, pix_copia_e_cola: BR_CODE }),
          ...Array.from({ length: 10 }, (_, index) => makeInstallment({ n: index + 3 })),
        ],
      }),
    );
    const { section } = await open();
    expect(within(section).getByText('Pix manual')).toBeInTheDocument();
    expect(within(section).getByText('12 · todo dia 20')).toBeInTheDocument();
    const list = within(section).getByRole('list', { name: 'Parcelas' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(12);
    expect(items[0]).toHaveTextContent('1/12 · R$ 102,88');
    expect(items[0]).toHaveTextContent('Vence em 20/01/2027 · paga em 21/11/2026');
    expect(items[0]).toHaveTextContent('Paga');
    expect(items[1]).toHaveTextContent('Agendada');
    const next = within(section).getByRole('region', { name: 'Próxima parcela: 2/12' });
    expect(next).toHaveTextContent('R$ 102,88 · vence em 20/02/2027');
    expect(within(next).getByText(BR_CODE)).toBeInTheDocument();
    expect(within(next).getByRole('button', { name: 'Copiar código Pix' })).toBeInTheDocument();
    const whatsapp = within(next).getByRole('link', { name: /Enviar 2ª via pelo WhatsApp/ });
    const href = new URL(whatsapp.getAttribute('href') ?? '');
    expect(href.origin + href.pathname).toBe('https://wa.me/5511977772222');
    const text = href.searchParams.get('text') ?? '';
    expect(text).toContain('Olá, Maria! Segue a 2ª via da parcela 2/12 do contrato 2026-000042');
    expect(text).toMatch(/R\$\s102,88, com vencimento em 20\/02\/2027/);
    expect(text).toContain(BR_CODE);
  });

  it('a manager records a payment with its date and a note; the list then reads Paga', async () => {
    let payments = makeContractPayments({
      installments: [firstOpen, ...makeContractPayments().installments.slice(1)],
    });
    const requests = serve(null);
    server.use(
      http.get('/api/v1/contracts/5/payments', () => HttpResponse.json(payments)),
      http.post('/api/v1/installments/101/mark-paid', async ({ request }) => {
        const body = (await request.json()) as { paid_at: string };
        const paid = {
          ...firstOpen,
          status: 'paga' as const,
          status_label: 'Paga',
          paid_at: body.paid_at,
          pix_copia_e_cola: null,
        };
        payments = {
          ...payments,
          installments: [paid, ...payments.installments.slice(1)],
        };
        return HttpResponse.json(paid);
      }),
    );
    const { user, section } = await open();
    const next = within(section).getByRole('region', { name: 'Próxima parcela: 1/12' });
    await user.click(within(next).getByRole('button', { name: 'Registrar pagamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    const today = saoPauloDate(new Date());
    expect(within(dialog).getByLabelText(/Data do pagamento/)).toHaveValue(today);
    await user.type(within(dialog).getByLabelText(/Observação/), 'E2E no extrato');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    await waitFor(() => expect(writesIn(requests)).toHaveLength(1));
    const write = writesIn(requests)[0];
    expect(write?.path).toBe('/api/v1/installments/101/mark-paid');
    expect(write?.body).toMatchObject({ note: 'E2E no extrato' });
    const paidAt = (write?.body as { paid_at: string }).paid_at;
    expect(saoPauloDate(paidAt)).toBe(today);
    await waitFor(() =>
      expect(
        within(within(section).getByRole('list', { name: 'Parcelas' })).getAllByRole('listitem')[0],
      ).toHaveTextContent('Paga'),
    );
    expect(within(section).getByRole('region', { name: 'Próxima parcela: 2/12' })).toBeVisible();
  });

  it('refuses a payment date in the future without sending anything', async () => {
    const requests = serve(
      makeContractPayments({
        installments: [firstOpen, ...makeContractPayments().installments.slice(1)],
      }),
    );
    const { user, section } = await open();
    await user.click(within(section).getByRole('button', { name: 'Registrar pagamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pagamento' });
    const field = within(dialog).getByLabelText(/Data do pagamento/);
    fireEvent.change(field, { target: { value: '2099-01-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pagamento' }));
    expect(
      await within(dialog).findByText('A data do pagamento não pode estar no futuro.'),
    ).toBeInTheDocument();
    expect(writesIn(requests)).toHaveLength(0);
  });

  it('a contract without a plan: the manager creates one (12 instalments by default)', async () => {
    const requests = serve(null);
    let created = false;
    server.use(
      http.get('/api/v1/contracts/5/payments', () =>
        created
          ? HttpResponse.json(makeContractPayments())
          : HttpResponse.json(
              { detail: 'Este contrato ainda não tem plano de pagamento.' },
              { status: 404 },
            ),
      ),
      http.post('/api/v1/contracts/5/payment-plan', () => {
        created = true;
        return HttpResponse.json(makeContractPayments());
      }),
    );
    const { user, section } = await open();
    expect(
      within(section).getByText('Este contrato ainda não tem plano de pagamento.'),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Criar plano de pagamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plano de pagamento' });
    expect(within(dialog).getByLabelText(/Número de parcelas/)).toHaveValue('12');
    const dueDay = within(dialog).getByLabelText(/Dia do vencimento/);
    await user.clear(dueDay);
    await user.type(dueDay, '32');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar plano' }));
    expect(
      await within(dialog).findByText('O dia de vencimento deve ser um inteiro entre 1 e 31.'),
    ).toBeInTheDocument();
    await user.clear(dueDay);
    await user.type(dueDay, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar plano' }));
    await waitFor(() => expect(writesIn(requests)).toHaveLength(1));
    expect(writesIn(requests)[0]).toMatchObject({
      path: '/api/v1/contracts/5/payment-plan',
      body: { method: 'pix_manual', installments: 12, due_day: 10 },
    });
    expect(await within(section).findByRole('list', { name: 'Parcelas' })).toBeInTheDocument();
  });

  it('professionals see the plan and the Pix, but record nothing', async () => {
    serve(
      makeContractPayments({
        installments: [firstOpen, ...makeContractPayments().installments.slice(1)],
      }),
    );
    const { section } = await open('professional');
    expect(within(section).getByText(BR_CODE)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Registrar/ })).not.toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: 'Alterar plano' }),
    ).not.toBeInTheDocument();
  });

  it("lists the refunds due and settles a manual one with 'Marcar reembolso feito'", async () => {
    const refund = {
      id: 9,
      amount: 205.76,
      reason: 'desistencia' as const,
      status: 'pendente' as const,
      status_label: 'A devolver',
      method: 'pix_manual' as const,
      created_at: '2026-11-22T12:00:00.000Z',
      done_at: null,
    };
    let settled = makeContractPayments({ refunds: [refund] });
    const requests = serve(null);
    server.use(
      http.get('/api/v1/contracts/5/payments', () => HttpResponse.json(settled)),
      http.post('/api/v1/contracts/5/refunds/9/mark-done', () => {
        settled = makeContractPayments({
          refunds: [
            {
              ...refund,
              status: 'concluida',
              status_label: 'Devolvida',
              done_at: '2026-11-23T12:00:00.000Z',
            },
          ],
        });
        return HttpResponse.json(settled);
      }),
    );
    const { user, section } = await open();
    expect(within(section).getByText(/^R\$\s205,76 · Desistência$/)).toBeInTheDocument();
    expect(within(section).getByText('A devolver')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Marcar reembolso feito' }));
    await waitFor(() => expect(writesIn(requests)).toHaveLength(1));
    expect(writesIn(requests)[0]?.path).toBe('/api/v1/contracts/5/refunds/9/mark-done');
    expect(await within(section).findByText('Devolvida em 23/11/2026')).toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: 'Marcar reembolso feito' }),
    ).not.toBeInTheDocument();
  });
});
