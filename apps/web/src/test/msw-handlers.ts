import {
  type ClinicalIssue,
  computeSalesDashboard,
  defaultDashboardPeriod,
  salesDashboardCsv,
  type Client,
  type DashboardProposalRow,
  type Notice,
  type Package,
  type Pipeline,
  type Proposal,
  type Renewal,
  type Service,
  type SynergyRelation,
  type Unit,
  type User,
} from '@portal/domain';
import { makePackage, makeRelation, makeService, makeUser } from '@portal/domain/fixtures';
import { http, HttpResponse, type HttpHandler } from 'msw';

/**
 * An in-memory API for component tests: the catalogue and the users, answered the way the server
 * does (list order, create prepends, FastAPI error bodies) and with the list paging contract of
 * issue 12 (q, limit, offset, order, X-Total-Count). Tests set rows with `apiData` and change an
 * answer with `server.use(...)`. Reset before each test (vitest.setup.ts).
 */
export interface ApiData {
  /** Whom /auth/me answers for (signInAs in test-utils.tsx sets it); null answers 401. */
  session: User | null;
  users: User[];
  /** The notices' list; the professional shell's banner shows the active ones. */
  notices: Notice[];
  clients: Client[];
  proposals: Proposal[];
  services: Service[];
  packages: Package[];
  relations: SynergyRelation[];
  /** Stored proposals the dashboard's figures are computed from (the domain's formulas). */
  dashboardRows: DashboardProposalRow[];
  /** The instant the fake dashboard reads statuses at. */
  dashboardNow: Date;
  pipeline: Pipeline;
  renewals: Renewal[];
  /**
   * What POST /clinical/check answers for a client (issue 26): these issues, kept to the ids the
   * request names, and the `understood` sentence.
   */
  clinical: { understood: string; warnings: ClinicalIssue[] };
}

export const apiData: ApiData = {
  session: null,
  users: [],
  notices: [],
  clients: [],
  proposals: [],
  services: [],
  packages: [],
  relations: [],
  dashboardRows: [],
  dashboardNow: new Date(),
  pipeline: { unit: null, professional_id: null, columns: [] },
  renewals: [],
  clinical: { understood: '', warnings: [] },
};

export function resetApiData(): void {
  apiData.session = null;
  apiData.users = [
    makeUser({ id: 1, name: 'Ana Souza', status: 'active' }),
    makeUser({ id: 2, name: 'Bruno Lima', email: 'bruno@clinica.com.br', status: 'inactive' }),
  ];
  apiData.notices = [];
  apiData.clients = [];
  apiData.proposals = [];
  apiData.services = [makeService({ id: 1, name: 'Limpeza de Pele' })];
  apiData.packages = [makePackage({ id: 1 })];
  apiData.relations = [makeRelation({ id: 1 })];
  apiData.dashboardRows = [];
  apiData.dashboardNow = new Date();
  apiData.pipeline = { unit: null, professional_id: null, columns: [] };
  apiData.renewals = [];
  apiData.clinical = { understood: '', warnings: [] };
}

/** GET /dashboard/sales(.csv): the domain's definition over `apiData.dashboardRows`. */
function salesAnswer(url: URL) {
  const period = defaultDashboardPeriod(apiData.dashboardNow);
  const professional = Number(url.searchParams.get('professional_id')) || null;
  return computeSalesDashboard(
    apiData.dashboardRows,
    {
      from: url.searchParams.get('from') ?? period.from,
      to: url.searchParams.get('to') ?? period.to,
      unit: (url.searchParams.get('unit') as Unit | null) ?? null,
      professional_id: professional,
      basis: url.searchParams.get('basis') === 'aceite' ? 'aceite' : 'criacao',
    },
    apiData.dashboardNow,
  );
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

interface ListOptions<T> {
  searchText: (row: T) => string;
  orderFields: readonly (keyof T & string)[];
  /** A PATCH's effect on the row, when the server does more than merge the body. */
  applyChanges?: (current: T, changes: Partial<T>) => T;
}

/** GET of a list: without `limit` the whole array as today; with it, one page and the total. */
function answerList<T>(rows: readonly T[], url: URL, options: ListOptions<T>) {
  const q = url.searchParams.get('q');
  // `status_eq=active`, `block_eq=A`: equality filters on the row's field of that name.
  const equals = [...url.searchParams].filter(([key]) => key.endsWith('_eq'));
  let matching = rows.filter(
    (row) =>
      (!q || fold(options.searchText(row)).includes(fold(q))) &&
      equals.every(
        ([key, value]) => String((row as Record<string, unknown>)[key.slice(0, -3)]) === value,
      ),
  );
  const order = url.searchParams.get('order');
  if (order) {
    const field = order.replace(/^-/, '');
    if (!(options.orderFields as readonly string[]).includes(field)) {
      return HttpResponse.json(
        { detail: [{ loc: ['query', 'order'], msg: 'Ordenação inválida.', type: 'value_error' }] },
        { status: 422 },
      );
    }
    const sign = order.startsWith('-') ? -1 : 1;
    matching = [...matching].sort((a, b) => {
      const left = (a as Record<string, unknown>)[field];
      const right = (b as Record<string, unknown>)[field];
      return sign * String(left).localeCompare(String(right), 'pt-BR', { numeric: true });
    });
  }
  const limit = url.searchParams.get('limit');
  if (limit === null) return HttpResponse.json(matching);
  const offset = Number(url.searchParams.get('offset') ?? '0');
  return HttpResponse.json(matching.slice(offset, offset + Number(limit)), {
    headers: { 'X-Total-Count': String(matching.length) },
  });
}

/**
 * As the users service does (DESIGN.md 7.3): requested_profile is never set by a PATCH, and
 * leaving 'pending' grants only the profile sent (else 'professional') and clears the request.
 */
function applyUserChanges(current: User, changes: Partial<User>): User {
  const { requested_profile: _ignored, ...allowed } = changes;
  const next: User = { ...current, ...allowed };
  if (current.status === 'pending' && next.status !== 'pending') {
    next.profile = allowed.profile ?? 'professional';
    next.requested_profile = null;
  }
  return next;
}

const notFound = () => HttpResponse.json({ detail: 'Não encontrado.' }, { status: 404 });

/** GET, POST, PATCH and DELETE of one resource over the rows `get` and `set` reach. */
function crud<Row extends { id: number }>(
  path: string,
  get: () => Row[],
  set: (rows: Row[]) => void,
  options: ListOptions<Row>,
) {
  const rows = get;
  const setRows = set;
  return [
    http.get(path, ({ request }) => answerList(rows(), new URL(request.url), options)),
    http.get(`${path}:id`, ({ params }) => {
      const row = rows().find((candidate) => candidate.id === Number(params.id));
      return row ? HttpResponse.json(row) : notFound();
    }),
    http.post(path, async ({ request }) => {
      const body = (await request.json()) as Partial<Row>;
      const id = Math.max(0, ...rows().map((row) => row.id)) + 1;
      const created = { ...rows()[0], ...body, id } as Row;
      setRows([created, ...rows()]);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(`${path}:id`, async ({ request, params }) => {
      const id = Number(params.id);
      const current = rows().find((row) => row.id === id);
      if (!current) return notFound();
      const changes = (await request.json()) as Partial<Row>;
      const updated = options.applyChanges
        ? options.applyChanges(current, changes)
        : ({ ...current, ...changes } as Row);
      setRows(rows().map((row) => (row.id === id ? updated : row)));
      return HttpResponse.json(updated);
    }),
    http.delete(`${path}:id`, ({ params }) => {
      const id = Number(params.id);
      if (!rows().some((row) => row.id === id)) return notFound();
      setRows(rows().filter((row) => row.id !== id));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

export const handlers: HttpHandler[] = [
  http.post('/api/v1/clinical/check', async ({ request }) => {
    const body = (await request.json()) as { service_ids?: number[] };
    const ids = new Set(body.service_ids ?? []);
    return HttpResponse.json({
      understood: apiData.clinical.understood,
      warnings: apiData.clinical.warnings.filter((issue) => ids.has(issue.service_id)),
    });
  }),
  http.get('/api/v1/auth/me', () =>
    apiData.session
      ? HttpResponse.json(apiData.session)
      : HttpResponse.json({ detail: 'Sessão inválida ou expirada.' }, { status: 401 }),
  ),
  http.get('/api/v1/dashboard/sales', ({ request }) =>
    HttpResponse.json(salesAnswer(new URL(request.url))),
  ),
  http.get(
    '/api/v1/dashboard/sales.csv',
    ({ request }) =>
      new HttpResponse(salesDashboardCsv(salesAnswer(new URL(request.url))), {
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      }),
  ),
  // Issue 28: /gestao's liability report; empty unless a test answers otherwise.
  http.get('/api/v1/reports/liability', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const zero = {
      opening: 0,
      sold: 0,
      delivered_value: 0,
      delivered_cost: 0,
      delivered_margin: 0,
      refunded: 0,
      expired: 0,
      cancelled_retained: 0,
      closing: 0,
    };
    return HttpResponse.json({
      from: query.get('from'),
      to: query.get('to'),
      unit: query.get('unit'),
      rows: [],
      totals: zero,
    });
  }),
  // Issue 29: /gestao's cash report; empty unless a test answers otherwise.
  http.get('/api/v1/reports/cash', ({ request }) => {
    const query = new URL(request.url).searchParams;
    return HttpResponse.json({
      from: query.get('from'),
      to: query.get('to'),
      unit: query.get('unit'),
      today: '2026-11-28',
      rows: [],
      totals: { received: 0, sold: 0, delivered: 0, due: 0, overdue: 0, overdue_rate_bp: null },
    });
  }),
  // Issue 30: /gestao's commission beside margin; empty unless a test answers otherwise.
  http.get('/api/v1/reports/commissions', ({ request }) => {
    const query = new URL(request.url).searchParams;
    return HttpResponse.json({
      from: query.get('from'),
      to: query.get('to'),
      unit: query.get('unit'),
      units: [],
      totals: { gross: 0, net: 0, sold_margin: 0, delivered_margin: 0, share_bp: null },
    });
  }),
  http.get('/api/v1/notices/notices/', ({ request }) =>
    HttpResponse.json(
      new URL(request.url).searchParams.get('active') === 'true'
        ? apiData.notices.filter((notice) => notice.active)
        : apiData.notices,
    ),
  ),
  ...crud(
    '/api/v1/notices/notices/',
    () => apiData.notices,
    (rows) => (apiData.notices = rows),
    { searchText: (notice) => notice.title, orderFields: ['created_at'] },
  ),
  // SPEC section 7: a notice is deleted outside the list's path.
  http.delete('/api/v1/notices/:id', ({ params }) => {
    const id = Number(params.id);
    if (!apiData.notices.some((notice) => notice.id === id)) return notFound();
    apiData.notices = apiData.notices.filter((notice) => notice.id !== id);
    return new HttpResponse(null, { status: 204 });
  }),
  // Issue 29: a contract has no payment plan unless a test serves one.
  http.get('/api/v1/contracts/:id/payments', () =>
    HttpResponse.json(
      { detail: 'Este contrato ainda não tem plano de pagamento.' },
      { status: 404 },
    ),
  ),
  http.get('/api/v1/proposals/pipeline', () => HttpResponse.json(apiData.pipeline)),
  http.get('/api/v1/renewals/', () => HttpResponse.json(apiData.renewals)),
  ...crud(
    '/api/v1/proposals/',
    () => apiData.proposals,
    (rows) => (apiData.proposals = rows),
    { searchText: (proposal) => proposal.client.full_name, orderFields: ['created_at'] },
  ),
  ...crud(
    '/api/v1/clients/',
    () => apiData.clients,
    (rows) => (apiData.clients = rows),
    { searchText: (client) => client.full_name, orderFields: ['full_name', 'created_at'] },
  ),
  ...crud(
    '/api/v1/users/',
    () => apiData.users,
    (rows) => (apiData.users = rows),
    {
      searchText: (user) => `${user.name} ${user.email}`,
      orderFields: ['name', 'email', 'created_at'],
      applyChanges: applyUserChanges,
    },
  ),
  // The builder's 'Sua comissão estimada': no rule pays the seller unless a test says.
  http.post('/api/v1/commission-rules/estimate', () => HttpResponse.json({ amount: 0, lines: [] })),
  // The price history the service form and details show; no change recorded unless a test says.
  http.get('/api/v1/services/:id/history', () => HttpResponse.json([])),
  ...crud(
    '/api/v1/services/',
    () => apiData.services,
    (rows) => (apiData.services = rows),
    {
      searchText: (service) => service.name,
      orderFields: ['name', 'value', 'created_at'],
    },
  ),
  ...crud(
    '/api/v1/packages/',
    () => apiData.packages,
    (rows) => (apiData.packages = rows),
    {
      searchText: (pkg) => pkg.name,
      orderFields: ['name', 'created_at'],
    },
  ),
  ...crud(
    '/api/v1/services-relations/',
    () => apiData.relations,
    (rows) => (apiData.relations = rows),
    {
      searchText: (relation) => relation.category,
      orderFields: ['created_at'],
    },
  ),
];
