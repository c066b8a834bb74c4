import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  saoPauloDate,
  type CommissionRuleView,
  type CommissionStatementSummary,
  type CommissionStatementView,
} from '@portal/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../../test/msw-server';
import { makeUser, renderApp, signInAs, stubViewport } from '../../../test/test-utils';

const period = saoPauloDate(new Date()).slice(0, 7);

const rule: CommissionRuleView = {
  id: 1,
  version: 1,
  name: 'Venda na margem',
  scope: { unit: null, profile: null, professional_id: null },
  event: 'venda_aceita',
  basis: 'margem',
  rate: { type: 'pct', value: 5 },
  clawback: 'integral',
  valid_from: '2026-01-01',
  created_at: '2026-01-01T12:00:00Z',
  created_by: 'Ana Admin',
};

const summary: CommissionStatementSummary = {
  professional_id: 7,
  professional_name: 'Sofia Vendedora',
  unit: 'PAULISTA',
  period,
  status: 'prevista',
  status_label: 'Prevista',
  entries: 3,
  gross: 1234.56,
  net: 1184.06,
};

const statement: CommissionStatementView = {
  professional_id: 7,
  professional_name: 'Sofia Vendedora',
  unit: 'PAULISTA',
  period,
  status: 'prevista',
  status_label: 'Prevista',
  entries: [
    {
      id: 'contrato:11',
      rule_id: 1,
      rule_version: 1,
      professional_id: 7,
      event: 'venda_aceita',
      source_type: 'contrato',
      source_id: '11',
      contract_id: 11,
      period,
      base: 24691.2,
      amount: 1234.56,
      status: 'prevista',
      reverses: null,
    },
    {
      id: 'contrato:12',
      rule_id: 1,
      rule_version: 1,
      professional_id: 7,
      event: 'venda_aceita',
      source_type: 'contrato',
      source_id: '12',
      contract_id: 12,
      period,
      base: 1000,
      amount: 50,
      status: 'prevista',
      reverses: null,
    },
    {
      id: 'desistencia:9>contrato:12',
      rule_id: 1,
      rule_version: 1,
      professional_id: 7,
      event: 'venda_aceita',
      source_type: 'desistencia',
      source_id: '9',
      contract_id: 12,
      period,
      base: -1000,
      amount: -50,
      status: 'estornada',
      reverses: 'contrato:12',
    },
  ],
  adjustments: [
    {
      id: 1,
      amount: -50.5,
      reason: 'Adiantamento do dia 15',
      created_at: '2026-11-15T12:00:00Z',
      created_by: 'Gerson',
    },
  ],
  gross: 1234.56,
  net: 1184.06,
  approved_at: null,
  approved_by: null,
  paid_at: null,
  paid_by: null,
};

function serve() {
  server.use(
    http.get('/api/v1/commission-rules/', () => HttpResponse.json([rule])),
    http.get('/api/v1/commission-statements/', () => HttpResponse.json([summary])),
    http.get(`/api/v1/commission-statements/7/${period}`, () => HttpResponse.json(statement)),
    http.post(`/api/v1/commission-statements/7/${period}/approve`, () =>
      HttpResponse.json({
        ...statement,
        status: 'aprovada',
        status_label: 'Aprovada',
        approved_at: '2026-11-28T12:00:00Z',
        approved_by: 'Gerson',
      }),
    ),
  );
  return recordRequests();
}

describe("/comissoes: 'Comissões' (issue 30)", () => {
  it('shows each line, the reversal, the adjustment, gross and net; the manager approves', async () => {
    stubViewport('phone');
    const requests = serve();
    signInAs(makeUser({ id: 3, name: 'Gerson Gerente', profile: 'manager' }));
    await renderApp('/comissoes');
    await screen.findByRole('heading', { level: 1, name: 'Comissões' });
    // One line in scope: its statement opens at once.
    const detail = await screen.findByRole('region', { name: /Sofia Vendedora · / });
    const lines = within(detail).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Venda aceita · contrato 11');
    expect(lines[0]).toHaveTextContent('Venda na margem (versão 1) · base R$ 24.691,20');
    expect(lines[0]).toHaveTextContent('R$ 1.234,56');
    expect(lines[2]).toHaveTextContent('Estorno · Desistência · contrato 12');
    expect(lines[2]).toHaveTextContent('Estornada');
    expect(within(detail).getByText('Adiantamento do dia 15')).toBeInTheDocument();
    expect(within(detail).getByLabelText('Bruto')).toHaveTextContent('R$ 1.234,56');
    expect(within(detail).getByLabelText('Líquido')).toHaveTextContent('R$ 1.184,06');
    // A manager approves; paying is an admin's.
    expect(within(detail).queryByRole('button', { name: 'Marcar como pago' })).toBeNull();
    await userEvent.click(within(detail).getByRole('button', { name: 'Aprovar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Aprovar extrato' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Aprovar' }));
    expect(await within(detail).findByText('Aprovada')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/approve'))).toBe(true);
  });

  it('a professional sees their statement and no action but the downloads', async () => {
    serve();
    signInAs(makeUser({ id: 7, name: 'Sofia Vendedora', profile: 'professional' }));
    await renderApp('/comissoes');
    const detail = await screen.findByRole('region', { name: /Sofia Vendedora · / });
    expect(within(detail).queryByRole('button', { name: 'Aprovar' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Adicionar ajuste' })).toBeNull();
    expect(within(detail).getByRole('button', { name: 'Baixar CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Regras' })).toBeNull();
  });
});
