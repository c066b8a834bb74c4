import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Proposal } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  makeUser,
  mockFetch,
  renderApp,
  signInAs,
  stubViewport,
} from '../../test/test-utils';

function makeProposal(overrides: Partial<Proposal> = {}): Proposal {
  return {
    id: 5,
    number: '2026-000123',
    version: 1,
    status: 'draft',
    client: { id: 9, full_name: 'Maria José da Silva' },
    package: { id: 4, name: 'Pacote Rejuvenescimento 4', annual_value: 14400 },
    valid_until: '2026-12-02T12:00:00.000Z',
    author: { id: 1, name: 'Ana Souza' },
    unit: 'PAULISTA',
    created_at: '2026-11-25T12:00:00.000Z',
    sent_at: null,
    viewed_at: null,
    answered_at: null,
    items: [
      {
        service_id: 11,
        name: 'Microagulhamento',
        block: 'A',
        sessions: 2,
        unit_value: 390,
        total_value: 780,
      },
    ],
    totals: {
      annual: 14400,
      monthly: 1200,
      servicesTotalValue: 780,
      discount: -13620,
      discountPct: -1746.2,
      receitaLiquida: 10080,
      lucro: 9720,
      margemPct: 67.5,
      monthlyRemaining: 810,
    },
    warnings: [
      {
        code: 'contraindication',
        service_id: 11,
        message: 'Atenção: "Microagulhamento" envolve "látex", que consta nas alergias.',
      },
    ],
    valid_days: 7,
    acceptance: null,
    decline: null,
    link_active: false,
    previous_id: null,
    superseded_by_id: null,
    ...overrides,
  };
}

function serve(proposal: Proposal, sent: unknown[] = []) {
  return mockFetch((url, init) => {
    if (url.startsWith('/api/v1/auth/me')) return jsonResponse(makeUser());
    if (url === `/api/v1/proposals/${proposal.id}` && init.method === 'GET') {
      return jsonResponse(proposal);
    }
    if (url === `/api/v1/proposals/${proposal.id}/send` && init.method === 'POST') {
      sent.push(url);
      return jsonResponse({
        public_url: 'http://127.0.0.1:3000/p/abc123',
        whatsapp_url: 'https://wa.me/5511988887777?text=Ol%C3%A1',
        expires_at: '2026-12-02T12:00:00.000Z',
        email_sent: false,
      });
    }
    return jsonResponse({ detail: 'Não encontrado.' }, 404);
  });
}

describe('/propostas/{id}', () => {
  it('shows the contraindication and never a negative discount', async () => {
    stubViewport('desktop');
    signInAs(makeUser());
    serve(makeProposal());
    renderApp('/propostas/5');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Proposta 2026-000123' }),
    ).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Contraindicações do cliente');
    expect(alert).toHaveTextContent('Microagulhamento');
    const discount = screen.getByRole('row', { name: /Desconto Gerado/ });
    expect(discount).toHaveTextContent('Sem desconto (benefícios do pacote)');
    expect(discount.textContent).not.toMatch(/-/);
  });

  it("'modo cliente' hides lucro, margin and the other internal figures", async () => {
    stubViewport('desktop');
    signInAs(makeUser());
    serve(makeProposal());
    renderApp('/propostas/5');
    const internal = await screen.findByRole('region', { name: 'Valores internos' });
    expect(internal).toHaveTextContent('Lucro');
    expect(internal).toHaveTextContent('67,5%');
    await userEvent.setup().click(screen.getByRole('switch', { name: /Modo cliente/ }));
    expect(screen.queryByRole('region', { name: 'Valores internos' })).not.toBeInTheDocument();
    expect(screen.queryByText('Lucro')).not.toBeInTheDocument();
    expect(screen.queryByText(/67,5/)).not.toBeInTheDocument();
    // What the client may see stays.
    expect(screen.getByRole('row', { name: /Valor do Pacote/ })).toHaveTextContent('14.400,00');
  });

  it('sends: shows the public link, the WhatsApp button and copy', async () => {
    stubViewport('desktop');
    signInAs(makeUser());
    const sent: unknown[] = [];
    serve(makeProposal(), sent);
    renderApp('/propostas/5');
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
    expect(sent).toHaveLength(1);
  });

  it('shows the acceptance evidence and offers no sending once accepted', async () => {
    stubViewport('desktop');
    signInAs(makeUser());
    serve(
      makeProposal({
        status: 'accepted',
        acceptance: {
          accepted_at: '2026-11-26T15:00:00.000Z',
          full_name: 'maria jose da silva',
          ip: '203.0.113.7',
          user_agent: 'Celular',
          document_sha256: 'a'.repeat(64),
        },
      }),
    );
    renderApp('/propostas/5');
    const evidence = await screen.findByRole('region', { name: 'Aceite do cliente' });
    expect(within(evidence).getByText('maria jose da silva')).toBeInTheDocument();
    expect(within(evidence).getByText('203.0.113.7')).toBeInTheDocument();
    expect(evidence).toHaveTextContent(`SHA-256 do PDF aceito: ${'a'.repeat(64)}`);
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova versão' })).not.toBeInTheDocument();
  });
});
