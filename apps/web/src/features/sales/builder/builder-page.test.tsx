import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BUILDER_DRAFT_STORAGE_KEY,
  emptyBuilderDraft,
  type ClinicalIssue,
  type Package,
  type Service,
} from '@portal/domain';
import { makeClient, makePackage, makeProposal, makeService } from '@portal/domain/fixtures';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiData } from '../../../test/msw-handlers';
import { recordRequests, server, writesIn } from '../../../test/msw-server';
import { makeUser, renderApp, signInAs, stubViewport } from '../../../test/test-utils';

/** A procedure of the builder's catalogue: R$ 1.000, cost R$ 100, 10% minimum margin. */
function service(id: number, overrides: Partial<Service> = {}): Service {
  return makeService({
    id,
    name: `Procedimento ${id}`,
    value: 1000,
    cost: 100,
    min_margin_percent: 10,
    ...overrides,
  });
}

/** A package without discount, 2 A, 1 B and 1 C sessions. */
function pkg(id: number, overrides: Partial<Package> = {}): Package {
  return makePackage({
    id,
    name: `Pacote ${id}`,
    discount_percent: 0,
    block_limits: { a: 2, b: 1, c: 1, d: 0 },
    ...overrides,
  });
}

const catalogue: Service[] = [
  service(1, { name: 'Botox', value: 4500, cost: 1200, min_margin_percent: 32.5 }),
  service(2, { name: 'Preenchimento', value: 3000, cost: 600 }),
  service(3, { name: 'Restrito', value: 100 }),
  service(4, { name: 'Peeling', block: 'B', value: 800, cost: 200, session_limit: 1 }),
  service(5, { name: 'Criolipólise - Abdômen', block: 'C', value: 2000 }),
  service(6, { name: 'Criolipólise - Flancos', block: 'C', value: 1800 }),
  service(7, { name: 'Criolipólise - Coxas', block: 'C', value: 1900 }),
  service(8, {
    name: 'Laser Premium',
    block: 'D',
    value: 5000,
    cost: 1500,
    min_margin_percent: 60,
  }),
];

const packages: Package[] = [
  pkg(12, { name: 'Pacote 12', restricted_procedures: [3, 8] }),
  pkg(20, {
    name: 'Essencial 20',
    annual_value: 6000,
    block_limits: { a: 1, b: 1, c: 1, d: 1 },
  }),
  pkg(30, {
    name: 'Corpo 30',
    annual_value: 3000,
    block_limits: { a: 1, b: 1, c: 1, d: 1 },
    restricted_procedures: [8],
  }),
];

/** The catalogue on the MSW API; returns the log of the requests the builder sends. */
function serveCatalogue({
  packageList = packages,
  services = catalogue,
}: { packageList?: Package[]; services?: Service[] } = {}) {
  apiData.packages = packageList;
  apiData.services = services;
  return recordRequests();
}

/** Creating a client answers Joana Prado (41); saving a proposal answers `proposalId`. */
function answerSale(proposalId: number) {
  server.use(
    http.post('/api/v1/clients/', () =>
      HttpResponse.json(makeClient({ id: 41, full_name: 'Joana Prado' }), { status: 201 }),
    ),
    http.post('/api/v1/proposals/', () => HttpResponse.json({ id: proposalId }, { status: 201 })),
  );
}

/** The JSON body of the one POST the log holds to `path`. */
function postedTo(requests: ReturnType<typeof recordRequests>, path: string) {
  const posts = writesIn(requests).filter((request) => request.path === path);
  expect(posts).toHaveLength(1);
  return posts[0]?.body;
}

async function openBuilder(kind: 'desktop' | 'phone' = 'desktop') {
  stubViewport(kind);
  signInAs(makeUser());
  const result = await renderApp('/montar-pacote');
  await screen.findByRole('heading', { name: 'Selecione o Pacote' });
  return result;
}

/** The builder opened again in the same tab (a reload, or Back from another page). */
async function openBuilderAgain() {
  const result = await renderApp('/montar-pacote');
  await screen.findByRole('heading', { name: 'Selecione os Procedimentos' });
  await screen.findByRole('button', { name: /^Botox/ });
  return result;
}

async function pickPackage(name: RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  await screen.findByRole('heading', { name: 'Selecione os Procedimentos' });
  return user;
}

function summaryPanel() {
  return screen.getByRole('complementary', { name: 'Resumo do Pacote' });
}

function summaryValue(label: string): string {
  const row = within(summaryPanel()).getByText(label).parentElement;
  return row?.textContent?.replace(label, '').replace(/\s+/g, ' ').trim() ?? '';
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('package builder: package step', () => {
  it('lists active packages with monthly value and block limits', async () => {
    const requests = serveCatalogue();
    await openBuilder();
    const card = await screen.findByRole('button', { name: /Pacote 12/ });
    expect(within(card).getByText('R$ 1.000,00')).toBeInTheDocument();
    expect(within(card).getByText('A: 2')).toBeInTheDocument();
    expect(within(card).getByText('D: 0')).toBeInTheDocument();
    expect(
      within(screen.getByRole('button', { name: /Essencial 20/ })).getByText('R$ 500,00'),
    ).toBeInTheDocument();
    expect(requests.some(({ path }) => path === '/api/v1/packages/?status_eq=active')).toBe(true);
    // Without a package nothing can be generated or personalized.
    expect(within(summaryPanel()).getByRole('button', { name: 'Gerar Pacote' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Personalizar' })).toBeDisabled();
  });

  it("shows 'Nenhum pacote ativo no momento' when there is none", async () => {
    serveCatalogue({ packageList: [] });
    await openBuilder();
    expect(await screen.findByText('Nenhum pacote ativo no momento')).toBeInTheDocument();
  });
});

describe('package builder: procedures step', () => {
  it('adds sessions per click up to the block limit, then dims the others', async () => {
    serveCatalogue();
    await openBuilder();
    const user = await pickPackage(/Pacote 12/);
    expect(screen.getByRole('button', { name: 'Personalizar' })).toBeEnabled();

    const blockA = screen.getByRole('region', { name: 'Bloco A' });
    // The package restricts 'Restrito'.
    expect(within(blockA).queryByText('Restrito')).not.toBeInTheDocument();
    expect(within(blockA).getByText('0/2 selecionados')).toBeInTheDocument();

    const botox = within(blockA).getByRole('button', { name: /^Botox/ });
    await user.click(botox);
    expect(botox).toHaveAttribute('aria-pressed', 'true');
    expect(within(blockA).getByText('1/2 selecionados')).toBeInTheDocument();
    await user.click(botox);
    expect(within(botox).getByText('2 sessões')).toBeInTheDocument();
    expect(within(blockA).getByText('2/2 selecionados • Limite atingido')).toBeInTheDocument();

    // Full block: the other card is dimmed and a click on it does nothing.
    const filler = within(blockA).getByRole('button', { name: /^Preenchimento/ });
    expect(filler).toHaveAttribute('aria-disabled', 'true');
    await user.click(filler);
    expect(filler).toHaveAttribute('aria-pressed', 'false');

    // A click on the selected card of a full block removes all its sessions.
    await user.click(botox);
    expect(botox).toHaveAttribute('aria-pressed', 'false');
    expect(within(blockA).getByText('0/2 selecionados')).toBeInTheDocument();
  });

  it("respects a procedure's own session limit", async () => {
    serveCatalogue();
    await openBuilder();
    const user = await pickPackage(/Pacote 12/);
    const blockB = screen.getByRole('region', { name: 'Bloco B' });
    const peeling = within(blockB).getByRole('button', { name: /^Peeling/ });
    await user.click(peeling);
    expect(within(blockB).getByText('1/1 selecionados • Limite atingido')).toBeInTheDocument();
    await user.click(peeling);
    expect(peeling).toHaveAttribute('aria-pressed', 'false');
  });

  it("shows 'Nenhum procedimento encontrado para o bloco D' for an empty block", async () => {
    serveCatalogue();
    await openBuilder();
    await pickPackage(/Corpo 30/);
    expect(screen.getByText('Nenhum procedimento encontrado para o bloco D')).toBeInTheDocument();
  });

  it('does not list a block whose limit is 0', async () => {
    serveCatalogue();
    await openBuilder();
    await pickPackage(/Pacote 12/);
    expect(screen.getByRole('region', { name: 'Bloco C' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bloco D' })).not.toBeInTheDocument();
    expect(within(summaryPanel()).queryByText('Bloco D')).not.toBeInTheDocument();
  });

  it("'−' removes one session of a procedure", async () => {
    serveCatalogue();
    await openBuilder();
    const user = await pickPackage(/Pacote 12/);
    const blockA = screen.getByRole('region', { name: 'Bloco A' });
    const botox = within(blockA).getByRole('button', { name: /^Botox/ });
    expect(
      within(blockA).queryByRole('button', { name: 'Remover uma sessão de Botox' }),
    ).not.toBeInTheDocument();
    await user.click(botox);
    await user.click(botox);
    expect(within(botox).getByText('2 sessões')).toBeInTheDocument();
    await user.click(within(blockA).getByRole('button', { name: 'Remover uma sessão de Botox' }));
    expect(within(botox).getByText('1 sessão')).toBeInTheDocument();
    expect(within(blockA).getByText('1/2 selecionados')).toBeInTheDocument();
    await user.click(within(blockA).getByRole('button', { name: 'Remover uma sessão de Botox' }));
    expect(botox).toHaveAttribute('aria-pressed', 'false');
  });

  it("disables 'Gerar Pacote' with its reason until a procedure is chosen", async () => {
    serveCatalogue();
    await openBuilder();
    const user = await pickPackage(/Pacote 12/);
    const generate = within(summaryPanel()).getByRole('button', { name: 'Gerar Pacote' });
    expect(generate).toBeDisabled();
    expect(generate).toHaveAccessibleDescription(
      'Selecione ao menos um procedimento para gerar o pacote.',
    );
    // Back on the package grid with the package chosen, still nothing to generate.
    await user.click(screen.getByRole('button', { name: 'Trocar pacote' }));
    expect(within(summaryPanel()).getByRole('button', { name: 'Gerar Pacote' })).toBeDisabled();
    await pickPackage(/Pacote 12/);
    await user.click(screen.getByRole('button', { name: /^Botox/ }));
    expect(within(summaryPanel()).getByRole('button', { name: 'Gerar Pacote' })).toBeEnabled();
  });

  it("shows the client's saving live and warns when the package costs more", async () => {
    serveCatalogue();
    await openBuilder();
    const user = await pickPackage(/Essencial 20/);
    expect(summaryValue('Economia da cliente')).toBe('—');
    // R$ 6.000 for R$ 4.500 of sessions: a loss for the client, said before generating.
    await user.click(screen.getByRole('button', { name: /^Botox/ }));
    expect(summaryValue('Valor avulso')).toBe('R$ 4.500,00');
    expect(within(summaryPanel()).getByRole('alert')).toHaveTextContent(
      'O pacote custa R$ 1.500,00 a mais que os procedimentos avulsos. Adicione sessões ou escolha outro pacote antes de gerar.',
    );
    // + Peeling 800 + Criolipólise 2.000 = R$ 7.300: saving R$ 1.300,00, 1 − 6.000/7.300 = 17,80%.
    await user.click(screen.getByRole('button', { name: /^Peeling/ }));
    await user.click(screen.getByRole('button', { name: /Criolipólise\s*3 procedimentos/ }));
    await user.click(await screen.findByRole('button', { name: /^Criolipólise - Abdômen/ }));
    expect(summaryValue('Valor avulso')).toBe('R$ 7.300,00');
    expect(summaryValue('Economia da cliente')).toBe('R$ 1.300,00 (17,80%)');
    expect(within(summaryPanel()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("'modo cliente' hides score, margin, budgets and the margin warning", async () => {
    serveCatalogue();
    await openBuilder();
    const user = await pickPackage(/Essencial 20/);
    await user.click(screen.getByRole('button', { name: /^Laser Premium/ }));
    const warning = 'Margem abaixo do mínimo exigido pelos procedimentos selecionados.';
    expect(within(summaryPanel()).getByText(warning)).toBeInTheDocument();
    expect(screen.getAllByText(/^Score /).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('switch', { name: /Modo cliente/ }));
    for (const label of ['Score', 'Orçamento mensal disponível', 'Saldo mensal restante']) {
      expect(within(summaryPanel()).queryByText(label)).not.toBeInTheDocument();
    }
    expect(within(summaryPanel()).queryByText(warning)).not.toBeInTheDocument();
    expect(screen.queryAllByText(/^Score /)).toHaveLength(0);
    // What the client may see stays.
    expect(summaryValue('Valor mensal (12x)')).toBe('R$ 500,00');
    expect(summaryValue('Valor avulso')).toBe('R$ 5.000,00');
  });

  it("shows the seller's estimated commission from the builder's totals, hidden in 'modo cliente'", async () => {
    serveCatalogue();
    const requests = recordRequests();
    server.use(
      http.post('/api/v1/commission-rules/estimate', () =>
        HttpResponse.json({
          amount: 90,
          lines: [{ rule_id: 1, rule_version: 1, event: 'venda_aceita', amount: 90 }],
        }),
      ),
    );
    await openBuilder();
    const user = await pickPackage(/Essencial 20/);
    await user.click(screen.getByRole('button', { name: /^Laser Premium/ }));
    const line = await within(summaryPanel()).findByText(/Sua comissão estimada/);
    expect(line).toHaveTextContent('Sua comissão estimada: R$ 90,00');
    const sent = requests.filter((r) => r.path === '/api/v1/commission-rules/estimate');
    expect(sent.at(-1)?.body).toEqual({ price: 6000, cost: expect.any(Number) as number });

    await user.click(screen.getByRole('switch', { name: /Modo cliente/ }));
    expect(screen.queryByText(/Sua comissão estimada/)).not.toBeInTheDocument();
  });

  it('keeps package, sessions and client name across a reload, names the new client, then starts a new sale', async () => {
    const requests = serveCatalogue();
    answerSale(77);
    const first = await openBuilder();
    const user = await pickPackage(/Pacote 12/);
    await user.type(screen.getByRole('textbox', { name: 'Nome da cliente' }), 'Joana Prado');
    await user.click(screen.getByRole('button', { name: /^Botox/ }));
    first.unmount();

    const { router } = await openBuilderAgain();
    expect(screen.getByRole('textbox', { name: 'Nome da cliente' })).toHaveValue('Joana Prado');
    const botox = screen.getByRole('button', { name: /^Botox/ });
    expect(botox).toHaveAttribute('aria-pressed', 'true');
    const again = userEvent.setup();
    await again.click(within(summaryPanel()).getByRole('button', { name: 'Gerar Pacote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gerar proposta' });
    await again.click(within(dialog).getByText('Novo cliente'));
    // The name typed in the builder is the new client's name.
    expect(within(dialog).getByRole('textbox', { name: 'Nome completo' })).toHaveValue(
      'Joana Prado',
    );
    await again.click(within(dialog).getByRole('button', { name: 'Salvar cliente e proposta' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/propostas/77'));
    expect(postedTo(requests, '/api/v1/clients/')).toMatchObject({ full_name: 'Joana Prado' });
    expect(postedTo(requests, '/api/v1/proposals/')).toMatchObject({
      client_id: 41,
      package_id: 12,
    });
    // Saved: the next client starts from a clean builder.
    expect(JSON.parse(window.sessionStorage.getItem(BUILDER_DRAFT_STORAGE_KEY) ?? 'null')).toEqual(
      emptyBuilderDraft(),
    );
  });

  it("puts the assistant's goal and preferences in the new client's 'Preferências'", async () => {
    const requests = serveCatalogue();
    answerSale(77);
    // The sale as the tab kept it after the assistant was applied.
    window.sessionStorage.setItem(
      BUILDER_DRAFT_STORAGE_KEY,
      JSON.stringify({
        ...emptyBuilderDraft(),
        step: 'services',
        packageId: 12,
        selection: { A: [1], B: [], C: [], D: [] },
        clientName: 'Joana Prado',
        clientPreferences: { goal: 'manchas no rosto', preferences: 'sábados' },
      }),
    );
    stubViewport('desktop');
    signInAs(makeUser());
    const { router } = await renderApp('/montar-pacote');
    await screen.findByRole('button', { name: /^Botox/ });
    const user = userEvent.setup();
    await user.click(within(summaryPanel()).getByRole('button', { name: 'Gerar Pacote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gerar proposta' });
    await user.click(within(dialog).getByText('Novo cliente'));
    expect(within(dialog).getByRole('textbox', { name: /Preferências/ })).toHaveValue(
      'Objetivo: manchas no rosto\nsábados',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar cliente e proposta' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/propostas/77'));
    expect(postedTo(requests, '/api/v1/clients/')).toMatchObject({
      full_name: 'Joana Prado',
      preferences: ['Objetivo: manchas no rosto', 'sábados'],
    });
  });

  it("'Nova venda' forgets the package, the sessions and the name", async () => {
    serveCatalogue();
    await openBuilder();
    const user = await pickPackage(/Pacote 12/);
    await user.type(screen.getByRole('textbox', { name: 'Nome da cliente' }), 'Joana');
    await user.click(screen.getByRole('button', { name: /^Botox/ }));
    await user.click(screen.getByRole('button', { name: 'Nova venda' }));
    expect(await screen.findByRole('heading', { name: 'Selecione o Pacote' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nome da cliente' })).toHaveValue('');
    expect(JSON.parse(window.sessionStorage.getItem(BUILDER_DRAFT_STORAGE_KEY) ?? '{}')).toEqual(
      emptyBuilderDraft(),
    );
  });

  it('folds 3+ procedures with the same first letters into a collapsible group', async () => {
    serveCatalogue();
    await openBuilder();
    const user = await pickPackage(/Pacote 12/);
    const blockC = screen.getByRole('region', { name: 'Bloco C' });
    const group = within(blockC).getByRole('button', { name: /Criolipólise\s*3 procedimentos/ });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    await user.click(
      await within(blockC).findByRole('button', { name: /^Criolipólise - Flancos/ }),
    );
    expect(within(group).getByText('1 sessão')).toBeInTheDocument();
  });

  it('filters the procedures by name from the header search', async () => {
    serveCatalogue();
    await openBuilder();
    const user = await pickPackage(/Pacote 12/);
    await user.type(screen.getByRole('searchbox', { name: 'Buscar procedimento' }), 'flancos');
    expect(
      await screen.findByRole('button', { name: /^Criolipólise - Flancos/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Botox/ })).not.toBeInTheDocument();
    expect(screen.getByText('Nenhum procedimento encontrado para o bloco A')).toBeInTheDocument();
  });

  it('updates the summary figures per session and resets them with a new package', async () => {
    serveCatalogue();
    await openBuilder();
    const user = await pickPackage(/Pacote 12/);
    // P = R$ 12.000,00: budget 0,7·P/12 = R$ 700,00; with nothing selected the margin is 70%.
    expect(within(summaryPanel()).getByText('Pacote nº 12')).toBeInTheDocument();
    expect(summaryValue('Score')).toBe('70,00%');
    expect(summaryValue('Orçamento mensal disponível')).toBe('R$ 700,00');
    expect(summaryValue('Saldo mensal restante')).toBe('R$ 700,00');

    const blockA = screen.getByRole('region', { name: 'Bloco A' });
    await user.click(within(blockA).getByRole('button', { name: /^Botox/ }));
    await user.click(within(blockA).getByRole('button', { name: /^Botox/ }));
    // Cost 2 × R$ 1.200 = R$ 2.400: lucro R$ 6.000 → 50,00%, remaining R$ 500,00 a month.
    expect(summaryValue('Score')).toBe('50,00%');
    expect(summaryValue('Saldo mensal restante')).toBe('R$ 500,00');
    expect(summaryValue('Bloco A')).toBe('2/2');
    expect(
      within(summaryPanel()).queryByText(
        'Margem abaixo do mínimo exigido pelos procedimentos selecionados.',
      ),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Trocar pacote' }));
    await pickPackage(/Essencial 20/);
    // Choosing a package clears the selection.
    expect(summaryValue('Bloco A')).toBe('0/1');
    const essentialA = screen.getByRole('region', { name: 'Bloco A' });
    await user.click(within(essentialA).getByRole('button', { name: /^Botox/ }));
    // P = R$ 6.000: lucro 4.200 − 1.200 = 3.000 → 50%; still ≥ 32,5%. Add Peeling (cost 200).
    await user.click(screen.getByRole('button', { name: /^Peeling/ }));
    // 2.800 / 6.000 = 46,666…%: basis points rounded down (shared/basis-points.ts).
    expect(summaryValue('Score')).toBe('46,66%');
    expect(
      within(summaryPanel()).queryByText(
        'Margem abaixo do mínimo exigido pelos procedimentos selecionados.',
      ),
    ).not.toBeInTheDocument();
  });

  it('warns when the margin falls below the largest minimum margin selected', async () => {
    serveCatalogue();
    await openBuilder();
    const user = await pickPackage(/Essencial 20/);
    // P = R$ 6.000: (4.200 − 1.500) / 6.000 = 45,00%, below Laser Premium's 60% minimum.
    await user.click(screen.getByRole('button', { name: /^Laser Premium/ }));
    expect(summaryValue('Score')).toBe('45,00%');
    expect(
      within(summaryPanel()).getByText(
        'Margem abaixo do mínimo exigido pelos procedimentos selecionados.',
      ),
    ).toBeInTheDocument();
  });

  it('generates: saves a proposal for the chosen client and opens its page', async () => {
    const requests = serveCatalogue();
    apiData.clients = [makeClient({ id: 31, phone: '11 98888-7777' })];
    answerSale(99);
    const { router } = await openBuilder();
    const user = await pickPackage(/Pacote 12/);
    const blockA = screen.getByRole('region', { name: 'Bloco A' });
    await user.click(within(blockA).getByRole('button', { name: /^Botox/ }));
    await user.click(within(blockA).getByRole('button', { name: /^Preenchimento/ }));
    await user.click(within(summaryPanel()).getByRole('button', { name: 'Gerar Pacote' }));

    const dialog = await screen.findByRole('dialog', { name: 'Gerar proposta' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Cliente' }), 'maria');
    await user.click(await screen.findByRole('option', { name: /Maria José da Silva/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar proposta' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/propostas/99'));
    // Ids only: the server checks the selection and computes every total itself.
    expect(writesIn(requests).map(({ body }) => body)).toEqual([
      { client_id: 31, package_id: 12, blocks: { A: [1, 2], B: [], C: [], D: [] } },
    ]);
  });
});

/** Lara (44), pregnant: toxin blocked (absolute), filler warned (relative). */
const TOXIN_BLOCK: ClinicalIssue = {
  code: 'contraindication',
  service_id: 1,
  condition: 'GESTACAO',
  severity: 'absolute',
  message: 'Gestação: toxina botulínica não é aplicada na gestação (segurança não estabelecida).',
};
const FILLER_WARNING: ClinicalIssue = {
  code: 'contraindication',
  service_id: 2,
  condition: 'LACTACAO',
  severity: 'relative',
  message: 'Lactação: preenchimento só com avaliação médica.',
};
const REASON = 'Liberação por escrito do obstetra, gestação não confirmada.';

function serveClinicalSale() {
  const requests = serveCatalogue();
  apiData.clients = [
    makeClient({
      id: 44,
      full_name: 'Lara Gestante',
      consents: { health_data: true, marketing: false, photos: false },
    }),
  ];
  apiData.clinical = { understood: 'Entendi: gestante', warnings: [TOXIN_BLOCK, FILLER_WARNING] };
  answerSale(77);
  return requests;
}

async function chooseLara() {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Cliente cadastrado' }), 'lara');
  await user.click(await screen.findByRole('option', { name: /Lara Gestante/ }));
}

function checksIn(requests: ReturnType<typeof recordRequests>) {
  return requests.filter(({ path }) => path === '/api/v1/clinical/check');
}

describe('package builder: the clinical check of the chosen client (issue 26)', () => {
  it('badges blocked and warned cards, asks the reason to add a blocked one and saves it', async () => {
    const requests = serveClinicalSale();
    const { router } = await openBuilder();
    await chooseLara();
    const user = await pickPackage(/Pacote 12/);

    const blockA = screen.getByRole('region', { name: 'Bloco A' });
    const toxin = within(blockA).getByRole('button', { name: /^Botox/ });
    expect(await within(toxin).findByText('Contraindicado')).toBeInTheDocument();
    expect(within(toxin).getByText(TOXIN_BLOCK.message)).toBeInTheDocument();
    const filler = within(blockA).getByRole('button', { name: /^Preenchimento/ });
    expect(within(filler).getByText(FILLER_WARNING.message)).toBeInTheDocument();
    expect(within(filler).queryByText('Contraindicado')).not.toBeInTheDocument();
    // One request for the client and the package's cards (restricted ones are not cards).
    await vi.waitFor(() => expect(checksIn(requests)).toHaveLength(1));
    expect(checksIn(requests)[0]?.body).toEqual({ client_id: 44, service_ids: [1, 2, 4, 5, 6, 7] });

    // Adding the blocked procedure asks the reason; too short is refused, nothing is added.
    await user.click(toxin);
    const ask = await screen.findByRole('dialog', { name: 'Procedimento contraindicado' });
    expect(within(ask).getByText(TOXIN_BLOCK.message, { exact: false })).toBeInTheDocument();
    await user.type(within(ask).getByRole('textbox', { name: /Motivo/ }), 'curto');
    await user.click(within(ask).getByRole('button', { name: 'Adicionar com justificativa' }));
    expect(
      within(ask).getByText('Registre o motivo (ao menos 10 caracteres).'),
    ).toBeInTheDocument();
    expect(toxin).toHaveAttribute('aria-pressed', 'false');
    await user.clear(within(ask).getByRole('textbox', { name: /Motivo/ }));
    await user.type(within(ask).getByRole('textbox', { name: /Motivo/ }), REASON);
    await user.click(within(ask).getByRole('button', { name: 'Adicionar com justificativa' }));
    await vi.waitFor(() => expect(toxin).toHaveAttribute('aria-pressed', 'true'));
    expect(within(toxin).getByText('Contraindicado · justificado')).toBeInTheDocument();
    await user.click(filler);

    // Adding to the cart asks nothing again: the cards already cover it.
    await user.click(within(summaryPanel()).getByRole('button', { name: 'Gerar Pacote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gerar proposta' });
    expect(within(dialog).getByRole('textbox', { name: /Motivo/ })).toHaveValue(REASON);
    expect(within(dialog).getByText(FILLER_WARNING.message, { exact: false })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar proposta' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/propostas/77'));
    expect(writesIn(requests).filter(({ path }) => path === '/api/v1/proposals/')).toEqual([
      expect.objectContaining({
        body: {
          client_id: 44,
          package_id: 12,
          blocks: { A: [1, 2], B: [], C: [], D: [] },
          override_reason: REASON,
        },
      }),
    ]);
    expect(checksIn(requests)).toHaveLength(1);
  }, 60_000);

  it("shows the server's 422 CLINICAL_BLOCK like the builder's and resends with the reason", async () => {
    const requests = serveClinicalSale();
    apiData.clinical = { understood: '', warnings: [] };
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/v1/proposals/', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.override_reason) {
          return HttpResponse.json(
            {
              code: 'CLINICAL_BLOCK',
              message: 'Procedimento contraindicado para a cliente.',
              warnings: [TOXIN_BLOCK],
            },
            { status: 422 },
          );
        }
        return HttpResponse.json({ id: 78 }, { status: 201 });
      }),
    );
    const { router } = await openBuilder();
    await chooseLara();
    const user = await pickPackage(/Pacote 12/);
    await user.click(screen.getByRole('button', { name: /^Botox/ }));
    await user.click(within(summaryPanel()).getByRole('button', { name: 'Gerar Pacote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gerar proposta' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar proposta' }));

    expect(
      await within(dialog).findByText('Procedimento contraindicado para a cliente.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(TOXIN_BLOCK.message, { exact: false })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar proposta' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/propostas/78'));
    expect(bodies).toEqual([
      { client_id: 44, package_id: 12, blocks: { A: [1], B: [], C: [], D: [] } },
      {
        client_id: 44,
        package_id: 12,
        blocks: { A: [1], B: [], C: [], D: [] },
        override_reason: REASON,
      },
    ]);
    expect(writesIn(requests).filter(({ path }) => path === '/api/v1/proposals/')).toHaveLength(2);
  }, 60_000);

  it("'Nova versão' reopens the builder with the proposal's client, so the check holds", async () => {
    const requests = serveClinicalSale();
    apiData.proposals = [
      makeProposal({
        id: 5,
        client: { id: 44, full_name: 'Lara Gestante' },
        package: { id: 12, name: 'Pacote 12', annual_value: 12000 },
        items: [
          {
            service_id: 1,
            name: 'Botox',
            block: 'A',
            sessions: 1,
            unit_value: 4500,
            total_value: 4500,
          },
        ],
      }),
    ];
    stubViewport('desktop');
    signInAs(makeUser());
    await renderApp('/montar-pacote?revisar=5');
    // The proposal, then its package, then the cards: three answers before the first card.
    const toxin = await screen.findByRole('button', { name: /^Botox/ }, { timeout: 30_000 });
    await vi.waitFor(() => expect(toxin).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('textbox', { name: 'Cliente cadastrado' })).toHaveValue(
      'Lara Gestante',
    );
    expect(await within(toxin).findByText('Contraindicado · justificado')).toBeInTheDocument();
    expect(checksIn(requests)[0]?.body).toMatchObject({ client_id: 44 });
  }, 60_000);
});

describe('package builder on a phone', () => {
  it('shows a fixed bottom bar with block counts, monthly value, margin and Gerar Pacote', async () => {
    serveCatalogue();
    await openBuilder('phone');
    const user = await pickPackage(/Pacote 12/);
    const bar = screen.getByRole('complementary', { name: 'Resumo do Pacote' });
    expect(within(bar).getByText('A 0/2')).toBeInTheDocument();
    expect(within(bar).getByText('R$ 1.000,00/mês')).toBeInTheDocument();
    expect(within(bar).getByText('Margem 70,00%')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Gerar Pacote' })).toBeDisabled();
    expect(within(bar).queryByText('D 0/0')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Botox/ }));
    expect(within(bar).getByText('A 1/2')).toBeInTheDocument();
    // R$ 12.000 for R$ 4.500 of sessions: the bar says the package costs more.
    expect(within(bar).getByRole('alert')).toHaveTextContent(
      'O pacote custa R$ 7.500,00 a mais que o avulso.',
    );
    await user.click(screen.getByRole('switch', { name: /Modo cliente/ }));
    expect(within(bar).queryByText(/^Margem/)).not.toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Gerar Pacote' })).toBeEnabled();
    // No side panel heading on a phone.
    expect(screen.queryByRole('heading', { name: 'Resumo do Pacote' })).not.toBeInTheDocument();
  });
});
