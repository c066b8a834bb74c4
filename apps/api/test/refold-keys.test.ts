import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_MESSAGES, SERVICE_MESSAGES } from '@portal/domain';
import { refoldStaleKeys } from '../src/db/refold-keys.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Keys stored by an older fold (before NFKC and invisible-character removal) are recomputed
 * after the migration that marks them stale, so legacy look-alikes are caught from then on.
 */
describe('refolding stale name keys', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await t.as('admin')).token;
  });
  afterAll(() => t.close());

  it('refolds marked keys once, keeping legacy look-alikes apart, and then catches new ones', async () => {
    // Rows as the older fold stored them: fullwidth and zero-width forms kept their own keys.
    const [botox, fullwidth] = await t.database.query<{ id: number }>(
      `INSERT INTO services (name, name_key) VALUES ('Botox', 'botox'), ('Ｂｏｔｏｘ', 'ｂｏｔｏｘ')
       RETURNING id`,
    );
    await t.database.query(
      `INSERT INTO notices (title, title_key, text, category)
       VALUES ('Pro' || chr(8203) || 'moção', 'pro' || chr(8203) || 'mocao', 'Aviso.', 'urgent')`,
    );
    // What migration 0004 does to every key.
    await t.database.exec(`UPDATE services SET name_key = chr(1) || id::text;
      UPDATE notices SET title_key = chr(1) || id::text;`);

    expect(await refoldStaleKeys(t.database)).toBe(3);
    const keys = await t.database.query<{ id: number; name_key: string }>(
      'SELECT id, name_key FROM services ORDER BY id',
    );
    expect(keys).toEqual([
      { id: botox?.id, name_key: 'botox' },
      { id: fullwidth?.id, name_key: `botox\u0002${fullwidth?.id}` },
    ]);
    const [notice] = await t.database.query<{ title_key: string }>('SELECT title_key FROM notices');
    expect(notice?.title_key).toBe('promocao');
    expect(await refoldStaleKeys(t.database)).toBe(0);

    const service = await t.request('POST', '/api/v1/services/', {
      token: adminToken,
      body: { name: 'BÓTOX' },
    });
    expect(service.statusCode).toBe(409);
    expect(service.json()).toEqual({ detail: SERVICE_MESSAGES.nameTaken });
    const promo = await t.request('POST', '/api/v1/notices/notices/', {
      token: adminToken,
      body: { title: 'PROMOÇÃO', text: 'Outro aviso.', category: 'urgent' },
    });
    expect(promo.statusCode).toBe(409);
    expect(promo.json()).toEqual({ detail: NOTICE_MESSAGES.titleTaken });
  });
});
