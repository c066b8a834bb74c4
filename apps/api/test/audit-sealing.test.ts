import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditService } from '../src/audit/service.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Entries written before migration 0022 carry no seal: the server seals them once at start, after
 * checking the plain chain, and drops the plain document hash old acceptance entries carried (it
 * could confirm an anonymized client's name, docs/decisions/0034-keyed-evidence-and-sealed-audit.md).
 */
describe('sealing the entries written before the key', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Puts the trail back as migration 0022 found it: no seal anywhere. */
  async function unseal(): Promise<void> {
    await t.database.exec(`BEGIN;
      SELECT set_config('portal.audit_sealing', 'on', true);
      UPDATE audit_log SET seal = NULL;
      UPDATE audit_chain_head SET seal = NULL;
      COMMIT;`);
  }

  it('seals an intact old chain, without the plain document hashes', async () => {
    const plain = 'ab'.repeat(32);
    await t.database.db.transaction(async (tx) => {
      await auditService.record(tx, {
        entity: 'service',
        entityId: 1,
        action: 'create',
        after: { name: 'A' },
      });
      await auditService.record(tx, {
        entity: 'proposal',
        entityId: 7,
        action: 'accept',
        before: { status: 'sent' },
        after: { status: 'accepted', document_sha256: plain },
      });
      await auditService.record(tx, {
        entity: 'service',
        entityId: 1,
        action: 'delete',
        before: { name: 'A' },
      });
    });
    await unseal();
    expect(await auditService.verify(t.database.db)).toMatchObject({
      ok: false,
      first_broken_id: 1,
      problem: 'altered',
    });

    await auditService.sealUnsealed(t.database.db);
    expect(await auditService.verify(t.database.db)).toEqual({
      ok: true,
      checked: 3,
      first_broken_id: null,
      problem: null,
    });
    const rows = await t.database.query<{ after: unknown; seal: string | null }>(
      'SELECT after, seal FROM audit_log ORDER BY id',
    );
    expect(rows.every((row) => row.seal !== null)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(plain);
  });

  it('leaves an old chain already broken unsealed, for audit:verify to name', async () => {
    await unseal();
    await t.database.exec(`BEGIN;
      SELECT set_config('portal.audit_sealing', 'on', true);
      UPDATE audit_log SET after = '{"name": "B"}' WHERE id = 1;
      COMMIT;`);
    await auditService.sealUnsealed(t.database.db);
    expect(await auditService.verify(t.database.db)).toMatchObject({
      ok: false,
      first_broken_id: 1,
      problem: 'altered',
    });
    const [sealed] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_log WHERE seal IS NOT NULL',
    );
    expect(sealed?.n).toBe(0);
  });
});
