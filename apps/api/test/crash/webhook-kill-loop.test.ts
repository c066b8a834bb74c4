import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoClinicalTraits, type ContractPayments } from '@portal/domain';
import { apiPixSettingsOf, startPixStandIn, type StandIn } from '../billing/pix-stand-in.ts';
import {
  api,
  clientAddress,
  emptyDataDir,
  freshPostgresDatabase,
  killAllServers,
  removeDataDirs,
  signIn,
  startServer,
  type ServerProcess,
  type StartOptions,
} from './server-process.ts';

/**
 * Issue 29: API Pix webhooks burst in from several senders while the server is killed with
 * SIGKILL, again and again. After every restart each event the server acknowledged (200 with
 * 'aplicado' or 'repetido') is reflected, no instalment is paid twice, and at the end every body
 * ever sent, delivered again, applies nothing new and leaves the same state.
 *
 * The senders' choices and the kill points (after so many acknowledged events) come from one fixed
 * seed (CRASH_SEED). A body left unanswered by a kill is delivered again after the restart, as a
 * PSP retries a callback that got no 2xx. CRASH_ITERATIONS (default 3) sets the number of kills.
 */
const ITERATIONS = Number(process.env.CRASH_ITERATIONS ?? 3);
const SEED = Number(process.env.CRASH_SEED ?? 20261128);
const SENDERS = 4;
const CONTRACTS = 4;
const UNIT = 'PAULISTA';
const SECRET = 'segredo-do-webhook-da-queda-0123456789';
const PIX_KEY = '123e4567-e12b-12d1-a456-426655440000';
/** Every instalment of the package below (R$ 3.600,00 in 12). */
const AMOUNT = '300.00';

/** mulberry32: small, seedable, good enough to pick work and kill points. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface PixItem {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
  devolucoes?: {
    id: string;
    rtrId: string;
    valor: string;
    horario: { solicitacao: string; liquidacao: string };
    status: 'DEVOLVIDO';
  }[];
}
type Body = { pix: PixItem[] };
type Kind = 'primary' | 'duplicate' | 'later-clock' | 'elsewhere' | 'refund';
interface Answer {
  event_id: string;
  result: 'aplicado' | 'repetido' | 'recusado';
  reason?: string;
}

interface Instalment {
  contractId: number;
  n: number;
  txid: string;
  /** The first Pix sent for it: the one that must pay it. */
  primary: { e2eid: string; horario: string } | null;
  /** Its event acknowledged, or seen reflected after a restart: it must stay from now on. */
  primaryStored: boolean;
  refund: { rtrId: string } | null;
  refundStored: boolean;
}

/** One event of a body and what the test expects of its answer. */
interface Sent {
  eventId: string;
  kind: Kind;
  instalment: Instalment;
}

const e2eid = (random: () => number, prefix: string) =>
  `${prefix}${Array.from({ length: 31 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(random() * 32)]).join('')}`;

afterEach(() => killAllServers());

/** A unit on API Pix (the stand-in) with CONTRACTS contracts of 12 charged instalments each. */
async function setUp(server: ServerProcess, standIn: StandIn, token: string) {
  const post = async (url: string, body: unknown, forwardedFor?: string) => {
    const res = await api(server, 'POST', url, {
      token,
      body,
      ...(forwardedFor ? { forwardedFor } : {}),
    });
    if (res.status !== 200 && res.status !== 201) {
      throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return res.body as Record<string, unknown>;
  };
  // The stand-in serves both databases' runs, whose contract numbers repeat.
  standIn.charges.clear();
  const settings = await api(server, 'PATCH', `/api/v1/units/${UNIT}/billing`, {
    token,
    body: apiPixSettingsOf(standIn, { pixKey: PIX_KEY, webhookSecret: SECRET }),
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const service = (name: string, block: string, value: number, demo: string) =>
    post('/api/v1/services/', {
      name,
      block,
      value,
      cost: 10,
      clinical_traits: demoClinicalTraits(demo),
    }).then((body) => Number(body.id));
  const filler = await service('Preenchimento Queda', 'A', 1500, 'Preenchimento Labial');
  const peel = await service('Peeling Queda', 'A', 250, 'Peeling Químico');
  const laser = await service('Laser Queda', 'B', 900, 'Laser Lavieen');
  const pkg = Number(
    (
      await post('/api/v1/packages/', {
        name: 'Pacote Queda',
        annual_value: 3600,
        block_limits: { a: 3, b: 1, c: 0, d: 0 },
      })
    ).id,
  );
  const client = Number(
    (
      await post('/api/v1/clients/', {
        full_name: 'Beatriz Queda Pagadora',
        phone: '(11) 97777-2222',
        cpf: '529.982.247-25',
        consents: [
          { purpose: 'health_data', granted: true, text_version: 'v1', channel: 'presencial' },
        ],
      })
    ).id,
  );
  const instalments: Instalment[] = [];
  for (let c = 0; c < CONTRACTS; c++) {
    const proposal = await post('/api/v1/proposals/', {
      client_id: client,
      package_id: pkg,
      blocks: { A: [filler, filler, peel], B: [laser], C: [], D: [] },
    });
    const sent = await post(`/api/v1/proposals/${String(proposal.id)}/send`, undefined);
    const link = String(sent.public_url).split('/p/')[1] ?? '';
    const accepted = await api(server, 'POST', `/api/v1/public/proposals/${link}/accept`, {
      body: { full_name: 'Beatriz Queda Pagadora', accept_terms: true },
      forwardedFor: clientAddress(),
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const contractId = Number((accepted.body as { contract_id: number }).contract_id);
    // Issued again on API Pix: each instalment's cobv is sent to the stand-in, which keeps its txid
    // (the charge the acceptance sent for the first instalment belongs to the plan replaced).
    standIn.charges.clear();
    await post(`/api/v1/contracts/${contractId}/payment-plan`, { method: 'api_pix' });
    const contract = await api(server, 'GET', `/api/v1/contracts/${contractId}`, { token });
    const number = String((contract.body as { number: string }).number);
    for (const [txid, charge] of standIn.charges) {
      const description = String(
        (charge.body as { solicitacaoPagador?: string }).solicitacaoPagador ?? '',
      );
      const match = new RegExp(`^Parcela (\\d+)/12 contrato ${number}$`).exec(description);
      if (match) {
        instalments.push({
          contractId,
          n: Number(match[1]),
          txid,
          primary: null,
          primaryStored: false,
          refund: null,
          refundStored: false,
        });
      }
    }
  }
  expect(instalments).toHaveLength(CONTRACTS * 12);
  expect(standIn.invalid).toEqual([]);
  return instalments;
}

async function runWebhookKillLoop(start: StartOptions, standIn: StandIn): Promise<void> {
  const random = seeded(SEED);
  let instalments: Instalment[] = [];
  /** Every body ever sent, for the final re-delivery. */
  const everSent: Body[] = [];
  /** Bodies a kill left without an answer: delivered again after the restart. */
  let unanswered: { body: Body; events: Sent[] }[] = [];
  let acknowledged = 0;
  let token = '';

  // The URL an admin registers, plus the '/pix' a PSP appends to it (see the webhook's routes.ts).
  const webhook = `/api/v1/payments/webhooks/api_pix?unidade=${UNIT}&segredo=${SECRET}&ignorar=/pix`;

  /** Checks one answered body against what each of its events may answer, and records acks. */
  const record = (status: number, body: unknown, events: Sent[]) => {
    expect(status, JSON.stringify(body)).toBe(200);
    const results = (body as { results: Answer[] }).results;
    expect(results.map((item) => item.event_id)).toEqual(events.map((item) => item.eventId));
    for (const [index, answer] of results.entries()) {
      const sent = events[index];
      if (!sent) continue;
      const what = `${sent.kind} ${sent.eventId}: ${JSON.stringify(answer)}`;
      acknowledged += 1;
      if (sent.kind === 'duplicate') {
        // A second Pix for an instalment already paid is kept as surplus, never paid again; told
        // again (a retry after a kill that came after its commit), it is a repeat.
        if (answer.result === 'repetido') continue;
        expect(answer, what).toMatchObject({ result: 'recusado', reason: 'parcela_ja_paga' });
      } else if (sent.kind === 'later-clock' || sent.kind === 'elsewhere') {
        expect(answer.result, what).toBe('repetido');
      } else {
        expect(['aplicado', 'repetido'], what).toContain(answer.result);
        if (sent.kind === 'primary') sent.instalment.primaryStored = true;
        else sent.instalment.refundStored = true;
      }
    }
  };

  /** What the senders send next: new Pix, exact replays, duplicates, a later clock, refunds. */
  const nextBody = (): { body: Body; events: Sent[] } | null => {
    const items: PixItem[] = [];
    const events: Sent[] = [];
    const size = 1 + Math.floor(random() * 3);
    const paid = instalments.filter((item) => item.primaryStored);
    for (let i = 0; i < size; i++) {
      const fresh = instalments.filter((item) => item.primary === null);
      // Once every instalment has had its Pix (a long run), only replays, duplicates and refunds.
      const roll = random() * (fresh.length > 0 ? 1 : 0.6);
      if (roll < 0.2 && everSent.length > 0) {
        // A replay of a whole earlier body, as is.
        const earlier = everSent[Math.floor(random() * everSent.length)];
        if (earlier && items.length === 0) return { body: earlier, events: eventsOf(earlier) };
      } else if (roll < 0.35 && paid.length > 0) {
        const target = paid[Math.floor(random() * paid.length)];
        if (!target?.primary) continue;
        const later = new Date(Date.parse(target.primary.horario) + 60_000 + i).toISOString();
        const id = e2eid(random, 'X');
        items.push({ endToEndId: id, txid: target.txid, valor: AMOUNT, horario: later });
        events.push({ eventId: `pix:${id}`, kind: 'duplicate', instalment: target });
      } else if (roll < 0.45 && paid.length > 0) {
        const target = paid[Math.floor(random() * paid.length)];
        if (!target?.primary) continue;
        // The same Pix (same e2eid) told again under a later clock.
        items.push({
          endToEndId: target.primary.e2eid,
          txid: target.txid,
          valor: AMOUNT,
          horario: new Date(Date.parse(target.primary.horario) + 3_600_000).toISOString(),
        });
        events.push({
          eventId: `pix:${target.primary.e2eid}`,
          kind: 'later-clock',
          instalment: target,
        });
      } else if (roll < 0.5 && paid.length > 0 && fresh.length > 0) {
        // A Pix already taken, told again under another charge: a repeat that pays nothing.
        const source = paid[Math.floor(random() * paid.length)];
        const target = fresh[Math.floor(random() * fresh.length)];
        if (!source?.primary || !target) continue;
        items.push({
          endToEndId: source.primary.e2eid,
          txid: target.txid,
          valor: AMOUNT,
          horario: source.primary.horario,
        });
        events.push({
          eventId: `pix:${source.primary.e2eid}`,
          kind: 'elsewhere',
          instalment: target,
        });
      } else if (roll < 0.6 && paid.some((item) => item.refund === null)) {
        const open = paid.filter((item) => item.refund === null);
        const target = open[Math.floor(random() * open.length)];
        if (!target?.primary) continue;
        const rtrId = e2eid(random, 'D');
        target.refund = { rtrId };
        const at = new Date(Date.parse(target.primary.horario) + 86_400_000).toISOString();
        items.push({
          endToEndId: target.primary.e2eid,
          txid: target.txid,
          valor: AMOUNT,
          horario: target.primary.horario,
          devolucoes: [
            {
              id: `DEV${target.txid.slice(0, 20)}`,
              rtrId,
              valor: AMOUNT,
              horario: { solicitacao: at, liquidacao: at },
              status: 'DEVOLVIDO',
            },
          ],
        });
        events.push(
          { eventId: `pix:${target.primary.e2eid}`, kind: 'later-clock', instalment: target },
          { eventId: `dev:${rtrId}`, kind: 'refund', instalment: target },
        );
      } else if (fresh.length > 0) {
        const target = fresh[Math.floor(random() * fresh.length)];
        if (!target) continue;
        const id = e2eid(random, 'E');
        // Distinct instants, a minute apart: paid_at names the Pix that paid.
        const horario = new Date(
          Date.UTC(2026, 10, 1) + everSent.length * 60_000 + i,
        ).toISOString();
        target.primary = { e2eid: id, horario };
        items.push({ endToEndId: id, txid: target.txid, valor: AMOUNT, horario });
        events.push({ eventId: `pix:${id}`, kind: 'primary', instalment: target });
      }
    }
    if (items.length === 0) return null;
    const body = { pix: items };
    everSent.push(body);
    return { body, events };
  };

  /** What each event of an earlier body means now (a replay of a primary counts as one). */
  const eventsOf = (body: Body): Sent[] =>
    body.pix.flatMap((item) => {
      const instalment = instalments.find((candidate) => candidate.txid === item.txid);
      if (!instalment) throw new Error(`txid desconhecido ${item.txid}`);
      const owner = instalments.find((candidate) => candidate.primary?.e2eid === item.endToEndId);
      const kind: Kind =
        owner === instalment
          ? item.devolucoes
            ? 'later-clock'
            : 'primary'
          : owner
            ? 'elsewhere'
            : 'duplicate';
      const own: Sent[] = [{ eventId: `pix:${item.endToEndId}`, kind, instalment }];
      for (const refund of item.devolucoes ?? []) {
        own.push({ eventId: `dev:${refund.rtrId}`, kind: 'refund', instalment });
      }
      return own;
    });

  const snapshot = async (server: ServerProcess) => {
    const contracts = [...new Set(instalments.map((item) => item.contractId))];
    const states: ContractPayments[] = [];
    for (const id of contracts) {
      const res = await api(server, 'GET', `/api/v1/contracts/${id}/payments`, { token });
      expect(res.status).toBe(200);
      states.push(res.body as ContractPayments);
    }
    return states;
  };

  const verify = async (server: ServerProcess) => {
    const health = await api(server, 'GET', '/api/v1/health');
    expect(health).toEqual({ status: 200, body: { status: 'ok' } });
    const states = await snapshot(server);
    for (const [c, state] of states.entries()) {
      const contractId = [...new Set(instalments.map((item) => item.contractId))][c];
      let paidCount = 0;
      for (const row of state.installments) {
        const mine = instalments.find((item) => item.contractId === contractId && item.n === row.n);
        if (!mine) throw new Error(`parcela ${row.n} do contrato ${contractId} sem txid`);
        const what = `contrato ${contractId} parcela ${row.n}: ${JSON.stringify(row)}`;
        const paid = row.status === 'paga' || row.status === 'estornada';
        if (paid) paidCount += 1;
        if (mine.primaryStored) expect(paid, `pagamento confirmado e perdido — ${what}`).toBe(true);
        if (mine.refundStored)
          expect(row.status, `devolução confirmada e perdida — ${what}`).toBe('estornada');
        if (paid) {
          // Paid by the first Pix sent for it, never by a surplus one.
          expect(mine.primary, `paga sem pagamento enviado — ${what}`).not.toBeNull();
          expect(row.paid_at, `paga por outro Pix — ${what}`).toBe(mine.primary?.horario);
          mine.primaryStored = true;
        }
        if (row.status === 'estornada') {
          expect(mine.refund, `estornada sem devolução enviada — ${what}`).not.toBeNull();
          mine.refundStored = true;
        }
      }
      // Money that arrived twice is not counted twice.
      expect(state.plan.paid, `contrato ${contractId}`).toBe(paidCount * 300);
    }
    return states;
  };

  for (let iteration = 0; iteration <= ITERATIONS; iteration++) {
    const server = await startServer(start);
    token = await signIn(server);
    if (iteration === 0) instalments = await setUp(server, standIn, token);
    await verify(server);
    // What the last kill left unanswered, delivered again (a PSP retries until it gets a 2xx).
    for (const { body, events } of unanswered) {
      const res = await api(server, 'POST', webhook, { body });
      record(res.status, res.body, events);
    }
    unanswered = [];
    await verify(server);

    if (iteration === ITERATIONS) {
      // Every body ever sent, again: nothing new applies and the state is the same.
      const before = await snapshot(server);
      for (const body of everSent) {
        const res = await api(server, 'POST', webhook, { body });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        for (const answer of (res.body as { results: Answer[] }).results) {
          expect(['repetido', 'recusado'], JSON.stringify(answer)).toContain(answer.result);
        }
      }
      expect(await snapshot(server)).toEqual(before);
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      break;
    }

    // Killed as soon as the chosen number of events has been acknowledged, requests in flight.
    const killAt = acknowledged + 5 + Math.floor(random() * 20);
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      if (server.child.pid) process.kill(server.child.pid, 'SIGKILL');
    };
    const sender = async () => {
      while (!killed) {
        const next = nextBody();
        if (!next) {
          kill();
          return;
        }
        let res: { status: number; body: unknown };
        try {
          res = await api(server, 'POST', webhook, { body: next.body });
        } catch (error) {
          // After the kill a reset or refused connection is expected; before it, it is a bug.
          if (!killed) throw error;
          unanswered.push({ body: next.body, events: eventsOf(next.body) });
          return;
        }
        record(res.status, res.body, next.events);
        if (acknowledged >= killAt) kill();
      }
    };
    const sending = Promise.all(Array.from({ length: SENDERS }, () => sender()));
    // Awaited below; this only keeps an early failure from being reported as unhandled.
    sending.catch(() => undefined);
    await sending;
    kill();
    expect((await server.exited).signal).toBe('SIGKILL');
  }
  const paid = instalments.filter((item) => item.primaryStored).length;
  expect(paid).toBeGreaterThan(0);
  console.info(
    `${ITERATIONS} kills: ${paid} instalments paid, ${instalments.filter((item) => item.refundStored).length} refunded, ` +
      `${everSent.length} bodies sent, ${acknowledged} event answers`,
  );
}

describe('SIGKILL during API Pix webhook bursts', () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startPixStandIn();
  });
  afterAll(async () => {
    removeDataDirs();
    await standIn.close();
  });

  it(
    `loses no acknowledged event on the embedded database (${ITERATIONS} kills)`,
    async () => {
      // An empty directory: the first start (initdb, migrations, first admin) is part of the test.
      await runWebhookKillLoop({ dataDir: emptyDataDir() }, standIn);
    },
    60_000 + ITERATIONS * 30_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    `loses no acknowledged event on PostgreSQL (${ITERATIONS} kills)`,
    async () => {
      const database = await freshPostgresDatabase(process.env.DATABASE_URL ?? '');
      try {
        await runWebhookKillLoop({ databaseUrl: database.url }, standIn);
      } finally {
        killAllServers();
        await database.drop();
      }
    },
    60_000 + ITERATIONS * 30_000,
  );
});
