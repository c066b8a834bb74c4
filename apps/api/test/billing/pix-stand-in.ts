import crypto from 'node:crypto';
import { readFile } from 'node:fs/promises';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { brCodeAmount, crc16CcittFalse, tlv, type Centavos } from '@portal/domain';
import { OPENAPI_PATH } from '../../src/modules/billing/pix-api/generate.ts';

/**
 * A local stand-in of an institution's API Pix, built from the same openapi.yaml the adapter's
 * types come from: it checks every request body against the document's schemas, answers the
 * document's own error examples (RFC 7807), checks its answers against the document too, and
 * calls the registered webhook as a PSP does (the URL plus '/pix'). No test reaches the internet.
 * Subset: OAuth2 client credentials, PUT /cob/{txid}, PUT /cobv/{txid}, PUT
 * /pix/{e2eid}/devolucao/{id}, PUT /webhook/{chave}, and Pix Automático: POST /locrec, POST /rec,
 * GET /rec/{idRec}?txid= (journey 3's composite QR), PUT /cobr/{txid}, PUT /webhookrec, PUT
 * /webhookcobr, GET /pix (the received Pix, paged). With `mtls`, it serves
 * HTTPS and refuses a connection without a client certificate of its CA (fixtures/, see its
 * README.md).
 */

interface PixReceived {
  endToEndId: string;
  txid?: string;
  valor: string;
  horario: string;
}

export interface StandInOptions {
  /** Serve HTTPS and require a client certificate signed by fixtures/ca.pem. */
  mtls?: boolean;
}

const FIXTURES = new URL('./fixtures/', import.meta.url);
export const fixture = (name: string) => readFile(new URL(name, FIXTURES), 'utf8');

interface OpenApiDocument {
  components: { schemas: Record<string, unknown>; examples: Record<string, { value: unknown }> };
}

export interface StandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Charges created through the API, by txid. */
  charges: Map<string, { amount: Centavos; body: unknown }>;
  refunds: Map<string, { e2eid: string; amount: Centavos; rtrId: string }>;
  /** Every Pix received, as GET /pix lists them (webhook delivered or not). */
  received: PixReceived[];
  /** Requests the document refused (method, path, violations): a test expects none. */
  invalid: string[];
  webhookUrl: string | null;
  /**
   * What an admin does once at the institution, in one step: the same URL for the three
   * callbacks (`webhook`, `webhookrec`, `webhookcobr`); tests that register through the API use
   * PUT /webhook, /webhookrec and /webhookcobr instead.
   */
  useWebhooks(url: string): void;
  /** Pix Automático authorisations created, by idRec. */
  recs: Map<string, { firstTxid: string | null; body: unknown; status: string }>;
  /** Recurring charges (`cobr`) created, by txid. */
  cobrs: Map<string, { idRec: string; amount: Centavos; dueDate: string }>;
  /** The payer's bank: she read journey 3's QR, paid the first charge and authorised the rest. */
  payAndAuthorise(idRec: string): Promise<{ pix: number; rec: number; e2eid: string }>;
  /** `webhookrec`: the authorisation changed status (CANCELADA, REJEITADA, EXPIRADA...). */
  recStatus(idRec: string, status: string): Promise<{ status: number; body: unknown }>;
  /** `webhookcobr`: a recurring charge settled on its due date (CONCLUIDA, with the Pix). */
  settleCobr(
    txid: string,
    options?: { e2eid?: string; at?: string },
  ): Promise<{ status: number; body: unknown; e2eid: string }>;
  /** `webhookcobr`: a recurring charge failed (REJEITADA, CANCELADA, EXPIRADA). */
  failCobr(txid: string, status?: string): Promise<{ status: number; body: unknown }>;
  /** The PSP's callback for a Pix paid on a charge; `status` is the app's answer. */
  pay(
    txid: string,
    options?: { amount?: Centavos; e2eid?: string; at?: string; webhook?: boolean },
  ): Promise<{ status: number; body: unknown; e2eid: string; payload: unknown }>;
  /** Sends a callback body as is, unchecked (replays, forgeries, reorders, malformed ones). */
  deliver(body: unknown, url?: string): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/**
 * The document writes some patterns as JavaScript literals ("/^\\d{11}$/" for a CPF); read each
 * as the expression it means, or no CPF would ever match.
 */
function unwrapPatterns(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(unwrapPatterns);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  const pattern = record.pattern;
  if (typeof pattern === 'string' && /^\/.+\/$/.test(pattern)) {
    record.pattern = pattern.slice(1, -1);
  }
  Object.values(record).forEach(unwrapPatterns);
}

/**
 * Slips of the document (2.9.0) that make its own examples invalid, read as meant:
 * - DadosRecebedor lists the address fields of `recebedor` as required beside it;
 * - a `location` is `format: uri` though every example (and every PSP) writes it without a
 *   scheme (in PayloadLocation, CobGerada and the others);
 * - RecBase requires `idRec` (the institution assigns it, so no request can carry it) and a
 *   `retentativa` no schema defines (the field is `politicaRetentativa`): recBody1 fails both;
 * - RecNotification's `required` reads `atualizacao"` (a stray quote in the YAML);
 * - RecEncerramento's `oneOf` (rejeicao | cancelamento) requires neither key, so any notice of
 *   a cancellation matches both alternatives and fails `oneOf`;
 * - PixAutomatico's `valor` is a string with a pattern and also `anyOf` five objects (the parts
 *   of a value, as `componentesValor` has them), which no value can be at once.
 * - PixConsultados requires `cobs` (copied from CobsConsultadas) where its list is `pix`.
 */
function mendDocument(document: OpenApiDocument): void {
  const schemas = document.components.schemas as Record<string, Record<string, unknown>>;
  delete schemas.DadosRecebedor?.required;
  const recBase = schemas.RecBase;
  if (recBase && Array.isArray(recBase.required)) {
    recBase.required = recBase.required.filter(
      (field) => field !== 'idRec' && field !== 'retentativa',
    );
  }
  const notification = schemas.RecNotification;
  if (notification && Array.isArray(notification.required)) {
    notification.required = notification.required.map((field) => String(field).replace(/"$/, ''));
  }
  const automaticValue = (
    schemas.PixAutomatico?.properties as Record<string, Record<string, unknown>> | undefined
  )?.valor;
  if (automaticValue) delete automaticValue.anyOf;
  const ending = (schemas.RecEncerramento?.properties as Record<string, Record<string, unknown>>)
    ?.encerramento;
  if (Array.isArray(ending?.oneOf)) {
    for (const alternative of ending.oneOf as { properties?: Record<string, unknown> }[]) {
      Object.assign(alternative, { required: Object.keys(alternative.properties ?? {}) });
    }
  }
  const dropUriOfLocations = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(dropUriOfLocations);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    const location = (record.properties as Record<string, Record<string, unknown>> | undefined)
      ?.location;
    if (location?.format === 'uri') delete location.format;
    Object.values(record).forEach(dropUriOfLocations);
  };
  dropUriOfLocations(schemas);
  if (schemas.PixConsultados) schemas.PixConsultados.required = ['parametros', 'pix'];
}

function ajvFor(document: OpenApiDocument) {
  unwrapPatterns(document.components);
  mendDocument(document);
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ components: document.components }, 'pix');
  const cache = new Map<string, ValidateFunction>();
  return (name: string) => {
    let validate = cache.get(name);
    if (!validate) {
      validate = ajv.compile({ $ref: `pix#/components/schemas/${name}` });
      cache.set(name, validate);
    }
    return validate;
  };
}

/**
 * The `PATCH /units/{code}/billing` body that makes a unit collect through this stand-in: what
 * an admin types on 'Configurações' for a real institution.
 */
export function apiPixSettingsOf(
  standIn: Pick<StandIn, 'url' | 'clientId' | 'clientSecret'>,
  unit: { pixKey: string; webhookSecret: string; merchantName?: string },
) {
  return {
    provider: 'api_pix',
    pix_key: unit.pixKey,
    pix_merchant_name: unit.merchantName ?? 'Clinica Paulista',
    pix_merchant_city: 'Sao Paulo',
    api_base_url: `${standIn.url}/api/v2`,
    api_token_url: `${standIn.url}/oauth/token`,
    api_client_id: standIn.clientId,
    api_client_secret: standIn.clientSecret,
    webhook_secret: unit.webhookSecret,
  };
}

export const e2eidOf = () =>
  `E12345678${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${crypto.randomBytes(6).toString('hex')}`.slice(
    0,
    32,
  );

/**
 * A dynamic BR Code (`01` = 12) whose payload the institution serves at `location`; with
 * `recLocation`, journey 3's composite code, the authorisation's location in field 80.
 */
function dynamicCode(location: string, recLocation?: string): string {
  const payload =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('25', location)) +
    (recLocation ? tlv('80', tlv('00', 'br.gov.bcb.pix') + tlv('25', recLocation)) : '') +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('58', 'BR') +
    tlv('59', 'Clinica Teste') +
    tlv('60', 'Sao Paulo') +
    tlv('62', tlv('05', '***')) +
    '6304';
  return payload + crc16CcittFalse(payload);
}

export async function startPixStandIn(options: StandInOptions = {}): Promise<StandIn> {
  // OpenAPI 3.0's `example` keyword and friends are ignored by ajv in non-strict mode.
  const document = parse(await readFile(OPENAPI_PATH, 'utf8')) as OpenApiDocument;
  const schema = ajvFor(document);
  const example = (name: string) => document.components.examples[name]?.value;
  const clientId = 'portal-estetica';
  const clientSecret = crypto.randomBytes(12).toString('hex');
  const token = crypto.randomBytes(16).toString('hex');
  const charges: StandIn['charges'] = new Map();
  const refunds: StandIn['refunds'] = new Map();
  const invalid: string[] = [];
  const received: PixReceived[] = [];
  const state = {
    webhookUrl: null as string | null,
    recWebhookUrl: null as string | null,
    cobrWebhookUrl: null as string | null,
  };
  const recs: StandIn['recs'] = new Map();
  const cobrs: StandIn['cobrs'] = new Map();
  const locs = new Map<number, string | null>();
  let nextLoc = 100;
  let recSequence = 0;
  const app: FastifyInstance = options.mtls
    ? Fastify({
        https: {
          key: await fixture('server.key'),
          cert: await fixture('server.pem'),
          ca: await fixture('ca.pem'),
          requestCert: true,
          rejectUnauthorized: true,
        },
      })
    : Fastify();
  // A fault of the stand-in itself is a test failure too, not a silent 500.
  app.addHook('onError', async (request, _reply, error) => {
    invalid.push(`${request.method} ${request.url}: stand-in error ${error.message}`);
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const problem = (reply: FastifyReply, status: number, name: string) =>
    reply.status(status).type('application/problem+json').send(example(name));
  const authorized = (header: string | undefined) => header === `Bearer ${token}`;
  const check = (name: string, value: unknown, where: string) => {
    const validate = schema(name);
    if (validate(value)) return true;
    const paths = (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
    invalid.push(`${where}: ${paths.join('; ')} in ${JSON.stringify(value)}`);
    return false;
  };

  app.post('/oauth/token', async (request, reply) => {
    const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    const body = request.body as Record<string, string>;
    if (request.headers.authorization !== basic || body.grant_type !== 'client_credentials') {
      return reply.status(401).send({ error: 'invalid_client' });
    }
    return { access_token: token, token_type: 'Bearer', expires_in: 3600 };
  });

  app.put('/api/v2/cobv/:txid', async (request, reply) => {
    if (!authorized(request.headers.authorization))
      return problem(reply, 403, 'AcessoNegadoExample1');
    const { txid } = request.params as { txid: string };
    if (!/^[a-zA-Z0-9]{26,35}$/.test(txid) || !check('CobVSolicitada', request.body, 'PUT /cobv')) {
      return problem(reply, 400, 'RequisicaoInvalidaCobVExample1');
    }
    const body = request.body as {
      calendario: { dataDeVencimento: string; validadeAposVencimento?: number };
      devedor: { cpf?: string; nome: string };
      valor: { original: string };
      chave: string;
    };
    const amount = Math.round(Number(body.valor.original) * 100);
    charges.set(txid, { amount, body });
    const location = `pix.example.com/qr/v2/cobv/${crypto.randomBytes(8).toString('hex')}`;

    const answer = {
      calendario: {
        criacao: new Date().toISOString(),
        dataDeVencimento: body.calendario.dataDeVencimento,
        validadeAposVencimento: body.calendario.validadeAposVencimento ?? 30,
      },
      txid,
      revisao: 0,
      loc: { id: 1, txid, location, tipoCob: 'cobv', criacao: new Date().toISOString() },
      location,
      status: 'ATIVA',
      devedor: body.devedor,
      recebedor: {
        logradouro: 'Av. Paulista, 1000',
        cidade: 'São Paulo',
        uf: 'SP',
        cep: '01310100',
        cnpj: '11222333000181',
        nome: 'Clínica Teste',
      },
      valor: { original: body.valor.original },
      chave: body.chave,
      pixCopiaECola: dynamicCode(location),
    };
    check('CobVGerada', answer, 'answer of PUT /cobv');
    return reply.status(201).send(answer);
  });

  app.put('/api/v2/pix/:e2eid/devolucao/:id', async (request, reply) => {
    if (!authorized(request.headers.authorization))
      return problem(reply, 403, 'AcessoNegadoExample1');
    const { e2eid, id } = request.params as { e2eid: string; id: string };
    if (!check('DevolucaoSolicitada', request.body, 'PUT /devolucao')) {
      return problem(reply, 400, 'RequisicaoInvalidaDevolucaoExample1');
    }
    const amount = Math.round(Number((request.body as { valor: string }).valor) * 100);
    const rtrId = `D12345678${crypto.randomBytes(12).toString('hex')}`.slice(0, 32);
    refunds.set(id, { e2eid, amount, rtrId });
    const answer = {
      id,
      rtrId,
      valor: brCodeAmount(amount),
      horario: { solicitacao: new Date().toISOString() },
      status: 'EM_PROCESSAMENTO',
    };
    check('Devolucao', answer, 'answer of PUT /devolucao');
    return reply.status(201).send(answer);
  });

  app.put('/api/v2/cob/:txid', async (request, reply) => {
    if (!authorized(request.headers.authorization))
      return problem(reply, 403, 'AcessoNegadoExample1');
    const { txid } = request.params as { txid: string };
    if (!/^[a-zA-Z0-9]{26,35}$/.test(txid) || !check('CobSolicitada', request.body, 'PUT /cob')) {
      return problem(reply, 400, 'RequisicaoInvalidaCobExample1');
    }
    const body = request.body as {
      calendario: { expiracao?: number };
      devedor?: { cpf?: string; nome: string };
      valor: { original: string };
      chave: string;
    };
    charges.set(txid, { amount: Math.round(Number(body.valor.original) * 100), body });
    const location = `pix.example.com/qr/v2/${crypto.randomBytes(8).toString('hex')}`;
    const answer = {
      calendario: {
        criacao: new Date().toISOString(),
        expiracao: body.calendario.expiracao ?? 86400,
      },
      txid,
      revisao: 0,
      loc: { id: nextLoc++, txid, location, tipoCob: 'cob', criacao: new Date().toISOString() },
      location,
      status: 'ATIVA',
      ...(body.devedor ? { devedor: body.devedor } : {}),
      valor: { original: body.valor.original },
      chave: body.chave,
      pixCopiaECola: dynamicCode(location),
    };
    check('CobGerada', answer, 'answer of PUT /cob');
    return reply.status(201).send(answer);
  });

  app.post('/api/v2/locrec', async (request, reply) => {
    if (!authorized(request.headers.authorization))
      return problem(reply, 403, 'AcessoNegadoExample1');
    const id = nextLoc++;
    locs.set(id, null);
    const answer = {
      id,
      location: `pix.example.com/qr/v2/rec/${crypto.randomBytes(8).toString('hex')}`,
      criacao: new Date().toISOString(),
    };
    return reply.status(201).send(answer);
  });

  app.post('/api/v2/rec', async (request, reply) => {
    if (!authorized(request.headers.authorization))
      return problem(reply, 403, 'AcessoNegadoExample1');
    if (!check('RecSolicitada', request.body, 'POST /rec')) {
      return problem(reply, 400, 'OperacaoInvalidaRecExample1');
    }
    const body = request.body as {
      loc?: number;
      ativacao?: { dadosJornada?: { txid?: string } };
      vinculo: unknown;
      calendario: unknown;
      valor?: unknown;
      politicaRetentativa: string;
    };
    if (body.loc !== undefined && (!locs.has(body.loc) || locs.get(body.loc) !== null)) {
      return problem(reply, 400, 'OperacaoInvalidaRecExample1');
    }
    recSequence += 1;
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const idRec = `RR12345678${day}${String(recSequence).padStart(11, '0')}`;
    if (body.loc !== undefined) locs.set(body.loc, idRec);
    const firstTxid = body.ativacao?.dadosJornada?.txid ?? null;
    recs.set(idRec, { firstTxid, body, status: 'CRIADA' });
    const answer = {
      idRec,
      vinculo: body.vinculo,
      calendario: body.calendario,
      ...(body.valor ? { valor: body.valor } : {}),
      recebedor: { cnpj: '11222333000181', nome: 'Clínica Teste', ispbParticipante: '12345678' },
      status: 'CRIADA',
      politicaRetentativa: body.politicaRetentativa,
      atualizacao: [{ status: 'CRIADA', data: new Date().toISOString() }],
    };
    return reply.status(201).send(answer);
  });

  /** A recurrence as the institution answers it (RecCompleta, without the QR). */
  const recAnswer = (idRec: string, rec: { body: unknown; status: string }) => {
    const body = rec.body as { vinculo: unknown; calendario: unknown; politicaRetentativa: string };
    return {
      idRec,
      vinculo: body.vinculo,
      calendario: body.calendario,
      recebedor: { cnpj: '11222333000181', nome: 'Clínica Teste', ispbParticipante: '12345678' },
      status: rec.status,
      politicaRetentativa: body.politicaRetentativa,
      atualizacao: [{ status: rec.status, data: new Date().toISOString() }],
    };
  };

  app.get('/api/v2/rec/:idRec', async (request, reply) => {
    if (!authorized(request.headers.authorization))
      return problem(reply, 403, 'AcessoNegadoExample1');
    const { idRec } = request.params as { idRec: string };
    const { txid } = request.query as { txid?: string };
    const rec = recs.get(idRec);
    if (!rec) return problem(reply, 404, 'NaoEncontradoExample1');
    const composite = txid && txid === rec.firstTxid && charges.has(txid);
    return reply.send({
      ...recAnswer(idRec, rec),
      ...(composite
        ? {
            dadosQR: {
              jornada: 'JORNADA_3',
              pixCopiaECola: dynamicCode(
                `pix.example.com/qr/v2/cob/${txid.slice(0, 12)}`,
                `pix.example.com/qr/v2/rec/${idRec.slice(-11)}`,
              ),
            },
          }
        : {}),
    });
  });

  app.patch('/api/v2/rec/:idRec', async (request, reply) => {
    if (!authorized(request.headers.authorization))
      return problem(reply, 403, 'AcessoNegadoExample1');
    const { idRec } = request.params as { idRec: string };
    const rec = recs.get(idRec);
    if (!rec) return problem(reply, 404, 'NaoEncontradoExample1');
    if (!check('RecRevisada', request.body, 'PATCH /rec')) {
      return problem(reply, 400, 'OperacaoInvalidaRecExample1');
    }
    if ((request.body as { status?: string }).status === 'CANCELADA') rec.status = 'CANCELADA';
    return reply.send(recAnswer(idRec, rec));
  });

  app.put('/api/v2/cobr/:txid', async (request, reply) => {
    if (!authorized(request.headers.authorization))
      return problem(reply, 403, 'AcessoNegadoExample1');
    const { txid } = request.params as { txid: string };
    if (!/^[a-zA-Z0-9]{26,35}$/.test(txid) || !check('CobRSolicitada', request.body, 'PUT /cobr')) {
      return problem(reply, 400, 'OperacaoInvalidaCobRExample1');
    }
    const body = request.body as {
      idRec: string;
      calendario: { dataDeVencimento: string };
      valor: { original: string };
    };
    const rec = recs.get(body.idRec);
    // An institution refuses a charge on an authorisation that is not approved.
    if (!rec || rec.status !== 'APROVADA') {
      return problem(reply, 400, 'OperacaoInvalidaCobRExample1');
    }
    cobrs.set(txid, {
      idRec: body.idRec,
      amount: Math.round(Number(body.valor.original) * 100),
      dueDate: body.calendario.dataDeVencimento,
    });
    return reply.status(201).send({
      idRec: body.idRec,
      txid,
      status: 'CRIADA',
      calendario: body.calendario,
      valor: body.valor,
      atualizacao: [{ status: 'CRIADA', data: new Date().toISOString() }],
    });
  });

  for (const [path, key] of [
    ['/api/v2/webhookrec', 'recWebhookUrl'],
    ['/api/v2/webhookcobr', 'cobrWebhookUrl'],
  ] as const) {
    app.put(path, async (request, reply) => {
      if (!authorized(request.headers.authorization))
        return problem(reply, 403, 'AcessoNegadoExample1');
      const body = request.body as { webhookUrl?: string };
      if (typeof body?.webhookUrl !== 'string') {
        return problem(reply, 400, 'RequisicaoInvalidaWebhookExample1');
      }
      state[key] = body.webhookUrl;
      return reply.status(204).send();
    });
  }

  app.put('/api/v2/webhook/:chave', async (request, reply) => {
    if (!authorized(request.headers.authorization))
      return problem(reply, 403, 'AcessoNegadoExample1');
    if (!check('WebhookSolicitado', request.body, 'PUT /webhook')) {
      return problem(reply, 400, 'RequisicaoInvalidaWebhookExample1');
    }
    state.webhookUrl = (request.body as { webhookUrl: string }).webhookUrl;
    return reply.status(204).send();
  });

  app.get('/api/v2/pix', async (request, reply) => {
    if (!authorized(request.headers.authorization))
      return problem(reply, 403, 'AcessoNegadoExample1');
    const query = request.query as Record<string, string | undefined>;
    const inicio = Date.parse(query.inicio ?? '');
    const fim = Date.parse(query.fim ?? '');
    const page = Number(query['paginacao.paginaAtual'] ?? 0);
    const perPage = Number(query['paginacao.itensPorPagina'] ?? 100);
    if (
      Number.isNaN(inicio) ||
      Number.isNaN(fim) ||
      !Number.isInteger(page) ||
      page < 0 ||
      !Number.isInteger(perPage) ||
      perPage < 1 ||
      perPage > 1000
    ) {
      invalid.push(`GET /pix: bad query ${JSON.stringify(query)}`);
      return problem(reply, 400, 'RequisicaoInvalidaCobVExample1');
    }
    const matching = received.filter((pix) => {
      const at = Date.parse(pix.horario);
      return at >= inicio && at <= fim;
    });
    const answer = {
      parametros: {
        inicio: query.inicio,
        fim: query.fim,
        paginacao: {
          paginaAtual: page,
          itensPorPagina: perPage,
          quantidadeDePaginas: Math.max(1, Math.ceil(matching.length / perPage)),
          quantidadeTotalDeItens: matching.length,
        },
      },
      pix: matching.slice(page * perPage, (page + 1) * perPage),
    };
    check('PixConsultados', answer, 'answer of GET /pix');
    return answer;
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const deliver: StandIn['deliver'] = async (body, url) => {
    const target = url ?? state.webhookUrl;
    if (!target) throw new Error('stand-in: no webhook registered');
    // As a PSP does: the registered URL with '/pix' appended.
    return post(`${target}/pix`, body);
  };
  const post = async (target: string, body: unknown) => {
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };

  const standIn: StandIn = {
    url: `${options.mtls ? 'https' : 'http'}://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    charges,
    refunds,
    received,
    invalid,
    get webhookUrl() {
      return state.webhookUrl;
    },
    async pay(txid, payOptions = {}) {
      const charge = charges.get(txid);
      const e2eid = payOptions.e2eid ?? e2eidOf();
      const pix: PixReceived = {
        endToEndId: e2eid,
        txid,
        valor: brCodeAmount(payOptions.amount ?? charge?.amount ?? 100),
        horario: payOptions.at ?? new Date().toISOString(),
      };
      const payload = { pix: [pix] };
      check('Pix', pix, 'callback body');
      received.push(pix);
      // A webhook lost on the way: the Pix is in GET /pix, the app never heard of it.
      if (payOptions.webhook === false) return { status: 0, body: null, e2eid, payload };
      const answer = await deliver(payload);
      return { ...answer, e2eid, payload };
    },
    deliver,
    useWebhooks(url) {
      state.webhookUrl = url;
      state.recWebhookUrl = url;
      state.cobrWebhookUrl = url;
    },
    recs,
    cobrs,
    async payAndAuthorise(idRec) {
      const rec = recs.get(idRec);
      if (!rec?.firstTxid) throw new Error(`stand-in: no journey-3 authorisation ${idRec}`);
      const paid = await standIn.pay(rec.firstTxid);
      const approved = await standIn.recStatus(idRec, 'APROVADA');
      return { pix: paid.status, rec: approved.status, e2eid: paid.e2eid };
    },
    async recStatus(idRec, status) {
      const rec = recs.get(idRec);
      if (rec) rec.status = status;
      const target = state.recWebhookUrl;
      if (!target) throw new Error('stand-in: no webhookrec registered');
      const item = {
        idRec,
        status,
        atualizacao: [
          { status: 'CRIADA', data: new Date(Date.now() - 60_000).toISOString() },
          { status, data: new Date().toISOString() },
        ],
        ...(status === 'APROVADA' && rec?.firstTxid
          ? { ativacao: { tipoJornada: 'JORNADA_3', dadosJornada: { txid: rec.firstTxid } } }
          : {}),
        ...(status === 'CANCELADA'
          ? {
              encerramento: {
                cancelamento: {
                  solicitante: 'USUARIO_PAGADOR',
                  codigo: 'ACCL',
                  descricao: 'Cancelada pelo pagador',
                },
              },
            }
          : {}),
      };
      check('RecNotification', item, 'webhookrec body');
      return post(`${target}/rec`, { recs: [item] });
    },
    async settleCobr(txid, options = {}) {
      const cobr = cobrs.get(txid);
      if (!cobr) throw new Error(`stand-in: no cobr ${txid}`);
      const target = state.cobrWebhookUrl;
      if (!target) throw new Error('stand-in: no webhookcobr registered');
      const e2eid = options.e2eid ?? e2eidOf();
      const at = options.at ?? new Date().toISOString();
      const item = {
        idRec: cobr.idRec,
        txid,
        status: 'CONCLUIDA',
        atualizacao: [
          { status: 'ATIVA', data: new Date(Date.parse(at) - 86_400_000).toISOString() },
          { status: 'CONCLUIDA', data: at },
        ],
        pix: [{ endToEndId: e2eid, txid, valor: brCodeAmount(cobr.amount), horario: at }],
      };
      check('CobRNotification', item, 'webhookcobr body');
      return { ...(await post(`${target}/cobr`, { cobsr: [item] })), e2eid };
    },
    async failCobr(txid, status = 'REJEITADA') {
      const cobr = cobrs.get(txid);
      if (!cobr) throw new Error(`stand-in: no cobr ${txid}`);
      const target = state.cobrWebhookUrl;
      if (!target) throw new Error('stand-in: no webhookcobr registered');
      const item = {
        idRec: cobr.idRec,
        txid,
        status,
        atualizacao: [{ status, data: new Date().toISOString() }],
      };
      check('CobRNotification', item, 'webhookcobr body');
      return post(`${target}/cobr`, { cobsr: [item] });
    },
    close: () => app.close(),
  };
  return standIn;
}
