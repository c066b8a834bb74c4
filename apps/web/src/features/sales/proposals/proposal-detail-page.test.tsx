import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Proposal } from '@portal/domain';
import { makeProposal } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
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
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Contraindicações do cliente');
    expect(alert).toHaveTextContent('Microagulhamento');
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
          document_sha256: 'a'.repeat(64),
        },
      }),
    );
    await renderApp('/propostas/5');
    const evidence = await screen.findByRole('region', { name: 'Aceite do cliente' });
    expect(within(evidence).getByText('maria jose da silva')).toBeInTheDocument();
    expect(within(evidence).getByText('203.0.113.7')).toBeInTheDocument();
    expect(evidence).toHaveTextContent(`SHA-256 do PDF aceito: ${'a'.repeat(64)}`);
    expect(screen.queryByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova versão' })).not.toBeInTheDocument();
  });
});
