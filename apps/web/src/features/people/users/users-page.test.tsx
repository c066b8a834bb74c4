import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { recordRequests, server, writesIn } from '../../../test/msw-server';
import { makeUser, renderWithProviders } from '../../../test/test-utils';
import UsersPage from './users-page';

const ana = makeUser({ id: 1, name: 'Ana Souza', status: 'active' });
const bruno = makeUser({ id: 2, name: 'Bruno Lima', email: 'bruno@x.com', status: 'inactive' });
const carla = makeUser({ id: 3, name: 'Carla Dias', email: 'carla@x.com', status: 'pending' });

function counter(label: string): string | null | undefined {
  return screen.getByText(label).parentElement?.textContent;
}

describe('Gestão de Usuários', () => {
  it('shows the loading text, then the empty state with zero counters', async () => {
    apiData.users = [];
    renderWithProviders(<UsersPage />);
    expect(screen.getByText('Carregando usuários...')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum usuário encontrado')).toBeInTheDocument();
    expect(screen.getByText('Adicione um novo usuário para começar')).toBeInTheDocument();
    expect(counter('Total de usuários')).toContain('0');
    expect(counter('Inativos')).toContain('0');
    expect(counter('Ativos')).toContain('0');
  });

  it('renders the counters, the columns and pt-BR labels', async () => {
    apiData.users = [ana, bruno, carla];
    renderWithProviders(<UsersPage />);
    await screen.findByText('Bruno Lima');
    expect(counter('Total de usuários')).toContain('3');
    expect(counter('Inativos')).toContain('1');
    expect(counter('Ativos')).toContain('1');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['ID', 'Nome', 'Email', 'Perfil', 'Unidade', 'Status', 'Ações']);
    const carlaRow = screen.getByText('Carla Dias').closest('tr');
    expect(carlaRow).not.toBeNull();
    const row = within(carlaRow as HTMLElement);
    expect(row.getByText('Pendente')).toBeInTheDocument();
    expect(row.getByText('(solicitado)')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Ativar Carla Dias' })).toBeInTheDocument();
  });

  it('shows the load failure text', async () => {
    server.use(
      http.get('/api/v1/users/', () =>
        HttpResponse.json({ detail: 'Erro interno do servidor.' }, { status: 500 }),
      ),
    );
    renderWithProviders(<UsersPage />);
    expect(
      await screen.findByText(
        'Não foi possível carregar os usuários agora.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
  });

  it('asks before deleting and removes the row', async () => {
    // The MSW API starts with Ana Souza and Bruno Lima (src/test/msw-handlers.ts).
    renderWithProviders(<UsersPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Excluir Bruno Lima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir o usuário Bruno Lima?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await screen.findByText('Ana Souza');
    expect(screen.queryByText('Bruno Lima')).not.toBeInTheDocument();
    expect(apiData.users.map((row) => row.id)).toEqual([1]);
  });

  it('shows the server detail when a delete is refused (last admin)', async () => {
    const detail = 'Não é possível remover, inativar ou rebaixar o último administrador ativo.';
    apiData.users = [ana];
    server.use(
      http.delete('/api/v1/users/:id', () => HttpResponse.json({ detail }, { status: 409 })),
    );
    renderWithProviders(<UsersPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Excluir Ana Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir o usuário Ana Souza?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.getByText('Ana Souza')).toBeInTheDocument();
  });

  it('creates a user and prepends it to the list', async () => {
    apiData.users = [ana];
    renderWithProviders(<UsersPage />);
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Ana Souza');
    await user.click(screen.getByRole('button', { name: '+ Novo Usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cadastro de Usuário' });
    const form = within(dialog);
    await user.type(form.getByLabelText(/^Nome/), 'Daniela Reis');
    await user.type(form.getByLabelText(/^Email/), 'dani@x.com');
    await user.type(form.getByLabelText(/^Senha/, { selector: 'input' }), 'segredo123');
    await user.click(form.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Daniela Reis');
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.children[1]?.textContent);
    expect(names).toEqual(['Daniela Reis', 'Ana Souza']);
    // The MSW API keeps what was sent as the new row.
    expect(apiData.users[0]).toMatchObject({
      name: 'Daniela Reis',
      email: 'dani@x.com',
      password: 'segredo123',
      profile: 'professional',
      status: 'active',
    });
  });

  it('shows the server detail when creating fails', async () => {
    apiData.users = [];
    server.use(
      http.post('/api/v1/users/', () =>
        HttpResponse.json(
          { detail: [{ loc: ['body', 'email'], msg: 'Email inválido.', type: 'x' }] },
          { status: 422 },
        ),
      ),
    );
    renderWithProviders(<UsersPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: '+ Novo Usuário' }));
    const form = within(await screen.findByRole('dialog', { name: 'Cadastro de Usuário' }));
    await user.type(form.getByLabelText(/^Nome/), 'Eva');
    await user.type(form.getByLabelText(/^Email/), 'eva@x.com');
    await user.type(form.getByLabelText(/^Senha/, { selector: 'input' }), 'segredo123');
    await user.click(form.getByRole('button', { name: 'Salvar' }));
    expect(await form.findByText('Email inválido.')).toBeInTheDocument();
  });

  it('edits a user with the email read-only and replaces the row', async () => {
    apiData.users = [ana, bruno];
    const requests = recordRequests();
    renderWithProviders(<UsersPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Editar Bruno Lima' }));
    const form = within(await screen.findByRole('dialog', { name: 'Editar Usuário' }));
    expect(form.getByLabelText(/^Email/)).toHaveAttribute('readonly');
    const name = form.getByLabelText(/^Nome/);
    await user.clear(name);
    await user.type(name, 'Bruno Lima Jr.');
    await user.click(form.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Bruno Lima Jr.')).toBeInTheDocument();
    const [patch] = writesIn(requests);
    expect(patch).toMatchObject({ method: 'PATCH', path: '/api/v1/users/2' });
    const body = patch?.body;
    expect(body).toMatchObject({ name: 'Bruno Lima Jr.' });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('email');
  });
});
