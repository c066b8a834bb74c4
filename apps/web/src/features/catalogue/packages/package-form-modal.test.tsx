import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeService } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { recordRequests, server, writesIn } from '../../../test/msw-server';
import { deferred, renderWithProviders } from '../../../test/test-utils';
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

/** The modal over the MSW API holding SERVICES; `requests` logs what it sends. */
function renderForm() {
  apiData.services = SERVICES;
  const requests = recordRequests();
  const onClose = vi.fn();
  renderWithProviders(<PackageFormModal opened onClose={onClose} pkg={null} />);
  return { requests, onClose, user: userEvent.setup() };
}

/** POST /packages/ answers `answer()`. */
function answerCreate(answer: () => Response | Promise<Response>) {
  server.use(http.post('/api/v1/packages/', answer));
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
    const { requests, user, onClose } = renderForm();
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
    expect(writesIn(requests)).toHaveLength(1);
    expect(writesIn(requests)[0]).toMatchObject({ method: 'POST', path: '/api/v1/packages/' });
    expect(writesIn(requests)[0]?.body).toEqual({
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
    const { user, requests } = renderForm();
    await waitFor(() => expect(allowedBox('Peeling')).toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Nome é obrigatório.')).toBeInTheDocument();
    expect(screen.getByText('Valor anual deve ser um número.')).toBeInTheDocument();
    expect(writesIn(requests)).toEqual([]);
  });

  it.each([
    ['Desconto (%)', '150', 'Desconto deve ser um número entre 0 e 100.'],
    ['Desconto (%)', '-5', 'Desconto deve ser um número entre 0 e 100.'],
    ['Bloco A', '1,5', 'O limite do bloco deve ser um número inteiro maior ou igual a 0.'],
    ['Bloco B', '-5', 'O limite do bloco deve ser um número inteiro maior ou igual a 0.'],
  ])(
    'refuses %s "%s" with a message instead of saving another number',
    async (label, text, message) => {
      const { user, requests } = renderForm();
      await waitFor(() => expect(allowedBox('Peeling')).toBeInTheDocument());
      await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Pacote Ouro');
      await user.type(screen.getByRole('textbox', { name: 'Valor anual' }), '12.000,50');
      const field = screen.getByRole('textbox', { name: label });
      await user.clear(field);
      await user.type(field, text);
      expect(field).toHaveValue(text);
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(writesIn(requests)).toEqual([]);
      // Fixed, the message goes away at once.
      await user.clear(field);
      await user.type(field, '1');
      await waitFor(() => expect(screen.queryByText(message)).toBe(null));
    },
  );

  it("reads 'Salvando...' and refuses a second submit while saving", async () => {
    const answer = deferred<Response>();
    answerCreate(() => answer.promise);
    const { requests, user } = renderForm();
    await waitFor(() => expect(allowedBox('Peeling')).toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Pacote Prata');
    await user.type(screen.getByRole('textbox', { name: 'Valor anual' }), '6000');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const saving = await screen.findByRole('button', { name: 'Salvando...' });
    expect(saving).toBeDisabled();
    await user.click(saving);
    expect(writesIn(requests)).toHaveLength(1);
    answer.resolve(
      HttpResponse.json({ detail: 'Já existe um pacote com esse nome.' }, { status: 409 }),
    );
    expect(await screen.findByText('Já existe um pacote com esse nome.')).toBeInTheDocument();
    expect(writesIn(requests)).toHaveLength(1);
  });

  it('shows the 409 text when the server sends no detail', async () => {
    answerCreate(() => new HttpResponse(null, { status: 409 }));
    const { user } = renderForm();
    await waitFor(() => expect(allowedBox('Peeling')).toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Pacote 1');
    await user.type(screen.getByRole('textbox', { name: 'Valor anual' }), '100');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe um pacote com esse nome.')).toBeInTheDocument();
  });

  it('disables submit while the services load and when they fail', async () => {
    const services = deferred<Response>();
    server.use(http.get('/api/v1/services/', () => services.promise));
    renderForm();
    expect(screen.getAllByText('Carregando serviços...')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    // A 4xx is not retried, so the failure shows at once.
    services.resolve(HttpResponse.json({ detail: 'indisponível' }, { status: 400 }));
    await waitFor(() =>
      expect(screen.getAllByText('Não foi possível carregar os serviços.')).toHaveLength(2),
    );
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });
});
