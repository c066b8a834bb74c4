import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/test-utils';
import { ProcedureDetailDialog, type ProcedureDetail } from './procedure-detail-dialog';

const PROCEDURE: ProcedureDetail = {
  id: 7,
  name: 'Criolipólise',
  description: 'Redução de gordura localizada pelo frio.',
  value: 1500,
  session_limit: 0,
};

const PHOTOS = {
  service_id: 7,
  photos: [
    {
      id: 11,
      position: 1,
      subtitle: 'Antes',
      url: '/img/11',
    },
    {
      id: 12,
      position: 2,
      subtitle: 'Depois',
      url: '/img/12',
    },
  ],
};

function renderDialog(photos: typeof PHOTOS = PHOTOS, procedure: ProcedureDetail = PROCEDURE) {
  // The dialog reads captions and signed links only (no base64).
  server.use(
    http.get(`/api/v1/service-photos/${procedure.id}/links`, () => HttpResponse.json(photos)),
  );
  const onClose = vi.fn();
  renderWithProviders(<ProcedureDetailDialog procedure={procedure} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

describe('ProcedureDetailDialog', () => {
  it("shows the name, description, 'MAX. SESS.' as a dash for 0 and 'VALOR' in BRL", async () => {
    const { user, onClose } = renderDialog();
    const dialog = within(screen.getByRole('dialog', { name: 'Criolipólise' }));
    expect(dialog.getByText('Redução de gordura localizada pelo frio.')).toBeVisible();
    expect(dialog.getByText('MAX. SESS.').nextSibling).toHaveTextContent('—');
    expect(dialog.getByText('VALOR').nextSibling).toHaveTextContent('R$ 1.500,00');
    await user.click(dialog.getByRole('button', { name: 'Voltar' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the session limit when there is one', () => {
    renderDialog(PHOTOS, { ...PROCEDURE, session_limit: 6 });
    expect(screen.getByText('MAX. SESS.').nextSibling).toHaveTextContent('6');
  });

  it("says 'Sem fotos' when the procedure has none", async () => {
    renderDialog({ service_id: 7, photos: [] });
    expect(await screen.findByText('Sem fotos')).toBeVisible();
  });

  it('walks the carousel with captions and the signed image URLs', async () => {
    const { user } = renderDialog();
    const first = await screen.findByRole('img', { name: 'Antes' });
    expect(first).toHaveAttribute('src', '/img/11');
    expect(screen.getByText('1 / 2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Próxima foto' }));
    expect(screen.getByRole('img', { name: 'Depois' })).toHaveAttribute('src', '/img/12');
    expect(screen.getByText('Depois')).toBeVisible();
  });

  it('opens a full-screen viewer: arrows navigate, Escape closes only the viewer', async () => {
    const { user, onClose } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Ampliar foto 1 de 2' }));
    const viewer = await screen.findByRole('dialog', { name: 'Criolipólise — 1 / 2' });
    await user.keyboard('{ArrowRight}');
    expect(viewer).toHaveAccessibleName('Criolipólise — 2 / 2');
    await user.keyboard('{ArrowRight}');
    expect(viewer).toHaveAccessibleName('Criolipólise — 1 / 2');
    await user.keyboard('{ArrowLeft}');
    expect(viewer).toHaveAccessibleName('Criolipólise — 2 / 2');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: 'Criolipólise' })).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it("tells when the photos cannot load: 'Falha ao carregar detalhes.'", async () => {
    server.use(
      http.get('/api/v1/service-photos/:id/links', () =>
        HttpResponse.json({ detail: 'Sem permissão' }, { status: 403 }),
      ),
    );
    renderWithProviders(<ProcedureDetailDialog procedure={PROCEDURE} onClose={() => {}} />);
    expect(await screen.findByText('Falha ao carregar detalhes.')).toBeVisible();
  });
});
