import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNERGY_RELATION_MESSAGES, type SynergyRelation } from '@portal/domain';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { refoldStaleKeys } from '../src/db/refold-keys.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** A procedure in use is not deleted; one synergy relation per pair of procedures. */
describe('catalogue integrity', () => {
  let t: TestApp;
  let adminToken: string;

  const createService = async (name: string) => {
    const res = await t.request('POST', '/api/v1/services/', { token: adminToken, body: { name } });
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const createRelation = (body: Record<string, unknown>) =>
    t.request('POST', '/api/v1/services-relations/', { token: adminToken, body });
  const relations = async () =>
    (
      await t.request('GET', '/api/v1/services-relations/', { token: adminToken })
    ).json() as SynergyRelation[];
  const pairCount = (a: number, b: number, rows: SynergyRelation[]) =>
    rows.filter(
      (r) =>
        (r.service_id_1 === a && r.service_id_2 === b) ||
        (r.service_id_1 === b && r.service_id_2 === a),
    ).length;

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await t.as('admin')).token;
  });
  afterAll(() => t.close());

  describe('synergy relations: one per pair of procedures', () => {
    it('refuses the same pair again, in either order (409), and keeps the first', async () => {
      const a = await createService('Criolipólise Flancos');
      const b = await createService('Drenagem Pós-Crio');
      const first = await createRelation({ service_id_1: a, service_id_2: b, category: 'crio' });
      expect(first.statusCode).toBe(201);
      for (const [x, y] of [
        [a, b],
        [b, a],
      ]) {
        const again = await createRelation({ service_id_1: x, service_id_2: y, category: 'outra' });
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({ detail: SYNERGY_RELATION_MESSAGES.pairTaken });
      }
      expect(pairCount(a, b, await relations())).toBe(1);
    });

    it('refuses an edit that would join a pair another relation already joins (409)', async () => {
      const a = await createService('Laser CO2');
      const b = await createService('Skinbooster Facial');
      const c = await createService('LED Terapia');
      const taken = (
        await createRelation({ service_id_1: a, service_id_2: b, category: 'textura' })
      ).json() as SynergyRelation;
      const other = (
        await createRelation({ service_id_1: a, service_id_2: c, category: 'calmante' })
      ).json() as SynergyRelation;
      const res = await t.request('PATCH', `/api/v1/services-relations/${other.id}`, {
        token: adminToken,
        body: { service_id_1: b, service_id_2: a },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: SYNERGY_RELATION_MESSAGES.pairTaken });
      const rows = await relations();
      expect(rows.find((r) => r.id === other.id)).toEqual(other);
      expect(rows.find((r) => r.id === taken.id)).toEqual(taken);
      // Its own pair, swapped, is still its own.
      const swap = await t.request('PATCH', `/api/v1/services-relations/${other.id}`, {
        token: adminToken,
        body: { service_id_1: c, service_id_2: a },
      });
      expect(swap.statusCode).toBe(200);
    });

    it('makes exactly one row from 20 identical POSTs sent at once', async () => {
      const a = await createService('Radiofrequência Abdômen');
      const b = await createService('Massagem Redutora');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          createRelation({ service_id_1: a, service_id_2: b, category: 'gordura' }),
        ),
      );
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      for (const res of answers.filter((r) => r.statusCode === 409)) {
        expect(res.json()).toEqual({ detail: SYNERGY_RELATION_MESSAGES.pairTaken });
      }
      expect(pairCount(a, b, await relations())).toBe(1);
    });

    it('is a migration that removes duplicate pairs already stored, keeping the oldest', async () => {
      const a = await createService('Carboxiterapia Olheiras');
      const b = await createService('Peeling Olheiras');
      const kept = (
        await createRelation({ service_id_1: a, service_id_2: b, category: 'olheiras' })
      ).json() as SynergyRelation;
      // A database from before the rule: no unique index, the pair stored three times.
      await t.database.exec('DROP INDEX synergy_relations_pair_key');
      await t.database.exec(
        `INSERT INTO synergy_relations (service_id_1, service_id_2, category)
         VALUES (${b}, ${a}, 'dup'), (${a}, ${b}, 'dup')`,
      );
      expect(pairCount(a, b, await relations())).toBe(3);

      const migration = fs.readFileSync(
        path.join(MIGRATIONS_DIR, '0004_catalogue_lists.sql'),
        'utf8',
      );
      await t.database.exec(`BEGIN;\n${migration}\nCOMMIT;`);
      await refoldStaleKeys(t.database);

      const rows = await relations();
      expect(rows.filter((r) => pairCount(a, b, [r]) === 1)).toEqual([kept]);
      const again = await createRelation({ service_id_1: b, service_id_2: a, category: 'x' });
      expect(again.statusCode).toBe(409);
      // The keys it marked stale were folded again: duplicate names are still caught.
      const dupName = await t.request('POST', '/api/v1/services/', {
        token: adminToken,
        body: { name: 'CARBOXITERAPIA OLHEIRAS' },
      });
      expect(dupName.statusCode).toBe(409);
    });
  });

  describe('deleting a procedure in use', () => {
    it('answers 409 naming how many packages and relations use it, and deletes nothing', async () => {
      const used = await createService('Bioestimulador de Colágeno');
      const partner1 = await createService('Ultrassom Microfocado Face');
      const partner2 = await createService('Fios de PDO');
      const byHand = await t.request('POST', '/api/v1/packages/', {
        token: adminToken,
        body: { name: 'Pacote Rejuvenescer', procedures: [used, partner1] },
      });
      expect(byHand.statusCode).toBe(201);
      // "Select all" does not list it by hand: it does not count.
      const selectAll = await t.request('POST', '/api/v1/packages/', {
        token: adminToken,
        body: { name: 'Pacote Completo Anual', allow_all_procedures: true },
      });
      expect(selectAll.statusCode).toBe(201);
      await createRelation({ service_id_1: used, service_id_2: partner1, category: 'colágeno' });
      await createRelation({ service_id_1: partner2, service_id_2: used, category: 'firmeza' });

      const packagesBefore = (
        await t.request('GET', '/api/v1/packages/', { token: adminToken })
      ).json();
      const relationsBefore = await relations();
      const res = await t.request('DELETE', `/api/v1/services/${used}`, { token: adminToken });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        detail:
          'Procedimento usado em 1 pacote(s) e 2 sinergia(s). Inative-o ou remova-o deles primeiro.',
      });
      expect(
        (await t.request('GET', `/api/v1/services/${used}`, { token: adminToken })).statusCode,
      ).toBe(200);
      expect((await t.request('GET', '/api/v1/packages/', { token: adminToken })).json()).toEqual(
        packagesBefore,
      );
      expect(await relations()).toEqual(relationsBefore);
    });

    // PGlite runs one transaction at a time, so only PostgreSQL can interleave these two.
    it.skipIf(!process.env.DATABASE_URL)(
      'counts a reference committed while the delete waited for the row (PostgreSQL)',
      async () => {
        const used = await createService('Laser Fracionado');
        const pkg = (
          await t.request('POST', '/api/v1/packages/', {
            token: adminToken,
            body: { name: 'Pacote Laser Anual', allow_all_procedures: true },
          })
        ).json() as { id: number };
        let deletion: Promise<{ statusCode: number; json(): unknown }> | undefined;
        await t.database.db.transaction(async (tx) => {
          // Another admin's transaction lists the procedure by hand and has not committed yet.
          await tx.execute(
            sql`INSERT INTO package_procedures (package_id, service_id, kind)
                VALUES (${pkg.id}, ${used}, 'restricted')`,
          );
          deletion = t.request('DELETE', `/api/v1/services/${used}`, { token: adminToken });
          await expect
            .poll(async () => {
              const [row] = await t.database.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE wait_event_type = 'Lock' AND datname = current_database()`,
              );
              return row?.n ?? 0;
            })
            .toBeGreaterThan(0);
        });
        const res = await deletion;
        expect(res?.statusCode).toBe(409);
        expect(res?.json()).toEqual({
          detail:
            'Procedimento usado em 1 pacote(s) e 0 sinergia(s). Inative-o ou remova-o deles primeiro.',
        });
      },
    );

    it('deletes a procedure only "select all" packages reach', async () => {
      const free = await createService('Hidratação Labial');
      const res = await t.request('DELETE', `/api/v1/services/${free}`, { token: adminToken });
      expect(res.statusCode).toBe(204);
      expect(
        (await t.request('GET', `/api/v1/services/${free}`, { token: adminToken })).statusCode,
      ).toBe(404);
    });
  });
});
