import crypto from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  api,
  clientAddress,
  emptyDataDir,
  freshPostgresDatabase,
  killAllServers,
  removeDataDirs,
  signIn,
  sleep,
  startServer,
  type ServerProcess,
  type StartOptions,
} from './server-process.ts';

/**
 * Crash safety: clients write (notices and users) while the server is killed with SIGKILL, again
 * and again. After every restart each write the server acknowledged (2xx) is there, nothing
 * appears that nobody sent, and the database opens cleanly.
 *
 * CRASH_ITERATIONS (default 3) sets the number of kills; e.g. CRASH_ITERATIONS=50 for a long run.
 */
const ITERATIONS = Number(process.env.CRASH_ITERATIONS ?? 3);
const WRITERS = 4;

interface Ledger {
  /** Acknowledged with a 2xx, or seen stored after a restart: must be there from now on. */
  stored: Set<string>;
  /** Every write sent, answered or not: nothing else may appear. */
  attempted: Set<string>;
}

afterEach(() => killAllServers());

async function runKillLoop(start: StartOptions): Promise<void> {
  const run = crypto.randomBytes(3).toString('hex');
  const notices: Ledger = { stored: new Set(), attempted: new Set() };
  const users: Ledger = { stored: new Set(), attempted: new Set() };
  const address = clientAddress();
  let previousToken: string | undefined;
  let sequence = 0;

  const verify = async (server: ServerProcess, token: string) => {
    const health = await api(server, 'GET', '/api/v1/health');
    expect(health).toEqual({ status: 200, body: { status: 'ok' } });
    const noticeList = await api(server, 'GET', '/api/v1/notices/notices/', { token });
    const userList = await api(server, 'GET', '/api/v1/users/', { token });
    expect(noticeList.status).toBe(200);
    expect(userList.status).toBe(200);
    const presentNotices = (noticeList.body as { title: string }[])
      .map((n) => n.title)
      .filter((title) => title.startsWith(`Crash ${run} `));
    const presentUsers = (userList.body as { email: string }[])
      .map((u) => u.email)
      .filter((email) => email.startsWith(`crash-${run}-`));
    for (const [ledger, present, what] of [
      [notices, presentNotices, 'aviso'],
      [users, presentUsers, 'usuário'],
    ] as const) {
      const missing = [...ledger.stored].filter((key) => !present.includes(key));
      const phantom = present.filter((key) => !ledger.attempted.has(key));
      expect(missing, `${what} confirmado e perdido`).toEqual([]);
      expect(phantom, `${what} que ninguém enviou`).toEqual([]);
      // No duplicates: one row per write.
      expect(new Set(present).size, `${what} duplicado`).toBe(present.length);
      // A write in flight at the kill may or may not have committed; from now on it must stay.
      for (const key of present) ledger.stored.add(key);
    }
  };

  for (let iteration = 0; iteration <= ITERATIONS; iteration++) {
    const server = await startServer(start);
    const token = await signIn(server, undefined, undefined, address);
    if (previousToken) {
      // The signing key survived the kill too: sessions stay valid across restarts.
      expect((await api(server, 'GET', '/api/v1/auth/me', { token: previousToken })).status).toBe(
        200,
      );
    }
    previousToken = token;
    await verify(server, token);
    if (iteration === ITERATIONS) {
      // The last start: stop it politely and expect a clean exit.
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      break;
    }

    let killed = false;
    const writer = async (w: number) => {
      while (!killed) {
        const n = ++sequence;
        const title = `Crash ${run} ${iteration}-${w}-${n}`;
        const email = `crash-${run}-${iteration}-${w}-${n}@teste.com.br`;
        try {
          notices.attempted.add(title);
          const notice = await api(server, 'POST', '/api/v1/notices/notices/', {
            token,
            body: { title, text: 'Escrito durante o teste de queda.', category: 'urgent' },
          });
          if (notice.status === 201) notices.stored.add(title);
          else throw new Error(`aviso ${notice.status} ${JSON.stringify(notice.body)}`);
          users.attempted.add(email);
          const user = await api(server, 'POST', '/api/v1/users/', {
            token,
            body: { name: `Queda ${n}`, email, password: 'senha-da-queda-1' },
          });
          if (user.status === 201) users.stored.add(email);
          else throw new Error(`usuário ${user.status} ${JSON.stringify(user.body)}`);
        } catch (error) {
          // After the kill a refused or reset connection is expected; before it, a failure is a bug.
          if (!killed) throw error;
          return;
        }
      }
    };
    const writing = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    // Awaited below; this only keeps an early failure from being reported as unhandled.
    writing.catch(() => undefined);
    const acknowledged = () => notices.stored.size + users.stored.size;
    const acknowledgedBefore = acknowledged();
    // Let some writes land (however busy the machine), then kill at a random moment, mid-request
    // more often than not.
    for (let waited = 0; acknowledged() < acknowledgedBefore + 3 && waited < 60_000; waited += 50) {
      await sleep(50);
    }
    await sleep(crypto.randomInt(0, 800));
    killed = true;
    if (server.child.pid) process.kill(server.child.pid, 'SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
    await writing;
    expect(notices.stored.size + users.stored.size).toBeGreaterThan(acknowledgedBefore);
  }
  expect(notices.stored.size).toBeGreaterThan(0);
  expect(users.stored.size).toBeGreaterThan(0);
  console.info(
    `${ITERATIONS} kills: ${notices.stored.size} notices and ${users.stored.size} users kept ` +
      `(${notices.attempted.size + users.attempted.size} writes sent)`,
  );
}

describe('SIGKILL while clients write', () => {
  afterAll(() => removeDataDirs());

  it(
    `loses no acknowledged write on the embedded database (${ITERATIONS} kills)`,
    async () => {
      // An empty directory: the first start (initdb, migrations, first admin) is part of the test.
      const dataDir = emptyDataDir();
      await runKillLoop({ dataDir });
    },
    120_000 + ITERATIONS * 60_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    `loses no acknowledged write on PostgreSQL (${ITERATIONS} kills)`,
    async () => {
      const database = await freshPostgresDatabase(process.env.DATABASE_URL ?? '');
      try {
        await runKillLoop({ databaseUrl: database.url });
      } finally {
        killAllServers();
        await database.drop();
      }
    },
    120_000 + ITERATIONS * 60_000,
  );
});
