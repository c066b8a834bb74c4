import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlockLimits, Package, RecommendationResponse, Service } from '@portal/domain';
import { useState } from 'react';
import { makePackage, makeService } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../../test/msw-server';
import { renderWithProviders } from '../../../../test/test-utils';
import { AssistantDialog, type AssistantDialogProps } from './assistant-dialog';

const SERVICES: Service[] = [
  makeService({ id: 1, name: 'Peeling Químico', block: 'A', traits: ['ácidos'] }),
  makeService({ id: 2, name: 'Limpeza de Pele', block: 'A' }),
  makeService({ id: 3, name: 'Radiofrequência', block: 'B' }),
];
const PKG: Package = makePackage({
  id: 7,
  name: 'Pacote 7',
  block_limits: { a: 1, b: 1, c: 0, d: 0 },
});
const LIMITS: BlockLimits = { A: 1, B: 1, C: 0, D: 0 };

const RECOMMENDATION: RecommendationResponse = {
  items: [
    { service_id: 1, block: 'A', name: 'Peeling Químico', reason: 'Indicado para manchas.' },
    { service_id: 2, block: 'A', name: 'Limpeza de Pele', reason: 'Completa o pacote.' },
    { service_id: 3, block: 'B', name: 'Radiofrequência', reason: 'Indicado para flacidez.' },
  ],
  engine: 'local',
  summary: '3 procedimentos recomendados para manchas e flacidez.',
  understood: '',
  warnings: [],
  blocked: [],
  no_answer: null,
  notices: [],
};

const CHAT_TEXT = JSON.stringify({
  items: [
    {
      service_id: 1,
      name: 'Peeling Químico',
      reason: 'Clareia.',
      benefit_for_client: 'Pele mais uniforme.',
      reasoning_summary: 'x',
    },
  ],
});

interface Routes {
  recommend?: (
    body: Record<string, unknown>,
    signal?: AbortSignal | null,
  ) => Response | Promise<Response>;
  chat?: (body: Record<string, unknown>) => Response | Promise<Response>;
  services?: () => Response;
}

/** The MSW API answers the catalogue, the recommendation and the chat; keeps the last bodies. */
function api(routes: Routes = {}) {
  const bodies: Record<string, Record<string, unknown>> = {};
  server.use(
    http.get('/api/v1/services/', () => routes.services?.() ?? HttpResponse.json(SERVICES)),
    http.post('/api/v1/recommendations/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.recommend = body;
      return routes.recommend?.(body, request.signal) ?? HttpResponse.json(RECOMMENDATION);
    }),
    http.post('/api/v1/ai/ai/text', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.chat = body;
      return routes.chat?.(body) ?? HttpResponse.json({ text: CHAT_TEXT, engine: 'local' });
    }),
  );
  return bodies;
}

function renderDialog(overrides: Partial<AssistantDialogProps> = {}) {
  const user = userEvent.setup({ delay: null });
  const props: AssistantDialogProps = {
    opened: true,
    onClose: vi.fn(),
    pkg: PKG,
    services: SERVICES,
    limits: LIMITS,
    onApply: vi.fn(),
    ...overrides,
  };
  const view = renderWithProviders(<AssistantDialog {...props} />);
  return { user, props, view };
}

async function typeGoal(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(screen.getByLabelText(/Objetivo e Requisitos/));
  await user.paste(text);
}

// --- A scripted Web Speech API -------------------------------------------------------------
class FakeRecognition {
  static instances: FakeRecognition[] = [];
  static failStart = false;
  lang = '';
  interimResults = false;
  continuous = false;
  onresult: ((event: unknown) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  started = false;
  aborted = false;
  constructor() {
    FakeRecognition.instances.push(this);
  }
  start() {
    if (FakeRecognition.failStart) throw new Error('nope');
    this.started = true;
  }
  stop() {
    this.onend?.();
  }
  abort() {
    this.aborted = true;
  }
  say(transcript: string, isFinal: boolean) {
    const result = Object.assign([{ transcript }], { isFinal });
    act(() => this.onresult?.({ resultIndex: 0, results: [result] }));
  }
  fail(error: string) {
    act(() => this.onerror?.({ error }));
  }
}

afterEach(() => {
  FakeRecognition.instances = [];
  FakeRecognition.failStart = false;
  delete (window as unknown as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
});

describe('AssistantDialog', { timeout: 20_000 }, () => {
  it('needs a goal before Gerar', async () => {
    api();
    const { user } = renderDialog();
    const generate = screen.getByRole('button', { name: 'Gerar' });
    expect(generate).toBeDisabled();
    expect(screen.getByLabelText('Preferências (opcional)')).toBeInTheDocument();
    for (const name of ['Nova Consulta', 'Limpar Tudo', 'Aplicar Recomendações']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Aplicar Recomendações' })).toBeDisabled();
    await typeGoal(user, 'manchas');
    expect(generate).toBeEnabled();
  });

  it('shows the warnings of both answers once each, the budget first', async () => {
    const sun = {
      code: 'sun_exposure' as const,
      message:
        'Exposição ao sol ("praia em janeiro"): depois de Peeling Químico a pele fica sensível ao sol.',
    };
    const budget = {
      code: 'budget_below_package' as const,
      message:
        'Orçamento abaixo do pacote: a cliente pode investir R$ 300,00 por mês (R$ 3.600,00 no ano) e o Pacote 7 custa R$ 500,00 por mês.',
    };
    api({
      recommend: () => HttpResponse.json({ ...RECOMMENDATION, notices: [sun, budget] }),
      chat: () => HttpResponse.json({ text: CHAT_TEXT, engine: 'local', notices: [sun] }),
    });
    const { user } = renderDialog();
    await typeGoal(user, 'manchas, vou à praia em janeiro, R$ 300 por mês');
    await user.click(screen.getByRole('button', { name: 'Gerar' }));
    const group = await screen.findByRole('group', { name: 'Avisos sobre o pedido da cliente' });
    const alerts = within(group).getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([budget.message, sun.message]);
  });

  it('asks for recommendations and the chat, shows the analysis and applies it within the limits', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const bodies = api({ recommend: async () => (await gate, HttpResponse.json(RECOMMENDATION)) });
    const { user, props } = renderDialog();
    await typeGoal(user, 'manchas e flacidez, até R$ 500 por mês');
    await user.click(screen.getByLabelText('Preferências (opcional)'));
    await user.paste('sábados');
    await user.click(screen.getByRole('button', { name: 'Gerar' }));
    expect(await screen.findByText('Processando...')).toBeInTheDocument();
    release();

    expect(
      await screen.findByText('Sugestões baseadas nas suas preferências e no pacote selecionado:'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Procedimentos sugeridos' });
    expect(within(list).getByText('Indicado para manchas.')).toBeInTheDocument();
    expect(within(list).getByText('Pele mais uniforme.')).toBeInTheDocument();
    expect(screen.getByText(RECOMMENDATION.summary)).toBeInTheDocument();

    expect(bodies.recommend).toEqual({
      goal_text: 'manchas e flacidez, até R$ 500 por mês\nPreferências: sábados',
      include_synergies: true,
      max_items: 12,
      block_limits: { A: 1, B: 1, C: 0, D: 0 },
      package_id: 7,
    });
    expect(bodies.chat).toMatchObject({
      max_recommendations: 6,
      temperature: 0.4,
      max_tokens: 900,
      context: { history: [], selected_package: { id: 7 } },
    });
    expect((bodies.chat!.procedures as unknown[]).length).toBe(3);
    // Explicit traits travel with each procedure.
    expect((bodies.chat!.procedures as { traits?: string[] }[])[0]!.traits).toEqual(['ácidos']);

    await user.click(screen.getByRole('button', { name: 'Aplicar Recomendações' }));
    // Block A holds 1: the second A item is cut.
    expect(props.onApply).toHaveBeenCalledWith(
      { A: [1], B: [3], C: [], D: [] },
      { goal: 'manchas e flacidez, até R$ 500 por mês', preferences: 'sábados' },
    );
  });

  it('sends the conversation so far on the next Gerar, and Nova Consulta starts over', async () => {
    const bodies = api();
    const { user } = renderDialog();
    await typeGoal(user, 'manchas');
    await user.click(screen.getByRole('button', { name: 'Gerar' }));
    await screen.findByRole('list', { name: 'Procedimentos sugeridos' });
    await user.click(screen.getByRole('button', { name: 'Gerar' }));
    await waitFor(() =>
      expect((bodies.chat!.context as { history: unknown[] }).history).toEqual([
        { role: 'user', content: 'manchas' },
        { role: 'assistant', content: CHAT_TEXT },
      ]),
    );
    await screen.findByRole('list', { name: 'Procedimentos sugeridos' });
    await user.click(screen.getByRole('button', { name: 'Nova Consulta' }));
    expect(screen.queryByRole('list', { name: 'Procedimentos sugeridos' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Objetivo e Requisitos/)).toHaveValue('manchas');
    await user.click(screen.getByRole('button', { name: 'Gerar' }));
    await waitFor(() =>
      expect((bodies.chat!.context as { history: unknown[] }).history).toEqual([]),
    );
    await user.click(screen.getByRole('button', { name: 'Limpar Tudo' }));
    expect(screen.getByLabelText(/Objetivo e Requisitos/)).toHaveValue('');
  });

  it('says when nothing fits', async () => {
    api({
      recommend: () => HttpResponse.json({ ...RECOMMENDATION, items: [] }),
      chat: () => HttpResponse.json({ text: '{"items": []}', engine: 'local' }),
    });
    const { user } = renderDialog();
    await typeGoal(user, 'algo impossível');
    await user.click(screen.getByRole('button', { name: 'Gerar' }));
    expect(
      await screen.findByText(
        'Não consegui sugerir itens com as restrições atuais. Ajuste preferências ou pacote e tente novamente.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aplicar Recomendações' })).toBeDisabled();
  });

  it.each([
    [HttpResponse.json({ detail: 'Pacote inexistente.' }, { status: 422 }), 'Pacote inexistente.'],
    [
      HttpResponse.json(
        { detail: [{ loc: ['body', 'budget'], msg: 'Orçamento inválido.', type: 'x' }] },
        { status: 422 },
      ),
      'Orçamento inválido.',
    ],
    [HttpResponse.json({}, { status: 422 }), 'Dados inválidos. Verifique os campos.'],
    [HttpResponse.json({}, { status: 500 }), 'Erro ao recomendar.'],
  ])(
    'shows the recommendation error (%#) and keeps the chat suggestions',
    async (response, text) => {
      api({ recommend: () => response });
      const { user } = renderDialog();
      await typeGoal(user, 'manchas');
      await user.click(screen.getByRole('button', { name: 'Gerar' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(
        within(screen.getByRole('list', { name: 'Procedimentos sugeridos' })).getByText('Clareia.'),
      ).toBeInTheDocument();
    },
  );

  it.each([
    [() => HttpResponse.json({}, { status: 500 }), 'Não foi possível conversar com a IA.'],
    [() => HttpResponse.json({ text: 'não é json', engine: 'local' }), 'JSON inválido'],
    [
      () => HttpResponse.json({ text: '```json\n{"sugestoes": []}\n```', engine: 'local' }),
      'Estrutura inesperada',
    ],
  ])('warns when the chat fails (%#) but still shows the recommendation', async (chat, text) => {
    api({ chat });
    const { user } = renderDialog();
    await typeGoal(user, 'manchas');
    await user.click(screen.getByRole('button', { name: 'Gerar' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('Indicado para manchas.')).toBeInTheDocument();
  });

  it('says when the services cannot load', async () => {
    api({ services: () => HttpResponse.json({}, { status: 404 }) });
    renderDialog();
    expect(await screen.findByText('Erro ao carregar serviços')).toBeInTheDocument();
  });

  it('asks for a package before recommending', async () => {
    api();
    const { user } = renderDialog({ pkg: null });
    expect(
      screen.getByText('Nenhum pacote selecionado. Volte e escolha um pacote primeiro.'),
    ).toBeInTheDocument();
    await typeGoal(user, 'manchas');
    await user.click(screen.getByRole('button', { name: 'Gerar' }));
    expect(await screen.findByText('Selecione um pacote antes de recomendar.')).toBeInTheDocument();
  });

  it('aborts the request and forgets everything when closed', async () => {
    let seenSignal: AbortSignal | null | undefined;
    api({
      recommend: (_body, signal) => {
        seenSignal = signal;
        return new Promise<Response>(() => {});
      },
    });
    const user = userEvent.setup({ delay: null });
    function Harness() {
      const [opened, setOpened] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpened(true)}>
            Personalizar
          </button>
          <AssistantDialog
            opened={opened}
            onClose={() => setOpened(false)}
            pkg={PKG}
            services={SERVICES}
            limits={LIMITS}
            onApply={vi.fn()}
          />
        </>
      );
    }
    renderWithProviders(<Harness />);
    await typeGoal(user, 'manchas');
    await user.click(screen.getByRole('button', { name: 'Gerar' }));
    await screen.findByText('Processando...');
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(seenSignal?.aborted).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Personalizar' }));
    expect(await screen.findByLabelText(/Objetivo e Requisitos/)).toHaveValue('');
    expect(screen.queryByText('Processando...')).not.toBeInTheDocument();
  });

  describe('dictation', () => {
    const install = () => {
      (window as unknown as { webkitSpeechRecognition: unknown }).webkitSpeechRecognition =
        FakeRecognition;
    };

    it('dictates in pt-BR, showing interim words and appending final ones', async () => {
      api();
      install();
      const { user } = renderDialog();
      const goal = screen.getByLabelText(/Objetivo e Requisitos/);
      await user.click(goal);
      await user.paste('Cliente quer');
      await user.click(screen.getByRole('button', { name: 'Ditar objetivo' }));
      const recognition = FakeRecognition.instances[0]!;
      expect(recognition).toMatchObject({ lang: 'pt-BR', interimResults: true, started: true });
      recognition.say('tratar man', false);
      expect(goal).toHaveValue('Cliente quer tratar man');
      recognition.say('tratar manchas', true);
      expect(goal).toHaveValue('Cliente quer tratar manchas');
      await user.click(screen.getByRole('button', { name: 'Parar ditado (objetivo)' }));
      expect(recognition.aborted).toBe(true);
    });

    it('stops when the page is hidden', async () => {
      api();
      install();
      const { user } = renderDialog();
      await user.click(screen.getByRole('button', { name: 'Ditar preferências' }));
      const recognition = FakeRecognition.instances[0]!;
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      expect(recognition.aborted).toBe(true);
      expect(screen.getByRole('button', { name: 'Ditar preferências' })).toBeInTheDocument();
    });

    it.each([
      ['not-allowed', 'Permissão de microfone negada (ou indisponível).'],
      ['network', 'Falha no ditado: network'],
    ])('reports the %s error', async (code, message) => {
      api();
      install();
      const { user } = renderDialog();
      await user.click(screen.getByRole('button', { name: 'Ditar objetivo' }));
      FakeRecognition.instances[0]!.fail(code);
      expect(await screen.findByText(message)).toBeInTheDocument();
    });

    it('says when the browser has no speech recognition', async () => {
      api();
      const { user } = renderDialog();
      await user.click(screen.getByRole('button', { name: 'Ditar objetivo' }));
      expect(
        await screen.findByText('API de reconhecimento de voz indisponível neste navegador.'),
      ).toBeInTheDocument();
    });

    it('says when dictation cannot start', async () => {
      api();
      install();
      FakeRecognition.failStart = true;
      const { user } = renderDialog();
      await user.click(screen.getByRole('button', { name: 'Ditar objetivo' }));
      expect(
        await screen.findByText('Não foi possível iniciar o ditado em pt-BR.'),
      ).toBeInTheDocument();
    });
  });
});

describe('AssistantDialog: what it understood and what it left out (issue 26)', () => {
  const UNDERSTOOD = 'Entendi: sem laser, sem peeling; objetivo: manchas';
  const WARNED: RecommendationResponse = {
    items: [
      { service_id: 2, block: 'A', name: 'Limpeza de Pele', reason: 'Indicado para manchas.' },
    ],
    engine: 'local',
    summary: '1 procedimento recomendado. Margem do pacote: 45,0% (mínima exigida: 30,0%).',
    understood: '',
    warnings: [],
    blocked: [],
    no_answer: null,
    notices: [],
  };
  const clinical = {
    understood: UNDERSTOOD,
    warnings: [
      {
        code: 'sun_timing',
        service_id: 2,
        condition: 'SOL',
        severity: 'relative',
        message: 'Evite sol por 7 dias após a sessão.',
      },
    ],
    notices: [{ code: 'sensitive_skin', message: 'Pele sensível: teste de toque antes.' }],
    blocked: [{ service_id: 1, name: 'Peeling Químico', reasons: ['Você pediu sem peeling.'] }],
  };

  it('says what it understood, warns beside the item and lists what it left out', async () => {
    api({ recommend: () => HttpResponse.json({ ...WARNED, ...clinical }) });
    const { user } = renderDialog();
    await typeGoal(user, 'Zero laser e zero peeling: quero clarear manchas');
    await user.click(screen.getByRole('button', { name: 'Gerar' }));

    expect(await screen.findByText(UNDERSTOOD)).toBeInTheDocument();
    const items = screen.getByRole('list', { name: 'Procedimentos sugeridos' });
    expect(within(items).getByText('Evite sol por 7 dias após a sessão.')).toBeInTheDocument();
    // A notice about the request stays a notice, not a line beside the item.
    expect(screen.getByText('Pele sensível: teste de toque antes.')).toBeInTheDocument();
    const leftOut = screen.getByRole('region', { name: 'Deixados de fora' });
    expect(within(leftOut).getByText('Peeling Químico')).toBeInTheDocument();
    expect(within(leftOut).getByText(/Você pediu sem peeling\./)).toBeInTheDocument();
    expect(within(items).queryByText('Peeling Químico')).not.toBeInTheDocument();
    // Outside 'modo cliente' the margin sentence is there.
    expect(screen.getByText(/Margem do pacote: 45,0%/)).toBeInTheDocument();
  });

  it('answers honestly with no items when nothing can be offered safely', async () => {
    const noAnswer =
      'Não encontrei procedimentos que atendam ao pedido com segurança: sem ácido hialurônico não há opção para volume nos lábios.';
    api({
      recommend: () =>
        HttpResponse.json({
          items: [],
          engine: 'local',
          summary: '',
          warnings: [],
          understood: 'Entendi: sem ácido hialurônico; objetivo: volume nos lábios',
          no_answer: noAnswer,
        }),
      chat: () =>
        HttpResponse.json({ text: CHAT_TEXT, engine: 'local', warnings: [], no_answer: noAnswer }),
    });
    const { user } = renderDialog();
    await typeGoal(user, 'Nada de ácido hialurônico, mas quero mais volume nos lábios');
    await user.click(screen.getByRole('button', { name: 'Gerar' }));

    expect(await screen.findByText(noAnswer)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Procedimentos sugeridos' })).not.toBeInTheDocument();
    // The chat's item is not shown either: no padding.
    expect(screen.queryByText('Peeling Químico')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aplicar Recomendações' })).toBeDisabled();
  });

  it("'modo cliente' hides every internal figure of the answer", async () => {
    api({ recommend: () => HttpResponse.json({ ...WARNED, ...clinical }) });
    const { user } = renderDialog({ clientMode: true });
    await typeGoal(user, 'Zero laser e zero peeling: quero clarear manchas');
    await user.click(screen.getByRole('button', { name: 'Gerar' }));

    expect(await screen.findByText(UNDERSTOOD)).toBeInTheDocument();
    expect(screen.getByText('1 procedimento recomendado.')).toBeInTheDocument();
    expect(screen.queryByText(/margem/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/45,0%/)).not.toBeInTheDocument();
  });
});
