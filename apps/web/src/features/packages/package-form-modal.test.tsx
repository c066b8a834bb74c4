import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makePackage, makeService, sentBody } from '../../test/catalogue-fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '../../test/test-utils';
import { PackageFormModal } from './package-form-modal';

const SERVICES = [
  makeService({ id: 1, name: 'Criolipólise', block: 'A' }),
  makeService({ id: 2, name: 'Drenagem', block: 'A' }),
  makeService({ id: 3, name: 'Peeling', block: 'B' }),
];

function picker(legend: 'Procedimentos permitidos' | 'Procedimentos restritos') {
  return within(screen.getByRole('group', { name: legend }));
}
const allowedBox = (name: string) =>
  picker('Procedimentos permitidos').getByRole('checkbox', { name: new RegExp(`^${name}`) });
const restrictedBox = (name: string) =>
  picker('Procedimentos restritos').getByRole('checkbox', { name: new RegExp(`^${name}`) });
const selectAllBox = () =>
  picker('Procedimentos permitidos').getByRole('checkbox', { name: 'Selecionar todos' });

function renderForm(
  onWrite: (url: string, init: RequestInit) => Response | Promise<Response> = () =>
    jsonResponse(makePackage()),
  services: () => Response | Promise<Response> = () => jsonResponse(SERVICES),
) {
  const fetchMock = mockFetch((url, init) =>
    init.method === 'GET' && url === '/api/v1/services/' ? services() : onWrite(url, init),
  );
  const onClose = vi.fn();
  renderWithProviders(<PackageFormModal opened onClose={onClose} pkg={null} />);
  return { fetchMock, onClose, user: userEvent.setup() };
}

describe('PackageFormModal', () => {
  it('starts a new package with select-all: every procedure allowed, none restricted', async () => {
    renderForm();
    await waitFor(() => expect(allowedBox('Criolipólise')).toBeInTheDocument());
    expect(selectAllBox()).toBeChecked();
    for (const name of ['Criolipólise', 'Drenagem', 'Peeling']) {
      expect(allowedBox(name)).toBeChecked();
      expect(restrictedBox(name)).not.toBeChecked();
    }
  });

  it('keeps allowed and restricted exclusive, and a manual choice clears select-all', async () => {
    const { user } = renderForm();
    await waitFor(() => expect(allowedBox('Drenagem')).toBeInTheDocument());

    await user.click(restrictedBox('Drenagem'));
    expect(restrictedBox('Drenagem')).toBeChecked();
    expect(allowedBox('Drenagem')).not.toBeChecked();
    // Restricting does not undo select-all: it only excludes that procedure.
    expect(selectAllBox()).toBeChecked();

    await user.click(allowedBox('Drenagem'));
    expect(allowedBox('Drenagem')).toBeChecked();
    expect(restrictedBox('Drenagem')).not.toBeChecked();
    expect(selectAllBox()).not.toBeChecked();

    await user.click(selectAllBox());
    expect(selectAllBox()).toBeChecked();
    await user.click(selectAllBox());
    for (const name of ['Criolipólise', 'Drenagem', 'Peeling']) {
      expect(allowedBox(name)).not.toBeChecked();
    }
  });

  it('filters a picker by name and says when nothing matches', async () => {
    const { user } = renderForm();
    await waitFor(() => expect(allowedBox('Peeling')).toBeInTheDocument());
    const search = screen.getByRole('textbox', { name: 'Buscar em procedimentos restritos' });
    await user.type(search, 'crio');
    expect(picker('Procedimentos restritos').queryByRole('checkbox', { name: /^Drenagem/ })).toBe(
      null,
    );
    expect(restrictedBox('Criolipólise')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'xyz');
    expect(picker('Procedimentos restritos').getByText('Nada encontrado.')).toBeInTheDocument();
    // The other picker keeps its own search.
    expect(allowedBox('Drenagem')).toBeInTheDocument();
  });

  it('sends the manual selection, comma-decimal money and block limits, then closes', async () => {
    let body: unknown;
    const { user, onClose } = renderForm((url, init) => {
      if (url === '/api/v1/packages/' && init.method === 'POST') {
        body = sentBody(init);
        return jsonResponse(makePackage({ id: 9 }), 201);
      }
      return jsonResponse({ detail: 'inesperado' }, 500);
    });
    await waitFor(() => expect(allowedBox('Peeling')).toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), '  Pacote Ouro ');
    await user.type(screen.getByRole('textbox', { name: 'Valor anual' }), '12.000,50');
    const blockA = screen.getByRole('textbox', { name: 'Bloco A' });
    await user.clear(blockA);
    await user.type(blockA, '2');
    await user.click(restrictedBox('Peeling'));
    await user.click(allowedBox('Criolipólise'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(body).toEqual({
      name: 'Pacote Ouro',
      status: 'active',
      annual_value: 12000.5,
      discount_percent: 0,
      block_limits: { a: 2, b: 0, c: 0, d: 0 },
      allow_all_procedures: false,
      procedures: [2],
      restricted_procedures: [3],
    });
  });

  it('requires a name and an annual value before sending anything', async () => {
    const { user, fetchMock } = renderForm();
    await waitFor(() => expect(allowedBox('Peeling')).toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Nome é obrigatório.')).toBeInTheDocument();
    expect(screen.getByText('Valor anual deve ser um número.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it.each([
    ['Desconto (%)', '150', 'Desconto deve ser um número entre 0 e 100.'],
    ['Desconto (%)', '-5', 'Desconto deve ser um número entre 0 e 100.'],
    ['Bloco A', '1,5', 'O limite do bloco deve ser um número inteiro maior ou igual a 0.'],
    ['Bloco B', '-5', 'O limite do bloco deve ser um número inteiro maior ou igual a 0.'],
  ])(
    'refuses %s "%s" with a message instead of saving another number',
    async (label, text, message) => {
      const { user, fetchMock } = renderForm();
      await waitFor(() => expect(allowedBox('Peeling')).toBeInTheDocument());
      await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Pacote Ouro');
      await user.type(screen.getByRole('textbox', { name: 'Valor anual' }), '12.000,50');
      const field = screen.getByRole('textbox', { name: label });
      await user.clear(field);
      await user.type(field, text);
      expect(field).toHaveValue(text);
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(
        true,
      );
      // Fixed, the message goes away at once.
      await user.clear(field);
      await user.type(field, '1');
      await waitFor(() => expect(screen.queryByText(message)).toBe(null));
    },
  );

  it("reads 'Salvando...' and refuses a second submit while saving", async () => {
    let answer: (response: Response) => void = () => {};
    const posts: unknown[] = [];
    const { user } = renderForm((_url, init) => {
      posts.push(sentBody(init));
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    await waitFor(() => expect(allowedBox('Peeling')).toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Pacote Prata');
    await user.type(screen.getByRole('textbox', { name: 'Valor anual' }), '6000');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const saving = await screen.findByRole('button', { name: 'Salvando...' });
    expect(saving).toBeDisabled();
    await user.click(saving);
    expect(posts).toHaveLength(1);
    answer(jsonResponse({ detail: 'Já existe um pacote com esse nome.' }, 409));
    expect(await screen.findByText('Já existe um pacote com esse nome.')).toBeInTheDocument();
  });

  it('shows the 409 text when the server sends no detail', async () => {
    const { user } = renderForm(() => new Response(null, { status: 409 }));
    await waitFor(() => expect(allowedBox('Peeling')).toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Pacote 1');
    await user.type(screen.getByRole('textbox', { name: 'Valor anual' }), '100');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe um pacote com esse nome.')).toBeInTheDocument();
  });

  it('disables submit while the services load and when they fail', async () => {
    let fail: (response: Response) => void = () => {};
    renderForm(undefined, () => new Promise<Response>((resolve) => (fail = resolve)));
    expect(screen.getAllByText('Carregando serviços...')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    // A 4xx is not retried, so the failure shows at once.
    fail(jsonResponse({ detail: 'indisponível' }, 400));
    await waitFor(() =>
      expect(screen.getAllByText('Não foi possível carregar os serviços.')).toHaveLength(2),
    );
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });
});
