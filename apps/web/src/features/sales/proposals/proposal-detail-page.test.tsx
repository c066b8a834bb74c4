import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Proposal } from '@portal/domain';
import { makeProposal, makeService } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeContract } from '../../../test/contract-fixtures';
import { apiData } from '../../../test/msw-handlers';
import { server, recordRequests } from '../../../test/msw-server';
import { makeUser, renderApp, signInAs, stubViewport } from '../../../test/test-utils';

const SEND_ANSWER = {
  public_url: 'http://127.0.0.1:3000/p/abc123',
  whatsapp_url: 'https://wa.me/5511988887777?text=Ol%C3%A1',
  expires_at: '2026-12-02T12:00:00.000Z',
  email_sent: false,
};

/** Proposal 5 on the MSW API, the session of Ana; the POSTs it receives. */
function serve(proposal: Proposal) {
  stubViewport('desktop');
  signInAs(makeUser());
  apiData.proposals = [proposal];
  server.use(http.post('/api/v1/proposals/:id/send', () => HttpResponse.json(SEND_ANSWER)));
  const requests = recordRequests();
  return () => requests.filter((request) => request.method === 'POST');
}

describe('/propostas/{id}', () => {
  it('shows the contraindication and never a negative discount', async () => {
    serve(makeProposal());
    await renderApp('/propostas/5');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Proposta 2026-000123' }),
    ).toBeInTheDocument();
    const clinical = screen.getByRole('region', { name: 'Avisos clínicos' });
    expect(clinical).toHaveTextContent('Microagulhamento');
    const discount = screen.getByRole('row', { name: /Desconto Gerado/ });
    expect(discount).toHaveTextContent('Sem desconto (benefícios do pacote)');
    expect(discount.textContent).not.toMatch(/-/);
  });

  it("'modo cliente' hides lucro, margin and the other internal figures", async () => {
    serve(makeProposal());
    await renderApp('/propostas/5');
    const internal = await screen.findByRole('region', { name: 'Valores internos' });
    expect(internal).toHaveTextContent('Lucro');
    expect(internal).toHaveTextContent('67,50%');
    await userEvent.setup().click(screen.getByRole('switch', { name: /Modo cliente/ }));
    expect(screen.queryByRole('region', { name: 'Valores internos' })).not.toBeInTheDocument();
    expect(screen.queryByText('Lucro')).not.toBeInTheDocument();
    expect(screen.queryByText(/67,5/)).not.toBeInTheDocument();
    // What the client may see stays.
    expect(screen.getByRole('row', { name: /Valor do Pacote/ })).toHaveTextContent('14.400,00');
  });

  it('sends: shows the public link, the WhatsApp button and copy', async () => {
    const posts = serve(makeProposal());
    await renderApp('/propostas/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('textbox', { name: 'Link público' })).toHaveValue(
      'http://127.0.0.1:3000/p/abc123',
    );
    expect(screen.getByRole('link', { name: 'Enviar pelo WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5511988887777?text=Ol%C3%A1',
    );
    expect(screen.getByRole('button', { name: 'Copiar link' })).toBeInTheDocument();
    expect(posts().map(({ path }) => path)).toEqual(['/api/v1/proposals/5/send']);
  });

  it('shows the acceptance evidence and offers no sending once accepted', async () => {
    serve(
      makeProposal({
        status: 'accepted',
        acceptance: {
          accepted_at: '2026-11-26T15:00:00.000Z',
          full_name: 'maria jose da silva',
          ip: '203.0.113.7',
          user_agent: 'Celular',
          document_hmac: 'a'.repeat(64),
        },
      }),
    );
    await renderApp('/propostas/5');
    const evidence = await screen.findByRole('region', { name: 'Aceite do cliente' });
    expect(within(evidence).getByText('maria jose da silva')).toBeInTheDocument();
    expect(within(evidence).getByText('203.0.113.7')).toBeInTheDocument();
    expect(evidence).toHaveTextContent(`Selo do PDF aceito (HMAC-SHA-256): ${'a'.repeat(64)}`);
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova versão' })).not.toBeInTheDocument();
  });
});

describe("/propostas/{id} 'Aceite presencial'", () => {
  it("records the client's typed name, then opens the contract it became", async () => {
    const posts = serve(makeProposal({ status: 'sent' }));
    server.use(
      http.post('/api/v1/proposals/5/accept-in-person', () =>
        HttpResponse.json({ contract_id: 8, proposal_id: 5, status: 'ativo' }),
      ),
      http.get('/api/v1/contracts/8', () => HttpResponse.json(makeContract({ id: 8 }))),
    );
    const { router } = await renderApp('/propostas/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aceite presencial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aceite presencial' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar aceite' }));
    expect(within(dialog).getByText('Digite o nome completo da cliente.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Nome completo da cliente/ }),
      'Maria José da Silva',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar aceite' }));
    await screen.findByRole('heading', { level: 1, name: 'Contrato 2026-000042' });
    expect(router.state.location.pathname).toBe('/contratos/8');
    expect(posts()).toEqual([
      {
        method: 'POST',
        path: '/api/v1/proposals/5/accept-in-person',
        body: { full_name: 'Maria José da Silva' },
      },
    ]);
  });

  it('an accepted proposal links to its contract', async () => {
    serve(makeProposal({ status: 'accepted' }));
    await renderApp('/propostas/5');
    expect(await screen.findByRole('link', { name: 'Ver contrato' })).toHaveAttribute(
      'href',
      '/propostas/5/contrato',
    );
    expect(screen.queryByRole('button', { name: 'Aceite presencial' })).not.toBeInTheDocument();
  });
});

const THREE_ITEMS: Proposal['items'] = [
  {
    service_id: 11,
    name: 'Toxina Botulínica',
    block: 'A',
    sessions: 1,
    unit_value: 1500,
    total_value: 1500,
  },
  {
    service_id: 12,
    name: 'Limpeza de Pele',
    block: 'A',
    sessions: 2,
    unit_value: 200,
    total_value: 400,
  },
  { service_id: 13, name: 'Drenagem', block: 'B', sessions: 4, unit_value: 150, total_value: 600 },
  { service_id: 14, name: 'Peeling', block: 'B', sessions: 1, unit_value: 300, total_value: 300 },
];

describe('/propostas/{id} clinical record (issue 26)', () => {
  it('shows the absolute and relative issues and the reason kept for the override', async () => {
    serve({
      ...makeProposal({ items: THREE_ITEMS }),
      warnings: [
        {
          code: 'contraindication',
          service_id: 11,
          condition: 'GESTACAO',
          severity: 'absolute',
          message: 'Gestação: toxina botulínica não é aplicada na gestação.',
        },
        {
          code: 'sun_timing',
          service_id: 14,
          condition: 'SOL',
          severity: 'relative',
          message: 'Evite sol por 7 dias.',
        },
      ],
      clinical_overrides: [
        {
          service_id: 11,
          condition: 'GESTACAO',
          reason: 'Liberação por escrito do obstetra.',
          by: { id: 1, name: 'Ana Souza' },
          at: '2026-11-26T15:00:00.000Z',
        },
      ],
    } as unknown as Proposal);
    await renderApp('/propostas/5');
    const clinical = await screen.findByRole('region', { name: 'Avisos clínicos' });
    expect(within(clinical).getByText('Contraindicado')).toBeInTheDocument();
    expect(clinical).toHaveTextContent(
      'Toxina Botulínica: Gestação: toxina botulínica não é aplicada na gestação.',
    );
    expect(clinical).toHaveTextContent('Peeling: Evite sol por 7 dias.');
    expect(within(clinical).getByText('Mantido com justificativa')).toBeInTheDocument();
    expect(clinical).toHaveTextContent('“Liberação por escrito do obstetra.” — Ana Souza');
  });
});

describe('/propostas/{id} receipt panels (SPEC section 2)', () => {
  it("'Benefícios': the first 3 procedures, up to 2 lines each", async () => {
    apiData.services = [
      makeService({
        id: 11,
        name: 'Toxina Botulínica',
        benefits: {
          main_function: null,
          benefit1: 'Suaviza rugas',
          benefit2: 'Previne marcas',
          benefit3: 'Terceira linha',
        },
      }),
      makeService({
        id: 12,
        name: 'Limpeza de Pele',
        benefits: { main_function: null, benefit1: null, benefit2: null, benefit3: null },
      }),
      makeService({
        id: 13,
        name: 'Drenagem',
        benefits: {
          main_function: null,
          benefit1: 'Reduz inchaço',
          benefit2: null,
          benefit3: null,
        },
      }),
      makeService({
        id: 14,
        name: 'Peeling',
        benefits: {
          main_function: null,
          benefit1: 'Quarto procedimento',
          benefit2: null,
          benefit3: null,
        },
      }),
    ];
    serve(makeProposal({ items: THREE_ITEMS }));
    await renderApp('/propostas/5');
    const benefits = await screen.findByRole('region', { name: 'Benefícios' });
    expect(await within(benefits).findByText('Suaviza rugas')).toBeInTheDocument();
    expect(within(benefits).getByText('Previne marcas')).toBeInTheDocument();
    expect(within(benefits).queryByText('Terceira linha')).not.toBeInTheDocument();
    expect(within(benefits).getByText('Reduz inchaço')).toBeInTheDocument();
    expect(within(benefits).queryByText('Quarto procedimento')).not.toBeInTheDocument();
  });

  it("'Benefícios' says so when the procedures have none", async () => {
    apiData.services = [
      makeService({
        id: 11,
        benefits: { main_function: null, benefit1: null, benefit2: null, benefit3: null },
      }),
    ];
    serve(makeProposal({ items: THREE_ITEMS.slice(0, 1) }));
    await renderApp('/propostas/5');
    const benefits = await screen.findByRole('region', { name: 'Benefícios' });
    expect(
      await within(benefits).findByText('Sem benefícios cadastrados nos procedimentos'),
    ).toBeInTheDocument();
  });

  it("'Sinergias' asks the server with the stored procedures and shows a gain only when given", async () => {
    const posts = serve(makeProposal({ items: THREE_ITEMS.slice(0, 3) }));
    server.use(
      http.post('/api/v1/synergies/synergies/generate', () =>
        HttpResponse.json({
          engine: 'local',
          items: [
            {
              procedure1: 'Limpeza de Pele',
              procedure2: 'Drenagem',
              title: 'Limpeza + Drenagem',
              summary: 'Pele e contorno no mesmo ciclo.',
              mechanism: '',
              synergy: '',
              expected_gain_percent_range: '15–25%',
              contraindications: [],
              differentials: [],
              next_steps: [],
            },
            {
              procedure1: 'Toxina Botulínica',
              procedure2: 'Limpeza de Pele',
              title: 'Toxina + Limpeza',
              summary: 'Sem relação cadastrada.',
              mechanism: '',
              synergy: '',
              expected_gain_percent_range: null,
              contraindications: [],
              differentials: [],
              next_steps: [],
            },
          ],
        }),
      ),
    );
    await renderApp('/propostas/5');
    const user = userEvent.setup();
    expect(screen.queryByRole('region', { name: 'Sinergias' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Sinergias' }));
    const list = await screen.findByRole('region', { name: 'Sinergias' });
    expect(await within(list).findByText('Limpeza + Drenagem')).toBeInTheDocument();
    expect(within(list).getByText('Ganho esperado 15–25%')).toBeInTheDocument();
    expect(within(list).getByText('Toxina + Limpeza')).toBeInTheDocument();
    expect(within(list).getAllByText(/Ganho esperado/)).toHaveLength(1);
    const asked = posts().filter(({ path }) => path === '/api/v1/synergies/synergies/generate');
    expect(asked.map(({ body }) => body)).toEqual([
      {
        procedures: [
          { id: 11, name: 'Toxina Botulínica' },
          { id: 12, name: 'Limpeza de Pele' },
          { id: 13, name: 'Drenagem' },
        ],
        client_id: 9,
      },
    ]);
  });

  it("'Sinergias' says 'Nenhuma sinergia sugerida.' for an empty answer", async () => {
    serve(makeProposal({ items: THREE_ITEMS.slice(0, 2) }));
    server.use(
      http.post('/api/v1/synergies/synergies/generate', () =>
        HttpResponse.json({ engine: 'local', items: [] }),
      ),
    );
    await renderApp('/propostas/5');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sinergias' }));
    expect(await screen.findByText('Nenhuma sinergia sugerida.')).toBeInTheDocument();
  });
});
