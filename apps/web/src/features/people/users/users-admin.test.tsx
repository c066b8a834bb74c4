import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@portal/domain';
import { makeUser } from '@portal/domain/fixtures';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { recordRequests, server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/test-utils';
import UsersPage from './users-page';

/** The users page on the admin kit, against the MSW API (src/test/msw-handlers.ts). */

function counter(label: string): HTMLElement {
  const card = screen.getByText(label).closest('[data-stat-card]');
  if (!(card instanceof HTMLElement)) throw new Error(`counter ${label} not found`);
  return card;
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`row ${name} not found`);
  return row;
}

describe('Gestão de Usuários on the admin kit', () => {
  it('activating a self-registered admin asks for the profile and grants Profissional by default', async () => {
    apiData.users = [
      makeUser({
        id: 5,
        name: 'Nova Pessoa',
        profile: 'professional',
        requested_profile: 'admin',
        status: 'pending',
      }),
    ];
    const requests = recordRequests();
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />);
    const row = within(await screen.findByRole('row', { name: /Nova Pessoa/ }));
    expect(row.getByText('(solicitado)')).toBeInTheDocument();
    expect(row.getByText(/Administrador/)).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Ativar Nova Pessoa' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ativar Nova Pessoa' }));
    expect(dialog.getByText(/Perfil solicitado no cadastro/)).toHaveTextContent(
      'Perfil solicitado no cadastro: Administrador',
    );
    expect(dialog.getByRole('combobox', { name: /Perfil concedido/ })).toHaveValue('Profissional');
    // Opening the dialog sent nothing: a single click never activates.
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Ativar' }));
    await waitFor(() => expect(apiData.users[0]?.status).toBe('active'));
    expect(apiData.users[0]).toMatchObject({ profile: 'professional', requested_profile: null });
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch).toMatchObject({
      path: '/api/v1/users/5',
      body: { status: 'active', profile: 'professional' },
    });
    expect(
      await screen.findByText('Nova Pessoa ativado(a) como Profissional.'),
    ).toBeInTheDocument();
  });

  it('grants the profile the admin chooses in the dialog and clears the request', async () => {
    apiData.users = [
      makeUser({
        id: 6,
        name: 'Outra Pessoa',
        profile: 'professional',
        requested_profile: 'manager',
        status: 'pending',
      }),
    ];
    const requests = recordRequests();
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />);
    const row = within(await screen.findByRole('row', { name: /Outra Pessoa/ }));
    expect(row.getByText(/Gerente/)).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Ativar Outra Pessoa' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ativar Outra Pessoa' }));
    expect(dialog.getByText(/Perfil solicitado no cadastro/)).toHaveTextContent(
      'Perfil solicitado no cadastro: Gerente',
    );
    await user.click(dialog.getByRole('combobox', { name: /Perfil concedido/ }));
    await user.click(screen.getByRole('option', { name: 'Gerente' }));
    await user.click(dialog.getByRole('button', { name: 'Ativar' }));
    await waitFor(() => expect(apiData.users[0]?.status).toBe('active'));
    expect(requests.find((request) => request.method === 'PATCH')).toMatchObject({
      path: '/api/v1/users/6',
      body: { status: 'active', profile: 'manager' },
    });
    expect(apiData.users[0]).toMatchObject({ profile: 'manager', requested_profile: null });
    expect(await screen.findByText('Outra Pessoa ativado(a) como Gerente.')).toBeInTheDocument();
  });

  it('counters show a skeleton while loading, never a false 0', async () => {
    server.use(
      http.get('/api/v1/users/', async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    renderWithProviders(<UsersPage />);
    expect(await within(counter('Total de usuários')).findByText('Carregando')).toBeInTheDocument();
    expect(counter('Total de usuários')).not.toHaveTextContent('0');
  });

  it('a failed load shows the error and no figure in the counters', async () => {
    server.use(
      http.get('/api/v1/users/', () =>
        HttpResponse.json({ detail: 'Erro interno.' }, { status: 500 }),
      ),
    );
    renderWithProviders(<UsersPage />);
    expect(
      await screen.findByText('Não foi possível carregar os usuários agora.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(counter('Ativos')).toHaveTextContent('Indisponível');
    expect(counter('Ativos')).not.toHaveTextContent('0');
  });

  it('two rows toggled one after the other both show their own busy state', async () => {
    const answers: (() => void)[] = [];
    server.use(
      http.patch('/api/v1/users/:id', async ({ request, params }) => {
        await new Promise<void>((resolve) => answers.push(resolve));
        const changes = (await request.json()) as Record<string, unknown>;
        const current = apiData.users.find((u) => u.id === Number(params.id));
        const updated = { ...current, ...changes } as User;
        // Kept like the server keeps it: the page asked again afterwards shows it.
        apiData.users = apiData.users.map((u) => (u.id === updated.id ? updated : u));
        return HttpResponse.json(updated);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Inativar Ana Souza' }));
    await user.click(screen.getByRole('button', { name: 'Ativar Bruno Lima' }));
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Inativar Ana Souza' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Ativar Bruno Lima' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    answers[0]?.();
    expect(await screen.findByRole('button', { name: 'Ativar Ana Souza' })).not.toHaveAttribute(
      'aria-disabled',
    );
    // Bruno's request is still running: his button still says so.
    expect(screen.getByRole('button', { name: 'Ativar Bruno Lima' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    answers[1]?.();
    expect(await screen.findByRole('button', { name: 'Inativar Bruno Lima' })).toBeInTheDocument();
  });

  it('searches by name or email without accents and filters by status, in the URL', async () => {
    apiData.users = [
      makeUser({ id: 1, name: 'Ana Souza', email: 'ana@x.com' }),
      makeUser({ id: 2, name: 'Bruno Lima', email: 'bruno@x.com', status: 'inactive' }),
      makeUser({ id: 3, name: 'Jéssica Araújo', email: 'jessica@x.com' }),
    ];
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { route: '/admin/users?status=active' });
    await screen.findByRole('table');
    expect(screen.queryByRole('cell', { name: 'Bruno Lima' })).not.toBeInTheDocument();
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por nome ou email' }),
      'jessica ara',
    );
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Ana Souza' })).not.toBeInTheDocument(),
    );
    expect(rowOf('Jéssica Araújo')).toBeInTheDocument();
  });

  it('takes a validation message away as soon as its field is fixed', async () => {
    const requests = recordRequests();
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />);
    await user.click(await screen.findByRole('button', { name: '+ Novo Usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastro de Usuário' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByText('Nome é obrigatório.')).toBeInTheDocument();
    expect(within(dialog).getByText('Email inválido.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Carla Dias');
    expect(within(dialog).queryByText('Nome é obrigatório.')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Email inválido.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('a refused delete shows the server message, and a done one says so', async () => {
    server.use(
      http.delete('/api/v1/users/1', () =>
        HttpResponse.json(
          { detail: 'Não é possível remover o último administrador ativo.' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Excluir Ana Souza' }));
    const first = await screen.findByRole('dialog', { name: 'Excluir o usuário Ana Souza?' });
    await user.click(within(first).getByRole('button', { name: 'Excluir' }));
    expect(
      await screen.findByText('Não é possível remover o último administrador ativo.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Excluir Bruno Lima' }));
    const second = await screen.findByRole('dialog', { name: 'Excluir o usuário Bruno Lima?' });
    await user.click(within(second).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Usuário excluído.')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Bruno Lima' })).not.toBeInTheDocument();
  });

  it('asks the server for the page, the filters and the order, and shows its total', async () => {
    apiData.users = Array.from({ length: 130 }, (_, index) =>
      makeUser({
        id: index + 1,
        name: `Pessoa ${String(index + 1).padStart(3, '0')}`,
        email: `p${index + 1}@x.com`,
        profile: index < 120 ? 'professional' : 'manager',
        status: 'active',
      }),
    );
    const requests = recordRequests();
    renderWithProviders(<UsersPage />, {
      route: '/admin/users?perfil=professional&sort=-nome&page=3',
    });
    // 120 professionals, 50 a page, Z–A: the third page holds the first 20 names.
    await screen.findByText('Pessoa 020');
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.children[1]?.textContent);
    expect(names).toHaveLength(20);
    expect(names[0]).toBe('Pessoa 020');
    expect(names.at(-1)).toBe('Pessoa 001');
    expect(screen.getByText('120 resultado(s)')).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toContain(
      '/api/v1/users/?profile_eq=professional&order=-name&limit=50&offset=100',
    );
    // The counters still count every account.
    expect(screen.getByText('Total de usuários').parentElement).toHaveTextContent('130');
  });
});
