import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Training } from '@portal/domain';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeTraining } from '@portal/domain/fixtures';
import { recordRequests, server, writesIn } from '../../../test/msw-server';
import { clickTwiceBeforeRender, renderWithProviders } from '../../../test/test-utils';
import TrainingsAdminPage from './trainings-admin-page';

const LIST_PATH = '/api/v1/trainings/';

const TRAININGS: Training[] = [
  makeTraining({
    id: 3,
    title: 'Peeling químico',
    description: 'Indicações e cuidados.',
    category: 'skincare',
    like_count: 4,
    dislike_count: 1,
    published_at: '2026-03-10T12:00:00.000Z',
  }),
  makeTraining({
    id: 2,
    title: 'Drenagem linfática',
    category: 'body',
    like_count: 2,
    dislike_count: 0,
    active: false,
    published_at: null,
    video_url: null,
    thumbnail_url: null,
  }),
  makeTraining({
    id: 1,
    title: 'Fechamento de vendas',
    category: 'sales',
    like_count: 0,
    dislike_count: 3,
  }),
];

/** What a create, update or delete answers: its method and the JSON body it sent. */
type WriteAnswer = (write: { method: string; body: unknown }) => Response;

/**
 * The MSW API lists `list` (minus what a 204 deleted) and answers each write with `onWrite`;
 * returns the log of the requests the page sends.
 */
function api(
  onWrite: WriteAnswer = () => HttpResponse.json({}, { status: 500 }),
  list = TRAININGS,
) {
  let rows = [...list];
  const answer = async ({ request }: { request: Request }) => {
    const text = await request.clone().text();
    const response = onWrite({
      method: request.method,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
    if (request.method === 'DELETE' && response.status === 204) {
      const path = new URL(request.url).pathname;
      rows = rows.filter((training) => `${LIST_PATH}${training.id}` !== path);
    }
    return response;
  };
  server.use(
    http.get(LIST_PATH, () => HttpResponse.json(rows)),
    http.post(LIST_PATH, answer),
    http.patch(`${LIST_PATH}:id`, answer),
    http.delete(`${LIST_PATH}:id`, answer),
  );
  return recordRequests();
}

async function renderPage() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<TrainingsAdminPage />, { route: '/admin/trainings' });
  await screen.findByRole('table');
  return user;
}

async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.click(input);
  await user.paste(value);
}

function rowOf(title: string): HTMLElement {
  const row = screen.getByText(title, { selector: 'p' }).closest('tr');
  if (!row) throw new Error(`row ${title} not found`);
  return row;
}

/** The server side of the list contract: filters by `q`, pages, and counts in X-Total-Count. */
function pagedApi(all: Training[]) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(LIST_PATH, ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const q = params.get('q')?.toLowerCase() ?? '';
      const matching = all.filter((training) => training.title.toLowerCase().includes(q));
      const offset = Number(params.get('offset') ?? '0');
      const limit = Number(params.get('limit') ?? String(matching.length));
      return HttpResponse.json(matching.slice(offset, offset + limit), {
        headers: { 'X-Total-Count': String(matching.length) },
      });
    }),
  );
  return requests;
}

describe('TrainingsAdminPage', { timeout: 30_000 }, () => {
  it('pages on the server, counts every video and keeps the page in the URL', async () => {
    const all = Array.from({ length: 130 }, (_, index) =>
      makeTraining({ id: index + 1, title: `Vídeo ${String(index + 1).padStart(3, '0')}` }),
    );
    const requests = pagedApi(all);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TrainingsAdminPage />, {
      route: '/admin/trainings?page=3&sort=popular',
    });
    await screen.findByText('Vídeo 101', { selector: 'p' });
    const counter = (label: string) =>
      screen.getByText(label, { selector: 'p' }).parentElement?.textContent;
    // More than the API's largest page (100): the total is the server's count.
    expect(counter('Total de vídeos')).toBe('Total de vídeos130');
    expect(screen.getAllByRole('row')).toHaveLength(1 + 30);
    const last = requests.at(-1)!;
    expect(last.get('limit')).toBe('50');
    expect(last.get('offset')).toBe('100');
    expect(last.get('order')).toBe('popular');
    expect(screen.getByText('130 resultado(s)')).toBeInTheDocument();

    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por título ou descrição' }),
      '12',
    );
    // The search goes to the server and back to the first page: 012, 112 and 120–129.
    await waitFor(() => expect(requests.at(-1)?.get('q')).toBe('12'));
    expect(requests.at(-1)?.get('offset')).toBe('0');
    await screen.findByText('Vídeo 120', { selector: 'p' });
    await waitFor(() => expect(counter('Total de vídeos')).toBe('Total de vídeos12'));
  });

  it('shows the loading text, the counters and the table', async () => {
    api();
    renderWithProviders(<TrainingsAdminPage />);
    expect(screen.getByText('Carregando treinamentos...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'Thumb', 'Título', 'Publicado', 'Likes', 'Dislikes', 'Ações']);

    const counter = (label: string) =>
      screen.getByText(label, { selector: 'p' }).parentElement?.textContent;
    expect(counter('Total de vídeos')).toBe('Total de vídeos3');
    expect(counter('Likes na página')).toBe('Likes na página6');
    expect(counter('Dislikes na página')).toBe('Dislikes na página4');
    const byCategory = screen.getByText('Por categoria').parentElement!;
    expect(within(byCategory).getByText('Skincare').nextSibling).toHaveTextContent('1');
    expect(within(byCategory).getByText('Equipamentos').nextSibling).toHaveTextContent('0');

    const peeling = rowOf('Peeling químico');
    expect(within(peeling).getByText('ativo')).toBeInTheDocument();
    expect(within(peeling).getByText('Indicações e cuidados.')).toBeInTheDocument();
    expect(within(peeling).getByText('10/03/2026')).toBeInTheDocument();
    expect(within(peeling).getByRole('link', { name: 'Abrir Peeling químico' })).toHaveAttribute(
      'href',
      '/professional/trainings/3',
    );
    const drenagem = rowOf('Drenagem linfática');
    expect(within(drenagem).getByText('inativo')).toBeInTheDocument();
    expect(within(drenagem).getByText('Sem thumbnail')).toBeInTheDocument();
    expect(within(drenagem).getByText('—')).toBeInTheDocument();
    expect(
      within(drenagem).getByRole('button', { name: 'Ativar Drenagem linfática' }),
    ).toBeVisible();
  });

  it('shows the empty state', async () => {
    api(undefined, []);
    renderWithProviders(<TrainingsAdminPage />);
    expect(await screen.findByText('Nenhum treinamento encontrado')).toBeInTheDocument();
    expect(screen.getByText('Cadastre novos vídeos para aparecerem aqui.')).toBeInTheDocument();
  });

  it('shows the load failure text', async () => {
    server.use(http.get(LIST_PATH, () => HttpResponse.json({}, { status: 500 })));
    renderWithProviders(<TrainingsAdminPage />);
    expect(
      await screen.findByText(
        'Não foi possível carregar os treinamentos agora.',
        {},
        // 5xx is retried twice before giving up.
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });

  it('creates a training with sections, sending an empty video as null', async () => {
    const created = makeTraining({ id: 10, title: 'Radiofrequência' });
    const requests = api(() => HttpResponse.json(created, { status: 201 }));
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Adicionar' }));
    const dialog = screen.getByRole('dialog', { name: 'Novo Treinamento' });
    const submit = within(dialog).getByRole('button', { name: 'Adicionar Treinamento' });
    expect(submit).toBeDisabled();

    await fill(
      user,
      within(dialog).getByRole('textbox', { name: /^Título\s*\*?$/ }),
      '  Radiofrequência ',
    );
    expect(submit).toBeDisabled();
    await fill(user, within(dialog).getByRole('textbox', { name: /^Descrição/ }), '   ');
    expect(submit).toBeDisabled();
    await fill(user, within(dialog).getByRole('textbox', { name: /^Descrição/ }), 'Potência');
    expect(submit).toBeEnabled();

    // One section to start, no remove button; add up to 4, then the add button turns off.
    expect(within(dialog).queryByRole('button', { name: /Remover seção/ })).toBeNull();
    const add = within(dialog).getByRole('button', { name: 'Adicionar seção' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(add).toBeDisabled();
    expect(within(dialog).getAllByRole('button', { name: /Remover seção/ })).toHaveLength(4);
    await user.click(within(dialog).getByRole('button', { name: 'Remover seção 4' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remover seção 3' }));
    expect(add).toBeEnabled();

    await fill(user, within(dialog).getByRole('textbox', { name: 'Título da seção 1' }), ' Antes ');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Texto da seção 1' }), 'Teste.');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Título da seção 2' }), 'Durante');
    await user.click(add);
    // Section 3 stays empty and is dropped.
    await user.click(submit);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writesIn(requests)).toEqual([
      {
        method: 'POST',
        path: LIST_PATH,
        body: {
          title: 'Radiofrequência',
          description: 'Potência',
          category: 'sales',
          video_url: null,
          content_sections: [
            { title: 'Antes', text: 'Teste.' },
            { title: 'Durante', text: '' },
          ],
        },
      },
    ]);
  });

  it('a double click on Adicionar Treinamento sends one POST and confirms', async () => {
    const requests = api(() =>
      HttpResponse.json(makeTraining({ id: 10, title: 'Laser' }), { status: 201 }),
    );
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Adicionar' }));
    const dialog = screen.getByRole('dialog', { name: 'Novo Treinamento' });
    await fill(user, within(dialog).getByRole('textbox', { name: /^Título\s*\*?$/ }), 'Laser');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Descrição/ }), 'Potência');
    const submit = within(dialog).getByRole('button', { name: 'Adicionar Treinamento' });
    clickTwiceBeforeRender(submit);
    expect(await screen.findByText('Treinamento criado.')).toBeInTheDocument();
    expect(writesIn(requests).filter((write) => write.method === 'POST')).toHaveLength(1);
  });

  it('a double click on Salvar alterações sends one PATCH and confirms', async () => {
    const requests = api(() => HttpResponse.json(TRAININGS[0]));
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Editar Peeling químico' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Treinamento' });
    const submit = within(dialog).getByRole('button', { name: 'Salvar alterações' });
    clickTwiceBeforeRender(submit);
    expect(await screen.findByText('Treinamento atualizado.')).toBeInTheDocument();
    expect(writesIn(requests).filter((write) => write.method === 'PATCH')).toHaveLength(1);
  });

  it('previews the YouTube thumbnail and sends the published date as ISO', async () => {
    const requests = api(() => HttpResponse.json(makeTraining({ id: 11 }), { status: 201 }));
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Adicionar' }));
    const dialog = screen.getByRole('dialog', { name: 'Novo Treinamento' });
    expect(within(dialog).getByText('Sem thumbnail')).toBeInTheDocument();
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: 'URL do vídeo (YouTube recomendado)' }),
      'https://youtu.be/dQw4w9WgXcQ',
    );
    expect(within(dialog).getByAltText('Pré-visualização da thumbnail do vídeo')).toHaveAttribute(
      'src',
      'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
    await fill(user, within(dialog).getByRole('textbox', { name: /^Título\s*\*?$/ }), 'Vídeo');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Descrição/ }), 'Texto');
    // jsdom has no date picker: set the value as the browser would.
    fireEvent.change(within(dialog).getByLabelText('Publicado em (opcional)'), {
      target: { value: '2026-05-04T09:30' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar Treinamento' }));
    await waitFor(() => expect(writesIn(requests)).toHaveLength(1));
    expect(writesIn(requests)[0]?.body).toMatchObject({
      video_url: 'https://youtu.be/dQw4w9WgXcQ',
      published_at: new Date('2026-05-04T09:30').toISOString(),
    });
  });

  it.each([
    [
      409,
      { detail: 'Já existe um treinamento com esse título.' },
      'Já existe um treinamento com esse título.',
    ],
    [409, {}, 'Já existe um treinamento com esse título.'],
    [
      422,
      { detail: [{ loc: ['body', 'title'], msg: 'Título é obrigatório.', type: 'x' }] },
      'Título é obrigatório.',
    ],
    [422, {}, 'Dados inválidos. Verifique os campos.'],
    [500, {}, 'Erro ao criar treinamento.'],
  ])('shows the server error of a %i create in a red banner', async (status, body, message) => {
    api(() => HttpResponse.json(body, { status }));
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Adicionar' }));
    const dialog = screen.getByRole('dialog', { name: 'Novo Treinamento' });
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: /^Título\s*\*?$/ }),
      'Peeling químico',
    );
    await fill(user, within(dialog).getByRole('textbox', { name: /^Descrição/ }), 'Texto');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar Treinamento' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it('edits a training: fills the form, keeps the date only when filled', async () => {
    const requests = api((call) =>
      HttpResponse.json({ ...TRAININGS[0], ...(call.body as object) }),
    );
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Editar Peeling químico' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Treinamento' });
    expect(within(dialog).getByRole('textbox', { name: /^Título\s*\*?$/ })).toHaveValue(
      'Peeling químico',
    );
    const date = within(dialog).getByLabelText('Publicado em (opcional)');
    expect((date as HTMLInputElement).value).toMatch(/^2026-03-10T\d\d:00$/);

    fireEvent.change(date, { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(writesIn(requests)).toHaveLength(1));
    expect(writesIn(requests)[0]).toMatchObject({ method: 'PATCH', path: '/api/v1/trainings/3' });
    expect(writesIn(requests)[0]?.body).not.toHaveProperty('published_at');
    expect(writesIn(requests)[0]?.body).toMatchObject({
      title: 'Peeling químico',
      category: 'skincare',
    });
  });

  it('shows the update fallback error', async () => {
    api(() => HttpResponse.json({}, { status: 500 }));
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Editar Peeling químico' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Treinamento' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Erro ao atualizar treinamento.',
    );
  });

  it('dismisses the modal with Escape and starts clean next time', async () => {
    api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Adicionar' }));
    let dialog = screen.getByRole('dialog', { name: 'Novo Treinamento' });
    await fill(user, within(dialog).getByRole('textbox', { name: /^Título\s*\*?$/ }), 'Rascunho');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '+ Adicionar' }));
    dialog = screen.getByRole('dialog', { name: 'Novo Treinamento' });
    expect(within(dialog).getByRole('textbox', { name: /^Título\s*\*?$/ })).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toggles active and tells when it fails', async () => {
    const requests = api(() => HttpResponse.json({ detail: '' }, { status: 500 }));
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Inativar Peeling químico' }));
    expect(await screen.findByText('Não foi possível alterar o status.')).toBeInTheDocument();
    expect(writesIn(requests)).toEqual([
      { method: 'PATCH', path: '/api/v1/trainings/3', body: { active: false } },
    ]);
  });

  it('asks before deleting, deletes, and tells when it fails', async () => {
    let fail = false;
    const requests = api(() =>
      fail ? HttpResponse.json({}, { status: 500 }) : new HttpResponse(null, { status: 204 }),
    );
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Excluir Peeling químico' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Excluir o treinamento "Peeling químico"?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(screen.queryByText('Peeling químico', { selector: 'p' })).not.toBeInTheDocument(),
    );
    expect(writesIn(requests)).toEqual([
      { method: 'DELETE', path: '/api/v1/trainings/3', body: undefined },
    ]);

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Excluir Fechamento de vendas' }));
    const second = await screen.findByRole('dialog', {
      name: 'Excluir o treinamento "Fechamento de vendas"?',
    });
    await user.click(within(second).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Não foi possível excluir o treinamento.')).toBeInTheDocument();
  });
});
