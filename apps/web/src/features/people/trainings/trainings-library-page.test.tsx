import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Training } from '@portal/domain';
import { makeTraining } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { recordRequests, server, type RecordedRequest } from '../../../test/msw-server';
import { deferred, queryOf, renderWithProviders } from '../../../test/test-utils';
import TrainingsLibraryPage from './trainings-library-page';

const LIST_PATH = '/api/v1/trainings/';

/** GET /trainings/ answers `answer(query)`; returns the log of the requests sent. */
function serveList(answer: (query: Record<string, string>) => Response | Promise<Response>) {
  server.use(http.get(LIST_PATH, ({ request }) => answer(queryOf(request.url))));
  return recordRequests();
}

function listCalls(requests: readonly RecordedRequest[]) {
  return requests.filter(({ path }) => path.startsWith(LIST_PATH)).map(({ path }) => queryOf(path));
}

/** A page of the list as the API answers it: the rows, and every match in X-Total-Count. */
function page(items: Training[], total: number) {
  return HttpResponse.json(items, { headers: { 'X-Total-Count': String(total) } });
}

/** The router's location (path and query) as the page last left it. */
let location = '';
function LocationProbe() {
  const current = useLocation();
  location = current.pathname + current.search;
  return null;
}

function renderLibrary(route = '/professional/trainings') {
  const user = userEvent.setup({ delay: null });
  const rendered = renderWithProviders(
    <>
      <TrainingsLibraryPage />
      <LocationProbe />
    </>,
    { route },
  );
  return Object.assign(user, { unmount: rendered.unmount });
}

const likeButton = (within_: HTMLElement = document.body) =>
  within(within_).getByRole('button', { name: /^Gostei/ });

describe('TrainingsLibraryPage', { timeout: 20_000 }, () => {
  it('shows 8 skeleton cards while loading, then the cards', async () => {
    const answer = deferred<Response>();
    serveList(() => answer.promise);
    renderLibrary();
    expect(screen.getByText('Carregando treinamentos...')).toBeInTheDocument();
    expect(screen.getByTestId('trainings-skeletons').children).toHaveLength(8);

    answer.resolve(
      HttpResponse.json([
        makeTraining({ id: 1, title: 'Peeling químico', category: 'skincare' }),
        makeTraining({
          id: 2,
          title: 'Atendimento',
          category: 'other',
          video_url: null,
          thumbnail_url: null,
          published_at: '2026-04-02T15:00:00.000Z',
        }),
      ]),
    );
    const card = (await screen.findByText('Peeling químico')).closest('article');
    expect(card).not.toBeNull();
    expect(within(card!).getByText('Skincare')).toBeInTheDocument();
    expect(within(card!).getByText('10/03/2026')).toBeInTheDocument();
    expect(within(card!).getByRole('link', { name: 'Assistir: Peeling químico' })).toHaveAttribute(
      'href',
      '/professional/trainings/1',
    );

    const noVideo = screen.getByText('Atendimento').closest('article')!;
    expect(within(noVideo).getByText('Sem thumbnail')).toBeInTheDocument();
    expect(within(noVideo).getByText('Outros')).toBeInTheDocument();
    expect(within(noVideo).getByText('02/04/2026')).toBeInTheDocument();
    // No video: no play overlay, only the title link.
    expect(within(noVideo).queryByRole('link', { name: /Assistir/ })).toBeNull();
  });

  it('asks for the newest 24 from offset 0, and pages with previous and next', async () => {
    const fullPage = Array.from({ length: 24 }, (_, i) => makeTraining({ id: i + 1 }));
    const requests = serveList((query) =>
      page(query.offset === '24' ? [makeTraining({ id: 99 })] : fullPage, 25),
    );
    const user = renderLibrary();
    await screen.findByText('Treinamento 24');
    expect(listCalls(requests)[0]).toEqual({ order: 'newest', limit: '24', offset: '0' });
    expect(screen.getByText('Página 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await screen.findByText('Treinamento 99');
    expect(listCalls(requests).at(-1)).toMatchObject({ offset: '24' });
    expect(screen.getByText('Página 2')).toBeInTheDocument();
    // Fewer than 24 came back: there is no further page.
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    await screen.findByText('Treinamento 24');
    expect(screen.getByText('Página 1')).toBeInTheDocument();
  });

  it('searches with the button, filters by chips and resets the offset', async () => {
    const fullPage = Array.from({ length: 24 }, (_, i) => makeTraining({ id: i + 1 }));
    const requests = serveList(() => page(fullPage, 48));
    const user = renderLibrary();
    await screen.findByText('Treinamento 1');
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(listCalls(requests).at(-1)).toMatchObject({ offset: '24' }));

    await user.type(screen.getByPlaceholderText('Pesquisar vídeo ou descrição'), 'peeling');
    // Typing alone does not search.
    expect(listCalls(requests).some((q) => q.q === 'peeling')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(listCalls(requests).at(-1)).toEqual({
        q: 'peeling',
        order: 'newest',
        limit: '24',
        offset: '0',
      }),
    );

    // One chip: that category; two chips: both, as a comma list.
    await user.click(screen.getByRole('checkbox', { name: 'Corporal' }));
    await waitFor(() => expect(listCalls(requests).at(-1)).toMatchObject({ category: 'body' }));
    await user.click(screen.getByRole('checkbox', { name: 'Vendas' }));
    await waitFor(() =>
      expect(listCalls(requests).at(-1)).toMatchObject({ category: 'body,sales', offset: '0' }),
    );

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    // Back to the unfiltered first page (already cached, so it may not be asked again).
    expect(screen.getByRole('checkbox', { name: 'Corporal' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Vendas' })).not.toBeChecked();
    expect(screen.getByPlaceholderText('Pesquisar vídeo ou descrição')).toHaveValue('');
    expect(screen.getByText('Página 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Limpar filtros' })).toBeDisabled();
  });

  it('keeps the search, categories, order and page in the URL, through a remount', async () => {
    const fullPage = Array.from({ length: 24 }, (_, i) => makeTraining({ id: i + 1 }));
    const requests = serveList((query) =>
      page(query.offset === '24' ? [makeTraining({ id: 99, title: 'Peeling II' })] : fullPage, 25),
    );
    const user = renderLibrary();
    await screen.findByText('Treinamento 24');
    await user.type(screen.getByPlaceholderText('Pesquisar vídeo ou descrição'), 'peeling');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await user.click(screen.getByRole('checkbox', { name: 'Corporal' }));
    await user.click(screen.getByRole('checkbox', { name: 'Vendas' }));
    await user.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await user.click(screen.getByRole('option', { name: 'Populares' }));
    await waitFor(() => expect(listCalls(requests).at(-1)).toMatchObject({ order: 'popular' }));
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await screen.findByText('Peeling II');
    const url = new URL(location, 'http://localhost');
    expect(url.pathname).toBe('/professional/trainings');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'peeling',
      categoria: 'body,sales',
      sort: 'popular',
      page: '2',
    });

    // A reload, Back or a shared link: a new page at that address shows the same list.
    user.unmount();
    const before = requests.length;
    renderLibrary(location);
    await screen.findByText('Peeling II');
    expect(listCalls(requests.slice(before))[0]).toEqual({
      q: 'peeling',
      category: 'body,sales',
      order: 'popular',
      limit: '24',
      offset: '24',
    });
    expect(screen.getByPlaceholderText('Pesquisar vídeo ou descrição')).toHaveValue('peeling');
    expect(screen.getByRole('checkbox', { name: 'Corporal' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Vendas' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('Populares');
    expect(screen.getByText('Página 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeDisabled();
  });

  it('shows the empty text when nothing matches', async () => {
    serveList(() => HttpResponse.json([]));
    renderLibrary();
    expect(await screen.findByText('Nenhum treinamento encontrado.')).toBeInTheDocument();
  });

  it('shows a failed list as an empty one', async () => {
    serveList(() => HttpResponse.json({ detail: 'Erro interno.' }, { status: 500 }));
    renderLibrary();
    expect(
      await screen.findByText('Nenhum treinamento encontrado.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próxima' })).toBeDisabled();
  });

  describe('like and dislike', () => {
    /** The library holds `training`; its like and dislike answer `reaction()`. */
    function serveOne(training: Training, reaction: () => Promise<Response> | Response) {
      server.use(http.post(`${LIST_PATH}:id/:reaction`, reaction));
      return serveList(() => HttpResponse.json([training]));
    }

    it('counts +1 at once and rolls back when the server fails', async () => {
      const answer = deferred<Response>();
      const requests = serveOne(makeTraining({ id: 7, like_count: 2 }), () => answer.promise);
      const user = renderLibrary();
      await screen.findByText('Treinamento 7');
      expect(likeButton()).toHaveAccessibleName('Gostei (2)');

      await user.click(likeButton());
      // Optimistic: the count moves before the server answers.
      expect(likeButton()).toHaveAccessibleName('Gostei (3)');
      expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
      // A second click while the first runs is ignored.
      await user.click(likeButton());
      expect(requests.filter(({ method }) => method === 'POST')).toHaveLength(1);
      expect(requests.at(-1)?.path).toBe('/api/v1/trainings/7/like');

      answer.resolve(HttpResponse.json({ detail: 'Erro interno.' }, { status: 500 }));
      await waitFor(() => expect(likeButton()).toHaveAccessibleName('Gostei (2)'));
      expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
      expect(
        await screen.findByText('Não foi possível registrar sua avaliação. Tente novamente.'),
      ).toBeInTheDocument();
      expect(requests.filter(({ method }) => method === 'POST')).toHaveLength(1);
    });

    it('undoes a like at once, never below zero, and restores it on failure', async () => {
      // Counts out of step with my_reaction (e.g. edited by hand): the optimistic undo stops at 0.
      serveOne(makeTraining({ id: 8, like_count: 0, my_reaction: 'like' }), () =>
        HttpResponse.json({ detail: 'Falhou.' }, { status: 500 }),
      );
      const user = renderLibrary();
      await screen.findByText('Treinamento 8');
      await user.click(likeButton());
      await screen.findByText('Não foi possível registrar sua avaliação. Tente novamente.');
      expect(likeButton()).toHaveAccessibleName('Gostei (0)');
      expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    });

    it("replaces the training with the server's answer", async () => {
      const training = makeTraining({
        id: 9,
        like_count: 1,
        dislike_count: 4,
        my_reaction: 'dislike',
      });
      serveOne(training, () =>
        HttpResponse.json({ ...training, like_count: 5, dislike_count: 3, my_reaction: 'like' }),
      );
      const user = renderLibrary();
      await screen.findByText('Treinamento 9');
      await user.click(likeButton());
      await waitFor(() => expect(likeButton()).toHaveAccessibleName('Gostei (5)'));
      expect(screen.getByRole('button', { name: /^Não gostei/ })).toHaveAccessibleName(
        'Não gostei (3)',
      );
    });
  });
});
