import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeAiConfig } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../../test/msw-server';
import { clickTwiceBeforeRender, renderWithProviders } from '../../../test/test-utils';
import PromptAiPage from './prompt-ai-page';

const BASE = '/api/v1/ai/prompt-config/ai-configs';

const CONFIGS = [
  makeAiConfig(),
  makeAiConfig({ id: 2, codigo: 'chat_assistente', prompt: 'Converse com a profissional.' }),
];

/** The configurations on the MSW API, saved as the server does unless an option answers. */
function api(
  options: {
    list?: () => Response;
    detail?: (id: number) => Response;
    patch?: (body: { prompt: string }) => Response;
  } = {},
) {
  let configs = [...CONFIGS];
  server.use(
    http.get(BASE, ({ request }) => {
      if (options.list) return options.list();
      const q = new URL(request.url).searchParams.get('q') ?? '';
      return HttpResponse.json(configs.filter((c) => c.codigo.includes(q) || c.prompt.includes(q)));
    }),
    http.get(`${BASE}/:id`, ({ params }) => {
      const id = Number(params.id);
      if (options.detail) return options.detail(id);
      return HttpResponse.json(configs.find((c) => c.id === id));
    }),
    http.patch(`${BASE}/:id`, async ({ request, params }) => {
      const body = (await request.json()) as { prompt: string };
      if (options.patch) return options.patch(body);
      const id = Number(params.id);
      const current = configs.find((c) => c.id === id)!;
      const saved = makeAiConfig({
        ...current,
        prompt: body.prompt,
        updated_at: '2026-03-02T10:00:00.000Z',
      });
      configs = configs.map((c) => (c.id === id ? saved : c));
      return HttpResponse.json(saved);
    }),
  );
  return recordRequests();
}

async function renderPage() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<PromptAiPage />);
  await screen.findByRole('table');
  return user;
}

describe('PromptAiPage', { timeout: 20_000 }, () => {
  it('lists the configurations with código, ALTERAÇÕES, atualizado em and ações', async () => {
    api();
    renderWithProviders(<PromptAiPage />);
    expect(screen.getByText('Carregando configurações...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['código', 'ALTERAÇÕES', 'atualizado em', 'ações']);
    const row = screen.getByRole('button', { name: 'recomendacao_pacote' }).closest('tr')!;
    expect(within(row).getByText(String(CONFIGS[0]!.prompt_length))).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Editar recomendacao_pacote' }),
    ).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Buscar por código/prompt/regra…')).toBeInTheDocument();
    expect(
      screen.getByText('Selecione uma configuração na lista para ver os detalhes.'),
    ).toBeInTheDocument();
  });

  it('searches on the server and shows the empty text', async () => {
    const calls = api();
    const user = await renderPage();
    await user.type(screen.getByLabelText('Buscar'), 'nada');
    expect(await screen.findByText('Nenhuma configuração encontrada.')).toBeInTheDocument();
    expect(calls.some((c) => c.path.includes('q=nada'))).toBe(true);
  });

  it('sorts by the chosen order', async () => {
    const calls = api();
    const user = await renderPage();
    await user.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await user.click(await screen.findByRole('option', { name: 'Código Z→A' }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('order=-codigo'))).toBe(true));
  });

  it('shows the details of a clicked code and copies its texts', async () => {
    api();
    const user = await renderPage();
    // After userEvent.setup(), which installs its own clipboard stub.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'chat_assistente' }));
    const details = screen.getByRole('region', { name: 'Detalhes da configuração' });
    expect(within(details).getByRole('heading', { name: 'chat_assistente' })).toBeInTheDocument();
    expect(within(details).getByText('Prompt (contexto)')).toBeInTheDocument();
    expect(within(details).getByText('Regras & validações')).toBeInTheDocument();
    expect(within(details).getByText('Converse com a profissional.')).toBeInTheDocument();
    expect(
      within(details).getByText(/28 caracteres · Atualizado em 01\/03\/2026/),
    ).toBeInTheDocument();

    await user.click(within(details).getByRole('button', { name: 'Copiar Prompt (contexto)' }));
    expect(writeText).toHaveBeenCalledWith('Converse com a profissional.');
    expect(await screen.findByText('Copiado!')).toBeInTheDocument();

    writeText.mockRejectedValueOnce(new Error('negado'));
    await user.click(within(details).getByRole('button', { name: 'Copiar Regras & validações' }));
    expect(await screen.findByText('Não foi possível copiar.')).toBeInTheDocument();
  });

  it('edits the prompt: counter, unsaved indicator, undo, and a trimmed save', async () => {
    const calls = api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Editar recomendacao_pacote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar prompt (IA)' });
    const textarea = within(dialog).getByLabelText('Prompt');
    const save = within(dialog).getByRole('button', { name: 'Salvar alterações' });
    expect(within(dialog).getByText('Sem alterações')).toBeInTheDocument();
    expect(within(dialog).getByText(`${CONFIGS[0]!.prompt.length}/8000`)).toBeInTheDocument();
    expect(within(dialog).getByText(/Última atualização: 01\/03\/2026/)).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.clear(textarea);
    expect(save).toBeDisabled();
    expect(within(dialog).getByText('Há alterações não salvas')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Desfazer alterações' }));
    expect(textarea).toHaveValue(CONFIGS[0]!.prompt);
    expect(within(dialog).getByText('Sem alterações')).toBeInTheDocument();

    await user.clear(textarea);
    await user.paste('  Novo prompt da clínica.  ');
    expect(within(dialog).getByText('27/8000')).toBeInTheDocument();
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: `${BASE}/1`,
      body: { prompt: 'Novo prompt da clínica.' },
    });
    const details = screen.getByRole('region', { name: 'Detalhes da configuração' });
    expect(await within(details).findByText('Novo prompt da clínica.')).toBeInTheDocument();
  });

  it('a double click on Salvar alterações sends one PATCH and confirms', async () => {
    const calls = api();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Editar chat_assistente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar prompt (IA)' });
    await user.type(within(dialog).getByLabelText('Prompt'), ' mais');
    const save = within(dialog).getByRole('button', { name: 'Salvar alterações' });
    clickTwiceBeforeRender(save);
    expect(await screen.findByText('Prompt salvo.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it.each([
    [
      HttpResponse.json({ detail: 'Configuração não encontrada.' }, { status: 404 }),
      'Configuração não encontrada.',
    ],
    [
      HttpResponse.json(
        { detail: [{ loc: ['body', 'prompt'], msg: 'O prompt é obrigatório.', type: 'x' }] },
        { status: 422 },
      ),
      'O prompt é obrigatório.',
    ],
    [HttpResponse.json({}, { status: 422 }), 'Dados inválidos. Verifique os campos.'],
    [HttpResponse.json({}, { status: 500 }), 'Erro ao salvar configuração.'],
  ])('shows the save error from the catalogue (%#)', async (response, message) => {
    api({ patch: () => response });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Editar chat_assistente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar prompt (IA)' });
    await user.type(within(dialog).getByLabelText('Prompt'), ' mais');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says when the list cannot load', async () => {
    api({ list: () => HttpResponse.json({}, { status: 500 }) });
    renderWithProviders(<PromptAiPage />);
    expect(
      await screen.findByText('Não foi possível carregar as configurações.'),
    ).toBeInTheDocument();
  });

  it('says when a configuration cannot load', async () => {
    api({ detail: () => HttpResponse.json({}, { status: 500 }) });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'chat_assistente' }));
    expect(await screen.findByText('Erro ao carregar configuração.')).toBeInTheDocument();
  });
});
