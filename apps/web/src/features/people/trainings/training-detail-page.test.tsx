import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Training } from '@portal/domain';
import { Route, Routes } from 'react-router';
import { makeTraining } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../../test/msw-server';
import { queryOf, renderWithProviders } from '../../../test/test-utils';
import TrainingDetailPage from './training-detail-page';

/** The MSW API knows `training` (liked as the server does) and lists `others` as related. */
function renderDetail(id: number | string, others: Training[] = [], training?: Training) {
  server.use(
    http.get('/api/v1/trainings/', () => HttpResponse.json(others)),
    http.get('/api/v1/trainings/:id', ({ params }) =>
      training && Number(params.id) === training.id
        ? HttpResponse.json(training)
        : HttpResponse.json({ detail: 'Treinamento não encontrado.' }, { status: 404 }),
    ),
    http.post('/api/v1/trainings/:id/like', () =>
      training
        ? HttpResponse.json({
            ...training,
            like_count: training.like_count + 1,
            my_reaction: 'like',
          })
        : HttpResponse.json({ detail: 'Treinamento não encontrado.' }, { status: 404 }),
    ),
  );
  const requests = recordRequests();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <Routes>
      <Route path="/professional/trainings" element={<p>Biblioteca</p>} />
      <Route path="/professional/trainings/:id" element={<TrainingDetailPage />} />
    </Routes>,
    { route: `/professional/trainings/${id}` },
  );
  return { user, requests };
}

describe('TrainingDetailPage', { timeout: 20_000 }, () => {
  it('embeds YouTube videos with the privacy-enhanced player, and shows texts and sections', async () => {
    const training = makeTraining({
      id: 5,
      title: 'Peeling químico',
      description: 'Como aplicar com segurança.',
      category: 'skincare',
      published_at: '2026-03-10T12:00:00.000Z',
      content_sections: [
        { title: 'Preparação', text: 'Limpe a pele.' },
        { title: 'Aplicação', text: 'Use pincel.' },
      ],
    });
    renderDetail(5, [], training);
    expect(
      await screen.findByRole('heading', { name: 'Peeling químico', level: 1 }),
    ).toBeInTheDocument();
    const player = screen.getByTitle('Peeling químico');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(screen.getByText('Como aplicar com segurança.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Preparação' })).toBeInTheDocument();
    expect(screen.getByText('Use pincel.')).toBeInTheDocument();
    expect(screen.getByText('Publicado em 10/03/2026')).toBeInTheDocument();
  });

  it('plays other links in the native player', async () => {
    const mp4 = makeTraining({
      id: 6,
      title: 'Aula MP4',
      video_url: 'https://cdn.exemplo.com/aula.mp4',
      thumbnail_url: null,
    });
    renderDetail(6, [], mp4);
    await screen.findByRole('heading', { name: 'Aula MP4', level: 1 });
    const video = document.querySelector('video');
    expect(video).toHaveAttribute('src', 'https://cdn.exemplo.com/aula.mp4');
    expect(video).toHaveAttribute('controls');
  });

  it("shows 'Vídeo indisponível' without a video", async () => {
    renderDetail(
      7,
      [],
      makeTraining({ id: 7, title: 'Sem vídeo', video_url: null, thumbnail_url: null }),
    );
    await screen.findByRole('heading', { name: 'Sem vídeo', level: 1 });
    expect(screen.getByText('Vídeo indisponível')).toBeInTheDocument();
  });

  it('lists related trainings of the same category by popularity, without itself', async () => {
    const training = makeTraining({ id: 5, category: 'body', title: 'Drenagem' });
    const { requests } = renderDetail(
      5,
      [
        makeTraining({ id: 9, category: 'body', title: 'Massagem modeladora', like_count: 7 }),
        training,
        makeTraining({ id: 3, category: 'body', title: 'Criolipólise', like_count: 1 }),
      ],
      training,
    );
    const sidebar = await screen.findByRole('complementary', { name: 'Relacionados' });
    await within(sidebar).findByText('Massagem modeladora');
    const links = within(sidebar)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Massagem modeladora', 'Criolipólise']);
    const relatedCall = requests.find(({ path }) => path.startsWith('/api/v1/trainings/?'));
    expect(queryOf(relatedCall?.path ?? '')).toEqual({
      category: 'body',
      order: 'popular',
      limit: '12',
      offset: '0',
    });
  });

  it("says 'Sem vídeos relacionados.' when it is the only one", async () => {
    const training = makeTraining({ id: 5 });
    renderDetail(5, [training], training);
    expect(await screen.findByText('Sem vídeos relacionados.')).toBeInTheDocument();
  });

  it('replaces the training with the answer of a like', async () => {
    const training = makeTraining({ id: 5, like_count: 3 });
    const { user } = renderDetail(5, [], training);
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Gostei (3)' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Gostei (4)' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
  });

  it('shows the load failure text for unknown or invalid ids, and goes back', async () => {
    const { user } = renderDetail(404);
    expect(await screen.findByText('Não foi possível carregar o treinamento.')).toBeInTheDocument();
    // Opened directly (no history inside the app): Voltar leads to the library.
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByText('Biblioteca')).toBeInTheDocument();
  });

  it('does not ask the API for an id that is not a number', async () => {
    const { requests } = renderDetail('abc');
    expect(await screen.findByText('Não foi possível carregar o treinamento.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
