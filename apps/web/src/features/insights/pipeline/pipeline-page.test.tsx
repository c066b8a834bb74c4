import { screen, within } from '@testing-library/react';
import {
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  type PipelineCard,
  type Renewal,
} from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { makeUser, renderWithProviders, signInAs, stubViewport } from '../../../test/test-utils';
import PipelinePage from './pipeline-page';
import RenewalsPage from './renewals-page';

const CARD: PipelineCard = {
  id: 31,
  number: '2026-0031',
  version: 1,
  stage: 'sent',
  client: { id: 5, full_name: 'Marina Costa' },
  package: { id: 1, name: 'Pacote Ouro' },
  value: 12_345.6,
  created_at: '2026-11-20T12:00:00.000Z',
  age_days: 5,
  owner: { id: 7, name: 'Carla Prof' },
  unit: 'PAULISTA',
  sent_at: '2026-11-20T12:00:00.000Z',
  viewed_at: null,
  answered_at: null,
  valid_until: '2026-11-26T12:00:00.000Z',
  follow_up_due: true,
  expiring: true,
};

function servePipeline() {
  apiData.pipeline = {
    unit: null,
    professional_id: null,
    columns: PIPELINE_STAGES.map((stage) => ({
      stage,
      label: PIPELINE_STAGE_LABELS[stage],
      count: stage === 'sent' ? 1 : 0,
      cards: stage === 'sent' ? [CARD] : [],
    })),
  };
}

describe('Pipeline', () => {
  it('shows each stage as a column, the card linking to its proposal, with its badges', async () => {
    stubViewport('desktop');
    servePipeline();
    signInAs(makeUser({ profile: 'manager', unit: 'PAULISTA' }));
    renderWithProviders(<PipelinePage />, { route: '/pipeline' });
    const sent = await screen.findByRole('region', { name: 'Enviada' });
    for (const label of ['Rascunho', 'Visualizada', 'Aceita', 'Recusada', 'Expirada']) {
      expect(screen.getByRole('region', { name: label })).toBeInTheDocument();
    }
    expect(within(sent).getByRole('link', { name: 'Marina Costa' })).toHaveAttribute(
      'href',
      '/propostas/31',
    );
    expect(within(sent).getByText(/R\$\s12\.345,60/)).toBeInTheDocument();
    expect(within(sent).getByText('há 5 dias')).toBeInTheDocument();
    expect(within(sent).getByText('Follow-up')).toBeInTheDocument();
    expect(within(sent).getByText('Expirando')).toBeInTheDocument();
    expect(within(sent).getByText('Carla Prof · PAULISTA')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Profissional' })).toBeInTheDocument();
  });

  it('on a phone shows one stage at a time; a professional has no professional filter', async () => {
    stubViewport('phone');
    servePipeline();
    signInAs(makeUser({ profile: 'professional' }));
    renderWithProviders(<PipelinePage />, { route: '/pipeline' });
    expect(await screen.findByRole('region', { name: 'Enviada' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Rascunho' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Etapa' })).toHaveValue('Enviada (1)');
    expect(screen.queryByRole('combobox', { name: 'Profissional' })).not.toBeInTheDocument();
  });
});

describe('Renovações', () => {
  it("lists the packages ending soon; 'Nova proposta' opens the builder from the last one", async () => {
    const renewal: Renewal = {
      client: { id: 5, full_name: 'Marina Costa' },
      proposal: {
        id: 12,
        number: '2025-0012',
        version: 2,
        package: { id: 1, name: 'Pacote Ouro' },
        annual_value: 9_000,
        accepted_at: '2025-12-20T15:00:00.000Z',
      },
      owner: { id: 7, name: 'Carla Prof' },
      unit: 'PAULISTA',
      ends_on: '2026-12-20',
      days_left: 25,
      reason: 'data',
      label: 'Pacote termina em 20/12/2026',
    };
    apiData.renewals = [renewal];
    signInAs(makeUser({ profile: 'professional' }));
    renderWithProviders(<RenewalsPage />, { route: '/renovacoes' });
    const row = await screen.findByRole('row', { name: /Marina Costa/ });
    expect(within(row).getByText('Pacote Ouro')).toBeInTheDocument();
    expect(within(row).getByText('20/12/2026')).toBeInTheDocument();
    expect(within(row).getByText('25 dias')).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: 'Nova proposta para Marina Costa' }),
    ).toHaveAttribute('href', '/montar-pacote?a_partir_de=12');
  });
});
