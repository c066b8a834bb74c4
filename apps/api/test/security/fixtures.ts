import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { saoPauloDate } from '@portal/domain';
import type { Access } from '../../src/auth/access.ts';
import type { RouteTableEntry } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { seedAiConfigs } from '../../src/db/seed/ai-configs.ts';
import { TEST_PASSWORD, type TestApp, type TestUser } from '../helpers/test-app.ts';

/**
 * Shared ground for the security suites: the identities a request can carry, one existing row
 * per resource so path parameters reach a handler, and a sample body per write route.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export const IDENTITIES = [
  'no token',
  'expired token',
  'forged token',
  'alg none token',
  'professional',
  'manager',
  'admin',
  'pending user',
  'inactive user',
] as const;
export type Identity = (typeof IDENTITIES)[number];

/** The profiles each access level lets in (DESIGN 5 in docs/architecture.md). */
export const PROFILES_ALLOWED: Record<Exclude<Access, 'public'>, readonly Identity[]> = {
  user: ['admin', 'manager', 'professional'],
  manager: ['admin', 'manager'],
  admin: ['admin'],
};

export const routeKey = (route: Pick<RouteTableEntry, 'method' | 'url'>) =>
  `${route.method} ${route.url}`;

/** The smallest valid PNG signature plus a few bytes: the server checks content, not size. */
export const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
export const pngDataUrl = (bytes: Buffer = PNG_BYTES) =>
  `data:image/png;base64,${bytes.toString('base64')}`;

type Resource =
  | 'user'
  | 'service'
  | 'photoService'
  | 'package'
  | 'relation'
  | 'notice'
  | 'training'
  | 'aiConfig'
  | 'client'
  | 'proposal'
  | 'contract';

/** Which resource a path parameter names, by the route's path. */
const PARAM_RESOURCES: { prefix: string; resource: Resource }[] = [
  { prefix: '/api/v1/users/', resource: 'user' },
  { prefix: '/api/v1/services-relations/', resource: 'relation' },
  { prefix: '/api/v1/services/', resource: 'service' },
  { prefix: '/api/v1/service-photos/', resource: 'photoService' },
  { prefix: '/api/v1/packages/', resource: 'package' },
  { prefix: '/api/v1/notices/', resource: 'notice' },
  { prefix: '/api/v1/trainings/', resource: 'training' },
  { prefix: '/api/v1/ai/prompt-config/ai-configs/', resource: 'aiConfig' },
  { prefix: '/api/v1/clients/', resource: 'client' },
  { prefix: '/api/v1/proposals/', resource: 'proposal' },
  { prefix: '/api/v1/contracts/', resource: 'contract' },
];

/** The fixture client's name: a public acceptance must type it. */
export const FIXTURE_CLIENT_NAME = 'Maria José Fixture';
/** What a `:token` of a page outside /api/v1 is filled with (no such link). */
export const UNKNOWN_TOKEN = 'token-inexistente';

let uniqueCounter = 0;
/** A suffix no other fixture uses (names, titles and emails are unique). */
export const unique = () =>
  `${process.pid.toString(36)}${Date.now().toString(36)}${++uniqueCounter}`;

export interface SecurityFixtures {
  t: TestApp;
  users: Record<'admin' | 'manager' | 'professional' | 'pending' | 'inactive', TestUser>;
  /** The bearer token each identity sends (undefined: no Authorization header). */
  tokens: Record<Identity, string | undefined>;
  ids: Record<Resource, number>;
  /** A package whose block A takes the fixture service: a proposal needs a procedure. */
  contractPackage: number;
  serviceNames: [string, string];
  /** A fresh row for a route that deletes it, so each DELETE reaches a handler with a real id. */
  fresh(resource: Resource): Promise<number>;
  /** The URL of a route with its parameters filled (a fresh row when `freshRows`). */
  urlFor(route: RouteTableEntry, options?: { freshRows?: boolean }): Promise<string>;
  /** A valid body for a route, or undefined when it takes none. */
  sampleBody(route: RouteTableEntry): unknown;
  send(
    method: string,
    url: string,
    options?: { identity?: Identity; token?: string; body?: unknown; remoteAddress?: string },
  ): Promise<LightMyRequestResponse>;
}

export async function createSecurityFixtures(t: TestApp): Promise<SecurityFixtures> {
  const users = {
    admin: await t.createUser('admin', 'active', 'Administradora Matriz'),
    manager: await t.createUser('manager', 'active', 'Gerente Matriz'),
    professional: await t.createUser('professional', 'active', 'Profissional Matriz'),
    pending: await t.createUser('professional', 'pending', 'Pendente Matriz'),
    inactive: await t.createUser('professional', 'inactive', 'Inativo Matriz'),
  };
  const adminToken = users.admin.token;
  const secret = new TextEncoder().encode(t.config.jwtSecret);
  const now = Math.floor(Date.now() / 1000);
  const claims = { tv: 0 };
  const expired = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(users.admin.id))
    .setIssuer('portal-estetica')
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 60)
    .sign(secret);
  const forged = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(users.admin.id))
    .setIssuer('portal-estetica')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('um-segredo-que-nao-e-o-do-servidor-123456'));
  const [, adminPayload] = adminToken.split('.');
  const algNone = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${adminPayload}.`;

  const tokens: Record<Identity, string | undefined> = {
    'no token': undefined,
    'expired token': expired,
    'forged token': forged,
    'alg none token': algNone,
    professional: users.professional.token,
    manager: users.manager.token,
    admin: adminToken,
    'pending user': users.pending.token,
    'inactive user': users.inactive.token,
  };

  const send: SecurityFixtures['send'] = (method, url, options = {}) => {
    const token = options.token ?? (options.identity ? tokens[options.identity] : undefined);
    return t.app.inject({
      method: method as HttpMethod,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
  };

  const created = async (method: HttpMethod, url: string, body: unknown): Promise<number> => {
    const res = await send(method, url, { token: adminToken, body });
    if (res.statusCode >= 300) {
      throw new Error(`Fixture ${method} ${url} falhou: ${res.statusCode} ${res.body}`);
    }
    return (res.json() as { id: number }).id;
  };

  const newService = (name = `Serviço ${unique()}`) =>
    created('POST', '/api/v1/services/', { name, block: 'A', value: 500, cost: 100 });

  const serviceNames: [string, string] = [
    `Criolipólise ${unique()}`,
    `Radiofrequência ${unique()}`,
  ];
  const service = await newService(serviceNames[0]);
  const otherService = await newService(serviceNames[1]);
  const photoService = await newService();
  const photos = await send('PUT', `/api/v1/service-photos/${photoService}`, {
    token: adminToken,
    body: { photos: [{ imageBase64: pngDataUrl(), subtitle: 'Antes' }] },
  });
  if (photos.statusCode !== 200) throw new Error(`Fixture de fotos falhou: ${photos.body}`);
  await seedAiConfigs(t.database.db);
  const [aiConfig] = await t.database.query<{ id: number }>(
    'SELECT id FROM ai_configs ORDER BY id LIMIT 1',
  );
  if (!aiConfig) throw new Error('Nenhuma configuração de IA semeada.');

  // A package that allows sessions of the fixture service (block A), for contracts with sessions.
  const contractPackage = await created('POST', '/api/v1/packages/', {
    name: `Pacote Contrato ${unique()}`,
    annual_value: 1200,
    block_limits: { a: 4, b: 0, c: 0, d: 0 },
  });
  // A client of the contracts' own: the suites anonymize the shared fixture client.
  const contractClient = await created('POST', '/api/v1/clients/', {
    full_name: FIXTURE_CLIENT_NAME,
  });
  const proposalWithItems = async (): Promise<number> => {
    const res = await send('POST', '/api/v1/proposals/', {
      token: users.professional.token,
      body: {
        client_id: contractClient,
        package_id: contractPackage,
        blocks: { A: [service, service, service, service], B: [], C: [], D: [] },
      },
    });
    if (res.statusCode !== 201) throw new Error(`Fixture de proposta falhou: ${res.body}`);
    return (res.json() as { id: number }).id;
  };

  /**
   * The client accepts on her link, from an address of her own: the link is throttled per
   * address, and the fixtures' acceptances must not spend the budget of the requests under test.
   */
  let phoneCounter = 0;
  const acceptOnLink = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${token}/accept`,
      remoteAddress: `127.77.${Math.floor(++phoneCounter / 250)}.${(phoneCounter % 250) + 1}`,
      payload: { full_name: FIXTURE_CLIENT_NAME, accept_terms: true },
    });

  const factories: Record<Resource, () => Promise<number>> = {
    user: () =>
      created('POST', '/api/v1/users/', {
        name: 'Vítima Fixture',
        email: `vitima-${unique()}@teste.com.br`,
        password: TEST_PASSWORD,
      }),
    service: () => newService(),
    photoService: async () => photoService,
    package: () =>
      created('POST', '/api/v1/packages/', { name: `Pacote ${unique()}`, annual_value: 1200 }),
    relation: async () =>
      created('POST', '/api/v1/services-relations/', {
        service_id_1: await newService(),
        service_id_2: await newService(),
        category: 'gordura_localizada',
        boost_percent: 10,
      }),
    notice: () =>
      created('POST', '/api/v1/notices/notices/', {
        title: `Aviso ${unique()}`,
        text: 'Vagas limitadas nesta semana.',
        category: 'scarcity',
      }),
    training: () =>
      created('POST', '/api/v1/trainings/', {
        title: `Treinamento ${unique()}`,
        description: 'Aula de técnica.',
        category: 'skincare',
      }),
    aiConfig: async () => aiConfig.id,
    // Made by the admin in the fixtures' unit (every fixture user is in PAULISTA).
    client: () =>
      created('POST', '/api/v1/clients/', {
        full_name: FIXTURE_CLIENT_NAME,
        phone: '(11) 98765-0000',
        email: 'maria.fixture@exemplo.com.br',
      }),
    // Accepted on the client's link, so it can be withdrawn within its 7 days too.
    contract: async () => {
      const res = await acceptOnLink(await freshToken(true));
      const contractId = (res.json() as { contract_id?: number }).contract_id;
      if (!contractId) throw new Error(`Fixture de contrato falhou: ${res.body}`);
      return contractId;
    },
    // Authored by the professional, so the professional, the unit's manager and admins reach it.
    proposal: async () => {
      const res = await send('POST', '/api/v1/proposals/', {
        token: users.professional.token,
        // One procedure: a proposal of none is refused (issue 27).
        body: {
          client_id: ids.client,
          package_id: contractPackage,
          blocks: { A: [service], B: [], C: [], D: [] },
        },
      });
      if (res.statusCode !== 201) throw new Error(`Fixture de proposta falhou: ${res.body}`);
      return (res.json() as { id: number }).id;
    },
  };

  /** A sent proposal's public token (the link's last segment); with procedures when asked. */
  const freshToken = async (withItems = false): Promise<string> => {
    const id = withItems ? await proposalWithItems() : await factories.proposal();
    const res = await send('POST', `/api/v1/proposals/${id}/send`, {
      token: users.professional.token,
    });
    const url = (res.json() as { public_url?: string }).public_url;
    if (!url) throw new Error(`Fixture de link falhou: ${res.body}`);
    return url.slice(url.lastIndexOf('/') + 1);
  };

  const ids: Record<Resource, number> = {
    user: await factories.user(),
    service,
    photoService,
    package: await factories.package(),
    relation: await factories.relation(),
    notice: await factories.notice(),
    training: await factories.training(),
    aiConfig: aiConfig.id,
    client: 0,
    proposal: 0,
    contract: 0,
  };
  ids.client = await factories.client();
  ids.proposal = await factories.proposal();
  ids.contract = await factories.contract();
  const publicToken = await freshToken();

  /**
   * The signed image link the API hands out for the fixture photo (re-uploaded if a test cleared
   * it). Kept while it still loads, and fetched by an admin of its own: the photo routes are
   * limited per user (http/rate-limits.ts), and the suites send hundreds of requests as `admin`.
   */
  let imageUrl: string | undefined;
  let photoKeeperToken: string | undefined;
  const signedImageUrl = async (): Promise<string> => {
    if (imageUrl && (await send('GET', imageUrl)).statusCode === 200) return imageUrl;
    photoKeeperToken ??= (await t.createUser('admin', 'active', 'Guarda das Fotos')).token;
    const res = await send('GET', `/api/v1/service-photos/${photoService}`, {
      token: photoKeeperToken,
    });
    const url = (res.json() as { photos?: { url: string }[] }).photos?.[0]?.url;
    if (url) return (imageUrl = url);
    const put = await send('PUT', `/api/v1/service-photos/${photoService}`, {
      token: photoKeeperToken,
      body: { photos: [{ imageBase64: pngDataUrl(), subtitle: 'Antes' }] },
    });
    const again = (put.json() as { photos?: { url: string }[] }).photos?.[0]?.url;
    if (!again) throw new Error(`A foto de fixture não pôde ser recriada: ${put.body}`);
    return (imageUrl = again);
  };

  /** The id of a contract's first instalment (issue 29). */
  const firstInstallment = async (contractId: number): Promise<number> => {
    const res = await send('GET', `/api/v1/contracts/${contractId}/payments`, {
      token: adminToken,
    });
    const id = (res.json() as { installments?: { id: number }[] }).installments?.[0]?.id;
    if (!id) throw new Error(`Fixture de parcela falhou: ${res.body}`);
    return id;
  };

  const currentPeriod = saoPauloDate(new Date()).slice(0, 7);
  const commissionRule = () => ({
    name: `Regra ${unique()}`,
    event: 'venda_aceita',
    basis: 'margem',
    rate: { type: 'pct', value: 5 },
    clawback: 'integral',
    valid_from: '2026-01-01',
  });
  let commissionRuleId: number | undefined;

  const urlFor: SecurityFixtures['urlFor'] = async (route, options = {}) => {
    if (route.url === '/api/v1/service-photos/:serviceId/:position/image') {
      return signedImageUrl();
    }
    if (route.url === '/api/v1/public/proposals/:token/withdraw') {
      // An accepted link: the client's plan, withdrawable within its 7 days.
      const token = await freshToken(true);
      await acceptOnLink(token);
      return route.url.replace(':token', token);
    }
    if (route.url.includes(':token')) {
      const token = !route.url.startsWith('/api/v1/public/proposals/')
        ? UNKNOWN_TOKEN
        : options.freshRows
          ? await freshToken()
          : publicToken;
      return route.url.replace(':token', token);
    }
    if (route.url === '/api/v1/contracts/:id/sessions/:entryId/reverse') {
      // A session of its own to reverse, on a contract of its own (the suites may have ended the
      // shared one, and a reversal is once per session).
      const contractId = await factories.contract();
      const res = await send('POST', `/api/v1/contracts/${contractId}/sessions`, {
        token: users.professional.token,
        body: { service_id: service },
      });
      const entryId = (res.json() as { id?: number }).id;
      if (!entryId) throw new Error(`Fixture de sessão falhou: ${res.body}`);
      return `/api/v1/contracts/${contractId}/sessions/${entryId}/reverse`;
    }
    if (route.url === '/api/v1/installments/:id/mark-paid') {
      // The first instalment of a contract of its own (an instalment is paid once).
      const contractId = options.freshRows ? await factories.contract() : ids.contract;
      return `/api/v1/installments/${await firstInstallment(contractId)}/mark-paid`;
    }
    if (route.url === '/api/v1/contracts/:id/refunds/:refundId/mark-done') {
      // A cancelled contract with one instalment paid: its refund is pending, once.
      const contractId = await factories.contract();
      await send('POST', `/api/v1/installments/${await firstInstallment(contractId)}/mark-paid`, {
        token: users.manager.token,
        body: { paid_at: new Date().toISOString() },
      });
      await send('POST', `/api/v1/contracts/${contractId}/withdraw`, {
        token: users.manager.token,
        body: { reason: 'Desistiu.' },
      });
      const res = await send('GET', `/api/v1/contracts/${contractId}/payments`, {
        token: users.manager.token,
      });
      const refundId = (res.json() as { refunds?: { id: number }[] }).refunds?.[0]?.id;
      if (!refundId) throw new Error(`Fixture de devolução falhou: ${res.body}`);
      return `/api/v1/contracts/${contractId}/refunds/${refundId}/mark-done`;
    }
    if (route.url.startsWith('/api/v1/commission-statements/:professional_id/:period')) {
      // Issue 30: a professional of the manager's unit (every allowed caller reaches them); a
      // fresh one for approving and paying, which happen once per month, approved first to pay.
      const professionalId = options.freshRows
        ? (await t.createUser('professional', 'active', `Comissionada ${unique()}`)).id
        : users.professional.id;
      const statement = `/api/v1/commission-statements/${professionalId}/${currentPeriod}`;
      if (route.url.endsWith('/mark-paid')) {
        // The shared professional's month may be approved already (409): paying needs only that.
        const approved = await send('POST', `${statement}/approve`, { token: adminToken });
        if (approved.statusCode !== 200 && approved.statusCode !== 409) {
          throw new Error(`Fixture de extrato: ${approved.body}`);
        }
      }
      return route.url
        .replace(':professional_id', String(professionalId))
        .replace(':period', currentPeriod);
    }
    if (route.url === '/api/v1/commission-rules/:id') {
      commissionRuleId ??= (
        (
          await send('POST', '/api/v1/commission-rules/', {
            token: adminToken,
            body: commissionRule(),
          })
        ).json() as { id: number }
      ).id;
      return `/api/v1/commission-rules/${commissionRuleId}`;
    }
    if (route.url === '/api/v1/commissions/' || route.url === '/api/v1/commission-statements/') {
      return `${route.url}?period=${currentPeriod}`;
    }
    if (route.url.startsWith('/api/v1/units/:code')) return route.url.replace(':code', 'PAULISTA');
    if (route.url === '/api/v1/payments/webhooks/:provider') {
      return '/api/v1/payments/webhooks/api_pix?unidade=PAULISTA&segredo=nao-confere';
    }
    if (route.url === '/api/v1/contracts/:id/cancellation-term.pdf') {
      // A term exists only for an ended contract: one withdrawn by the front desk.
      const contractId = await factories.contract();
      const res = await send('POST', `/api/v1/contracts/${contractId}/withdraw`, {
        token: users.professional.token,
      });
      if (res.statusCode !== 200) throw new Error(`Fixture de desistência falhou: ${res.body}`);
      return `/api/v1/contracts/${contractId}/cancellation-term.pdf`;
    }
    if (route.url === '/api/v1/reports/liability/contracts') return `${route.url}?month=2026-11`;
    if (route.url === '/api/v1/contracts/:id/unfreeze') {
      const contractId = await factories.contract();
      const until = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
      await send('POST', `/api/v1/contracts/${contractId}/freeze`, {
        token: users.manager.token,
        body: { until, reason: 'Viagem.' },
      });
      return `/api/v1/contracts/${contractId}/unfreeze`;
    }
    let url = route.url.replace(/\*$/, 'swagger-ui.css');
    const params = url.match(/:\w+/g) ?? [];
    if (!params.length) return url;
    const match = PARAM_RESOURCES.find((p) => route.url.startsWith(p.prefix));
    if (!match) {
      throw new Error(
        `Sem fixture para os parâmetros de ${routeKey(route)}: adicione em test/security/fixtures.ts.`,
      );
    }
    const id = options.freshRows ? await factories[match.resource]() : ids[match.resource];
    for (const param of params) {
      url = url.replace(param, param === ':position' ? '1' : String(id));
    }
    return url;
  };

  const proposal = () => ({
    client_name: 'Maria José',
    pkg: { name: 'Pacote Essencial', annual_value: 12000 },
    rows: [{ name: 'Criolipólise', unit: 1500, qty: 2 }],
  });
  const samples: Record<string, () => unknown> = {
    'POST /api/v1/auth/login': () => ({ email: users.admin.email, password: TEST_PASSWORD }),
    'POST /api/v1/auth/register': () => ({
      name: 'Nova Pessoa',
      email: `registro-${unique()}@teste.com.br`,
      password: 'senha-forte-123',
    }),
    'POST /api/v1/auth/forgot-password': () => ({ email: users.professional.email }),
    'POST /api/v1/auth/reset-password': () => ({
      token: 'x'.repeat(43),
      password: 'nova-senha-123',
    }),
    'POST /api/v1/users/': () => ({
      name: 'Pessoa Criada',
      email: `criada-${unique()}@teste.com.br`,
      password: TEST_PASSWORD,
    }),
    'PATCH /api/v1/users/:id': () => ({ name: 'Nome Alterado' }),
    'POST /api/v1/services/': () => ({
      name: `Serviço ${unique()}`,
      block: 'B',
      value: 300,
      cost: 50,
    }),
    'PATCH /api/v1/services/:id': () => ({ value: 250 }),
    'PUT /api/v1/service-photos/:serviceId': () => ({
      photos: [{ imageBase64: pngDataUrl(), subtitle: 'Depois' }],
    }),
    'POST /api/v1/packages/': () => ({ name: `Pacote ${unique()}`, annual_value: 2400 }),
    'PATCH /api/v1/packages/:id': () => ({ annual_value: 1300 }),
    'POST /api/v1/services-relations/': () => ({
      service_id_1: service,
      service_id_2: otherService,
      category: `categoria_${unique()}`,
      boost_percent: 15,
    }),
    'PATCH /api/v1/services-relations/:id': () => ({ boost_percent: 20 }),
    'POST /api/v1/notices/notices/': () => ({
      title: `Aviso ${unique()}`,
      text: 'Promoção exclusiva.',
      category: 'exclusive',
    }),
    'PATCH /api/v1/notices/notices/:id': () => ({ active: true }),
    'PATCH /api/v1/units/:code': () => ({ address: 'Av. Paulista, 1000 - São Paulo, SP' }),
    'POST /api/v1/trainings/': () => ({
      title: `Treinamento ${unique()}`,
      description: 'Conteúdo novo.',
      category: 'sales',
    }),
    'PATCH /api/v1/trainings/:id': () => ({ description: 'Descrição revista.' }),
    'POST /api/v1/synergies/synergies/generate': () => ({
      procedures: [
        { id: service, name: serviceNames[0] },
        { id: otherService, name: serviceNames[1] },
      ],
    }),
    'POST /api/v1/pdf/proposal/preview': proposal,
    'POST /api/v1/pdf/proposal/download': proposal,
    'POST /api/v1/pdf/client-care/preview': () => ({ client: { full_name: 'Maria José' } }),
    'POST /api/v1/pdf/client-care/download': () => ({ client: { full_name: 'Maria José' } }),
    'POST /api/v1/recommendations/': () => ({ budget: 5000, goal_text: 'gordura localizada' }),
    'POST /api/v1/clinical/check': () => ({
      client_id: ids.client,
      request: 'sem laser',
      service_ids: [service, otherService],
    }),
    'POST /api/v1/ai/ai/text': () => ({ text: 'Quero reduzir gordura localizada no abdômen.' }),
    'PATCH /api/v1/ai/prompt-config/ai-configs/:ref': () => ({
      prompt: 'Prompt revisto pelo teste.',
    }),
    'POST /api/v1/vitals': () => ({
      page: '/login',
      device: 'phone',
      entries: [
        // The same metric again each time: the API keeps its latest value.
        {
          id: 'v6-1764000000000-1000000000001',
          name: 'LCP',
          value: 1500,
          rating: 'good',
          navigation_type: 'navigate',
        },
      ],
    }),
    'POST /api/v1/clients/': () => ({ full_name: `Cliente ${unique()}` }),
    'PATCH /api/v1/clients/:id': () => ({ notes: 'Prefere horários pela manhã.' }),
    'POST /api/v1/clients/:id/consents': () => ({
      purpose: 'marketing',
      granted: true,
      text_version: 'v1',
      channel: 'email',
    }),
    'POST /api/v1/proposals/': () => ({
      client_id: ids.client,
      package_id: contractPackage,
      blocks: { A: [service], B: [], C: [], D: [] },
    }),
    'POST /api/v1/proposals/:id/revise': () => ({ blocks: { A: [service], B: [], C: [], D: [] } }),
    'POST /api/v1/proposals/:id/decline': () => ({ reason_code: 'preco', reason_text: 'Caro.' }),
    'POST /api/v1/public/proposals/:token/accept': () => ({
      full_name: FIXTURE_CLIENT_NAME,
      accept_terms: true,
    }),
    'POST /api/v1/public/proposals/:token/decline': () => ({ reason_code: 'prazo' }),
    'POST /api/v1/proposals/:id/accept-in-person': () => ({ full_name: FIXTURE_CLIENT_NAME }),
    'POST /api/v1/contracts/:id/sessions': () => ({ service_id: service }),
    'POST /api/v1/contracts/:id/sessions/:entryId/reverse': () => ({ reason: 'Engano.' }),
    'POST /api/v1/contracts/:id/freeze': () => ({
      until: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      reason: 'Viagem.',
    }),
    'POST /api/v1/contracts/:id/extend': () => ({ days: 10, reason: 'Cortesia.' }),
    'POST /api/v1/contracts/:id/cancel': () => ({ reason: 'Mudou de cidade.' }),
    'PATCH /api/v1/care-settings/': () => ({ cancellation_fee_percent: 10 }),
    'POST /api/v1/contracts/:id/payment-plan': () => ({ method: 'pix_manual', installments: 6 }),
    'POST /api/v1/installments/:id/mark-paid': () => ({ paid_at: new Date().toISOString() }),
    'POST /api/v1/commission-rules/': commissionRule,
    'POST /api/v1/commission-rules/simulate': commissionRule,
    'POST /api/v1/commission-rules/estimate': () => ({ price: 3600, cost: 900 }),
    'PATCH /api/v1/commission-rules/:id': () => ({ rate: { type: 'pct', value: 6 } }),
    'POST /api/v1/commission-statements/:professional_id/:period/adjustments': () => ({
      amount: -10,
      reason: 'Adiantamento.',
    }),
    'PATCH /api/v1/units/:code/billing': () => ({ pix_merchant_city: 'São Paulo' }),
    'POST /api/v1/payments/webhooks/:provider': () => ({
      pix: [
        {
          endToEndId: 'E12345678202611271800abcdef01234',
          txid: 'TXIDQUENAOEXISTE0000000000000000',
          valor: '300.00',
          horario: new Date().toISOString(),
        },
      ],
    }),
  };

  return {
    t,
    users,
    tokens,
    ids,
    contractPackage,
    serviceNames,
    fresh: (resource) => factories[resource](),
    urlFor,
    sampleBody: (route) => samples[routeKey(route)]?.(),
    send,
  };
}

/** Every table's rows, hashed: equal digests mean a request changed nothing stored. */
export async function createDatabaseDigest(database: Database): Promise<() => Promise<string>> {
  const tables = await database.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts = tables.map(
    ({ name }) =>
      `SELECT '${name}' AS name, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${name}" t`,
  );
  const sqlText = `SELECT md5(string_agg(name || ':' || digest, ',' ORDER BY name)) AS digest FROM (${parts.join(' UNION ALL ')}) d`;
  return async () => {
    const [row] = await database.query<{ digest: string }>(sqlText);
    return row?.digest ?? '';
  };
}

/** Text a response must never show: stack frames, file paths, SQL or driver messages. */
export const LEAK_MARKERS: RegExp[] = [
  /\n\s*at\s/,
  /\bat\s+[\w$.<>]+\s+\(/,
  /node_modules/,
  /\.ts:\d+/,
  /\.js:\d+/,
  /\bSELECT\b/,
  /\bINSERT INTO\b/,
  /\bUPDATE\s+"?\w+"?\s+SET\b/,
  /\bDELETE FROM\b/,
  /syntax error/i,
  /relation "/,
  /violates/i,
  /duplicate key/i,
  /invalid input syntax/i,
  /out of range for type/i,
  /PGlite|drizzle|postgres/i,
  /TypeError|ReferenceError|SyntaxError|RangeError/,
  /ZodError/,
];

export function leaksInternals(text: string): RegExp | undefined {
  return LEAK_MARKERS.find((marker) => marker.test(text));
}

/** FastAPI's error shape: `{detail: string}` or `{detail: [{loc, msg, type}]}`. */
export function isFastApiError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const detail = (body as { detail?: unknown }).detail;
  if (typeof detail === 'string') return detail.length > 0;
  if (!Array.isArray(detail) || detail.length === 0) return false;
  return detail.every(
    (issue: unknown) =>
      typeof issue === 'object' &&
      issue !== null &&
      Array.isArray((issue as { loc?: unknown }).loc) &&
      (issue as { loc: unknown[] }).loc.every(
        (part) => typeof part === 'string' || typeof part === 'number',
      ) &&
      typeof (issue as { msg?: unknown }).msg === 'string' &&
      typeof (issue as { type?: unknown }).type === 'string',
  );
}
