import { createRequire } from 'node:module';
import type PdfParse from 'pdf-parse';
import { demoClinicalTraits, type Profile, type Unit } from '@portal/domain';
import { usersService } from '../../src/modules/people/users/service.ts';
import type { TestApp, TestUser } from './test-app.ts';

// pdf-parse's index.js reads a test file when it thinks it runs standalone; its lib entry does not.
const pdfParse = createRequire(import.meta.url)('pdf-parse/lib/pdf-parse.js') as typeof PdfParse;

export async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const parsed = await pdfParse(bytes);
  return { text: parsed.text, pages: parsed.numpages };
}

/** A signed-in user of a given unit (test users are created in PAULISTA). */
export async function userOfUnit(
  t: TestApp,
  profile: Profile,
  unit: Unit,
  name?: string,
): Promise<TestUser> {
  const user = await t.createUser(profile, 'active', name);
  if (unit !== 'PAULISTA') await usersService.update(t.database.db, user.id, { unit });
  return user;
}

export const HEALTH_CONSENT = {
  purpose: 'health_data',
  granted: true,
  text_version: 'v1',
  channel: 'presencial',
} as const;

/** Admin-made catalogue for proposals: four services and a package with limits. */
export async function createCatalogue(t: TestApp, adminToken: string, tag: string) {
  const post = async (url: string, body: unknown) => {
    const res = await t.request('POST', url, { token: adminToken, body });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return (res.json() as { id: number }).id;
  };
  const filler = await post('/api/v1/services/', {
    name: `Preenchimento ${tag}`,
    block: 'A',
    value: 1500,
    cost: 400.5,
    session_limit: 2,
    traits: ['injetável', 'Ácido hialurônico'],
    clinical_traits: demoClinicalTraits('Preenchimento Labial'),
  });
  const peel = await post('/api/v1/services/', {
    name: `Peeling ${tag}`,
    block: 'A',
    value: 250.25,
    cost: 60,
    traits: ['ácidos'],
    clinical_traits: demoClinicalTraits('Peeling Químico'),
  });
  const laser = await post('/api/v1/services/', {
    name: `Laser ${tag}`,
    block: 'B',
    value: 900,
    cost: 210,
    traits: ['laser', 'calor'],
    clinical_traits: demoClinicalTraits('Laser Lavieen'),
  });
  const inactive = await post('/api/v1/services/', {
    name: `Inativo ${tag}`,
    block: 'B',
    value: 100,
    cost: 10,
    status: 'inactive',
  });
  const pkg = await post('/api/v1/packages/', {
    name: `Pacote ${tag}`,
    annual_value: 3600,
    block_limits: { a: 3, b: 1, c: 0, d: 0 },
  });
  return { filler, peel, laser, inactive, pkg };
}
