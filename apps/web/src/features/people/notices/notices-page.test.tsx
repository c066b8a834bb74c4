import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTICE_MESSAGES, type Notice } from '@portal/domain';
import { makeNotice } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { recordRequests, server, type RecordedRequest } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/test-utils';
import NoticesPage from './notices-page';

const LIST_URL = '/api/v1/notices/notices/';

const NOTICES: Notice[] = [
  makeNotice({ id: 4, title: 'Semana da Criolipólise', category: 'urgent', active: true }),
  makeNotice({ id: 3, title: 'Últimas vagas', category: 'scarcity', active: true }),
  makeNotice({ id: 2, title: 'Condição VIP', category: 'exclusive', active: false }),
  makeNotice({ id: 1, title: 'Bioestimulador', category: 'new_purchase', active: true }),
];

/** The MSW API holds `notices`; returns the log of the requests the page sends. */
function api(notices = NOTICES) {
  apiData.notices = notices;
  return recordRequests();
}

/** Every create, update and delete of a notice answers `status` with `body`. */
function failWrites(status: number, body: unknown = {}) {
  const answer = () =>
    body === undefined ? new HttpResponse('', { status }) : HttpResponse.json(body, { status });
  server.use(
    http.post(LIST_URL, answer),
    http.patch(`${LIST_URL}:id`, answer),
    http.delete('/api/v1/notices/:id', answer),
  );
}

async function renderPage(route = '/admin/notices') {
  // No pause between keystrokes: the tests are about behaviour, not typing speed.
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<NoticesPage />, { route });
  await screen.findByRole('table');
  return user;
}

function rowOf(title: string): HTMLElement {
  const row = screen.getByRole('cell', { name: title }).closest('tr');
  if (!row) throw new Error(`row ${title} not found`);
  return row;
}

/** Types a whole value at once (a paste): per-key typing is slow in jsdom and tests nothing more. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.click(input);
  await user.paste(value);
}

function writes(requests: RecordedRequest[]) {
  return requests.filter((request) => request.method !== 'GET');
}

// Whole-page flows with Mantine in jsdom take a few seconds each on a busy machine.
describe('NoticesPage', { timeout: 20_000 }, () => {
  it('shows the loading text, then the table with its columns', async () => {
    api();
    renderWithProviders(<NoticesPage />);
    expect(screen.getByText('Carregando notices...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['#', 'Título', 'Texto', 'Categoria', 'Status', 'Ações']);
    const row = rowOf('Condição VIP');
    expect(within(row).getByText('Exclusivo')).toBeInTheDocument();
    expect(within(row).getByText('Inativa')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Ativar/ })).toBeInTheDocument();
  });

  it('counts total, active, inactive and each category', async () => {
    api();
    await renderPage();
    // A counter is a card: its label paragraph, then the number.
    const counter = (label: string) =>
      screen.getByText(label, { selector: 'p' }).parentElement?.textContent;
    expect(counter('Total de notices')).toBe('Total de notices4');
    expect(counter('Ativas')).toBe('Ativas3');
    expect(counter('Inativas')).toBe('Inativas1');
    for (const label of ['Urgente', 'Vagas Limitadas', 'Exclusivo', 'Nova Compra']) {
      expect(counter(label)).toBe(`${label}1`);
    }
  });

  it('filters by category and by status', async () => {
    api();
    const user = await renderPage();
    await user.click(screen.getByRole('combobox', { name: 'Categoria' }));
    await user.click(screen.getByRole('option', { name: 'Urgente' }));
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(rowOf('Semana da Criolipólise')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Categoria' }));
    await user.click(screen.getByRole('option', { name: 'Todas' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Inativas' }));
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(rowOf('Condição VIP')).toBeInTheDocument();
  });

  it('reads its filters and search from the URL, so a reload or a shared link shows the same rows', async () => {
    api();
    await renderPage('/admin/notices?status=active&q=criolipolise');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Ativas');
    expect(screen.getByRole('searchbox', { name: 'Buscar por título ou texto' })).toHaveValue(
      'criolipolise',
    );
    // Accents and case are ignored, as in the server's searches.
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(rowOf('Semana da Criolipólise')).toBeInTheDocument();
  });

  it('says when notices exist but none matches the search', async () => {
    api();
    const user = await renderPage();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por título ou texto' }), 'zzz');
    expect(await screen.findByText(NOTICE_MESSAGES.noMatch)).toBeInTheDocument();
  });

  it('shows the SPEC text when the list cannot load', async () => {
    server.use(http.get(LIST_URL, () => HttpResponse.json({}, { status: 500 })));
    renderWithProviders(<NoticesPage />);
    expect(
      await screen.findByText('Não foi possível carregar as notices agora.'),
    ).toBeInTheDocument();
  });

  it('shows an empty state with no notices', async () => {
    api([]);
    renderWithProviders(<NoticesPage />);
    expect(await screen.findByText('Nenhuma notice encontrada')).toBeInTheDocument();
  });

  it('validates the create form with the SPEC messages and a live n/280 counter', async () => {
    const calls = api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Nova notice' }));
    const dialog = screen.getByRole('dialog', { name: 'Nova notice' });
    expect(within(dialog).getByText('0/280')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByText('Título é obrigatório.')).toBeInTheDocument();
    expect(within(dialog).getByText('Texto é obrigatório.')).toBeInTheDocument();

    const text = within(dialog).getByRole('textbox', { name: /Texto/ });
    await user.type(text, 'Oi');
    expect(within(dialog).getByText('2/280')).toBeInTheDocument();
    await user.clear(text);
    await user.click(text);
    await user.paste('a'.repeat(281));
    expect(within(dialog).getByText('281/280')).toBeInTheDocument();
    await fill(user, within(dialog).getByRole('textbox', { name: /Título/ }), 'Promo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      within(dialog).getByText('O texto deve ter no máximo 280 caracteres.'),
    ).toBeInTheDocument();

    await fill(
      user,
      within(dialog).getByRole('textbox', { name: /URL da imagem/ }),
      'ftp://x.com/a.png',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      within(dialog).getByText('A URL da imagem deve começar com http:// ou https://'),
    ).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('takes a validation message away as soon as its field is fixed', async () => {
    api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Nova notice' }));
    const dialog = screen.getByRole('dialog', { name: 'Nova notice' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByText('Título é obrigatório.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Título/ }), 'Promo');
    expect(within(dialog).queryByText('Título é obrigatório.')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Texto é obrigatório.')).toBeInTheDocument();
  });

  it('counts an emoji as one character, as the server does, and saves 280 of them', async () => {
    const text = '😀'.repeat(280);
    const calls = api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Nova notice' }));
    const dialog = screen.getByRole('dialog', { name: 'Nova notice' });
    await fill(user, within(dialog).getByRole('textbox', { name: /Título/ }), 'Emoji');
    await fill(user, within(dialog).getByRole('textbox', { name: /Texto/ }), text);
    expect(within(dialog).getByText('280/280')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toMatchObject([{ method: 'POST', body: { text } }]);
  });

  it('creates a notice and prepends it to the list', async () => {
    const calls = api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Nova notice' }));
    const dialog = screen.getByRole('dialog', { name: 'Nova notice' });
    await fill(user, within(dialog).getByRole('textbox', { name: /Título/ }), '  Black Friday ');
    await fill(user, within(dialog).getByRole('textbox', { name: /Texto/ }), 'Pacotes com 30% off');
    await user.click(within(dialog).getByRole('combobox', { name: /Categoria/ }));
    await user.click(within(dialog).getByRole('option', { name: 'Exclusivo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: LIST_URL,
        body: {
          title: 'Black Friday',
          text: 'Pacotes com 30% off',
          category: 'exclusive',
          active: true,
          imageUrl: null,
        },
      },
    ]);
    const firstRow = screen.getAllByRole('row')[1];
    expect(firstRow).toHaveTextContent('Black Friday');
    expect(screen.getByText('Total de notices', { selector: 'p' }).parentElement).toHaveTextContent(
      '5',
    );
  });

  it.each([
    [
      409,
      { detail: 'Já existe uma notice com esse título.' },
      'Já existe uma notice com esse título.',
    ],
    [409, {}, 'Já existe uma notice com esse título.'],
    [
      422,
      { detail: [{ loc: ['body', 'text'], msg: 'Texto é obrigatório.', type: 'x' }] },
      'Texto é obrigatório.',
    ],
    [422, {}, 'Dados inválidos. Verifique os campos.'],
    [500, {}, 'Erro ao criar notice.'],
  ])('shows the server error of a %i create in the modal', async (status, body, message) => {
    api();
    failWrites(status, body);
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Nova notice' }));
    const dialog = screen.getByRole('dialog', { name: 'Nova notice' });
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: /Título/ }),
      'Semana da Criolipólise',
    );
    await fill(user, within(dialog).getByRole('textbox', { name: /Texto/ }), 'Texto');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it('edits a notice with the full payload and replaces its row', async () => {
    const original = NOTICES[1]!;
    const calls = api();
    const user = await renderPage();
    await user.click(within(rowOf(original.title)).getByRole('button', { name: /Editar/ }));
    const dialog = screen.getByRole('dialog', { name: 'Editar notice' });
    const title = within(dialog).getByRole('textbox', { name: /Título/ });
    expect(title).toHaveValue(original.title);
    expect(within(dialog).getByText(`${original.text.length}/280`)).toBeInTheDocument();
    await user.clear(title);
    await fill(user, title, 'Vagas esgotando');
    await user.click(within(dialog).getByRole('switch', { name: 'Ativa' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([
      {
        method: 'PATCH',
        path: `${LIST_URL}${original.id}`,
        body: {
          title: 'Vagas esgotando',
          text: original.text,
          category: 'scarcity',
          active: false,
          imageUrl: null,
        },
      },
    ]);
    expect(within(rowOf('Vagas esgotando')).getByText('Inativa')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: original.title })).not.toBeInTheDocument();
  });

  it('shows the update fallback when an edit fails without detail', async () => {
    api();
    failWrites(502, undefined);
    const user = await renderPage();
    await user.click(within(rowOf('Últimas vagas')).getByRole('button', { name: /Editar/ }));
    const dialog = screen.getByRole('dialog', { name: 'Editar notice' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Erro ao atualizar notice.');
  });

  it('resets the fields when the modal closes (Escape)', async () => {
    api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '+ Nova notice' }));
    await fill(
      user,
      within(screen.getByRole('dialog')).getByRole('textbox', { name: /Título/ }),
      'Rascunho',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '+ Nova notice' }));
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: /Título/ })).toHaveValue(
      '',
    );
  });

  it('toggles with only {active} and shows the server result in the row', async () => {
    const target = NOTICES[0]!;
    const calls = api();
    const user = await renderPage();
    await user.click(within(rowOf(target.title)).getByRole('button', { name: /Inativar/ }));
    await waitFor(() =>
      expect(within(rowOf(target.title)).getByText('Inativa')).toBeInTheDocument(),
    );
    expect(writes(calls)).toEqual([
      { method: 'PATCH', path: `${LIST_URL}${target.id}`, body: { active: false } },
    ]);
    expect(within(rowOf(target.title)).getByRole('button', { name: /Ativar/ })).toBeInTheDocument();
  });

  it('tells when a toggle fails and keeps the row as it was', async () => {
    api();
    failWrites(500);
    const user = await renderPage();
    await user.click(
      within(rowOf('Semana da Criolipólise')).getByRole('button', { name: /Inativar/ }),
    );
    expect(
      await screen.findByText('Não foi possível alterar o status da notice.'),
    ).toBeInTheDocument();
    expect(within(rowOf('Semana da Criolipólise')).getByText('Ativa')).toBeInTheDocument();
  });

  it('deletes after the SPEC confirmation', async () => {
    const calls = api();
    const user = await renderPage();
    await user.click(within(rowOf('Condição VIP')).getByRole('button', { name: /Excluir/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir a notice "Condição VIP"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Condição VIP' })).not.toBeInTheDocument(),
    );
    expect(writes(calls)).toEqual([
      { method: 'DELETE', path: '/api/v1/notices/2', body: undefined },
    ]);
  });

  it('does nothing when the deletion is cancelled', async () => {
    const calls = api();
    const user = await renderPage();
    await user.click(within(rowOf('Condição VIP')).getByRole('button', { name: /Excluir/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }),
    );
    expect(rowOf('Condição VIP')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('tells when a deletion fails', async () => {
    api();
    failWrites(500);
    const user = await renderPage();
    await user.click(within(rowOf('Condição VIP')).getByRole('button', { name: /Excluir/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }),
    );
    expect(await screen.findByText('Não foi possível excluir a notice.')).toBeInTheDocument();
    expect(rowOf('Condição VIP')).toBeInTheDocument();
  });
});
