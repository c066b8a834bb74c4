import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALLERGEN_CODES,
  CONDITION_CODES,
  clinicalCheck,
  todayInSaoPaulo,
  type Client,
  type ClinicalIssue,
  type Package,
  type Proposal,
  type Service,
} from '@portal/domain';
import { seedDemoCatalogue } from '../src/db/seed/demo-catalogue.ts';
import { propertyRuns } from '../../../vitest.fast-check.ts';
import { HEALTH_CONSENT } from './helpers/crm-fixtures.ts';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

/**
 * Property (issue 26): whatever the client's record (condition codes, allergen codes) and the
 * selection, a proposal saved without `override_reason` never holds an absolute contraindication
 * for that record — the server answers 422 CLINICAL_BLOCK naming exactly the absolute issues —
 * and one saved with a reason keeps an override for each of them. The expectation is the
 * domain's check over the catalogue's stored traits, independent of the server's path to it.
 */
describe('no saved proposal without a reason holds an absolute contraindication', () => {
  let t: TestApp;
  let professional: TestUser;
  let services: Service[];
  let pkg: Package;

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.transaction((tx) => seedDemoCatalogue(tx));
    professional = await t.createUser('professional');
    services = (
      (
        await t.request('GET', '/api/v1/services/', { token: professional.token })
      ).json() as Service[]
    ).filter((s) => s.status === 'active');
    pkg = (
      (
        await t.request('GET', '/api/v1/packages/', { token: professional.token })
      ).json() as Package[]
    ).find((p) => p.name === 'Pacote Rejuvenescimento 4')!;
  }, 300_000);
  afterAll(() => t.close());

  const limits = () => ({
    A: pkg.block_limits.a,
    B: pkg.block_limits.b,
    C: pkg.block_limits.c,
    D: pkg.block_limits.d,
  });

  it('holds for any record and selection', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...CONDITION_CODES), { maxLength: 3 }),
        fc.uniqueArray(fc.constantFrom(...ALLERGEN_CODES), { maxLength: 2 }),
        fc.uniqueArray(fc.constantFrom(...services.map((s) => s.id)), {
          minLength: 1,
          maxLength: 6,
        }),
        async (conditions, allergies, picked) => {
          const blocks: Record<'A' | 'B' | 'C' | 'D', number[]> = { A: [], B: [], C: [], D: [] };
          const room = limits();
          for (const id of picked) {
            const block = services.find((s) => s.id === id)!.block;
            if (blocks[block].length < room[block]) blocks[block].push(id);
          }
          const chosen = Object.values(blocks).flat();
          fc.pre(chosen.length > 0);
          const created = await t.request('POST', '/api/v1/clients/', {
            token: professional.token,
            body: {
              full_name: 'Cliente Propriedade',
              consents: [HEALTH_CONSENT],
              health_conditions: conditions.map((code) => ({ code })),
              allergies,
            },
          });
          expect(created.statusCode, created.body).toBe(201);
          const client = created.json() as Client;
          const expected = clinicalCheck(
            { conditions, allergies },
            null,
            chosen.map((id) => {
              const service = services.find((s) => s.id === id)!;
              return { id, name: service.name, traits: service.clinical_traits ?? null };
            }),
            todayInSaoPaulo(),
          );
          const absolute = expected.issues.filter((issue) => issue.severity === 'absolute');
          const body = { client_id: client.id, package_id: pkg.id, blocks };
          const res = await t.request('POST', '/api/v1/proposals/', {
            token: professional.token,
            body,
          });
          if (absolute.length > 0) {
            expect(res.statusCode, res.body).toBe(422);
            const refused = res.json() as { code: string; warnings: ClinicalIssue[] };
            expect(refused.code).toBe('CLINICAL_BLOCK');
            expect(refused.warnings).toEqual(absolute);
            const kept = await t.request('POST', '/api/v1/proposals/', {
              token: professional.token,
              body: { ...body, override_reason: 'Avaliado e liberado pelo médico responsável.' },
            });
            expect(kept.statusCode, kept.body).toBe(201);
            const proposal = kept.json() as Proposal;
            expect(
              proposal.clinical_overrides.map((o) => `${o.service_id}:${o.condition}`).sort(),
            ).toEqual(absolute.map((issue) => `${issue.service_id}:${issue.condition}`).sort());
          } else {
            expect(res.statusCode, res.body).toBe(201);
            const proposal = res.json() as Proposal;
            expect(proposal.warnings.every((w) => w.severity === 'relative')).toBe(true);
            expect(proposal.warnings).toEqual(expected.issues);
            expect(proposal.clinical_overrides).toEqual([]);
          }
        },
      ),
      { numRuns: propertyRuns(40) },
    );
  }, 900_000);
});
