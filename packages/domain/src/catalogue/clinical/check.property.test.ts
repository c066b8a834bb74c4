import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../../vitest.fast-check.ts';
import { clinicalCheck, type ClinicalProcedure } from './check.ts';
import { CONDITIONS } from './conditions.ts';
import { CLINICAL_RULES, GRADE_SEVERITY } from './rules.ts';
import { CLINICAL_AREAS, TECHNIQUES, type ClinicalTraits, type Technique } from './traits.ts';

/**
 * Issue 26's safety property: whatever the phrasing, order and noise, no procedure with an
 * absolute contraindication for the record plus the request passes the check. The oracle is
 * rules.ts itself (whole-body rules without a qualifier) and the refusals' techniques.
 */

const ABSOLUTE = CLINICAL_RULES.filter(
  (r) => GRADE_SEVERITY[r.grade] === 'absolute' && r.scope === 'sistemica' && !r.qualifier,
);
const CODES = [...new Set(ABSOLUTE.map((r) => r.finding))].filter((code) =>
  CONDITIONS.some((c) => c.code === code),
);
const REFUSALS: ReadonlyArray<readonly [string, readonly Technique[]]> = [
  ['botox', ['TOX']],
  ['ácido hialurônico', ['AH']],
  ['fios', ['FIO']],
  ['criolipólise', ['CRIO']],
  ['radiofrequência', ['RF', 'RFM']],
  ['agulha', ['TOX', 'AH', 'BIO', 'ENZ', 'FIO', 'MES', 'CARB', 'MAG', 'RFM']],
];
const PRE = ['sem', 'nada de', 'zero', 'dispenso', 'tenho pavor de', 'não quero', 'longe de'];
const POST = ['nem pensar', 'jamais', 'de jeito nenhum'];
const NOISE = [
  'quero',
  'melhorar',
  'a pele',
  'do rosto',
  'e',
  'da barriga',
  'por favor',
  'hoje',
  'flacidez',
  'manchas',
  'até R$ 2.000',
  'ok',
];

const traitsArb: fc.Arbitrary<ClinicalTraits> = fc.record({
  techniques: fc.uniqueArray(fc.constantFrom(...TECHNIQUES), { minLength: 1, maxLength: 3 }),
  areas: fc.uniqueArray(fc.constantFrom(...CLINICAL_AREAS), { minLength: 1, maxLength: 2 }),
  ingredients: fc.constant([]),
  energy: fc.constant([]),
  anesthesia: fc.constant('nenhuma' as const),
  brand: fc.constantFrom(null, 'Dysport', 'Botox'),
  peel_depth: fc.constantFrom(null, 'superficial' as const, 'medio' as const),
  downtime_days: fc.nat(14),
  bruising_days: fc.nat(14),
  swelling_days: fc.nat(14),
  sun_after_days: fc.nat(60),
  min_interval_days: fc.nat(120),
  event_lead_days: fc.nat(60),
});

describe('clinical check, property', () => {
  it('never passes a procedure with an absolute contraindication or a refused technique', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...CODES), { minLength: 1, maxLength: 3 }),
        fc.nat(1000),
        fc.option(fc.tuple(fc.constantFrom(...REFUSALS), fc.boolean(), fc.nat(10)), { nil: null }),
        fc.array(fc.constantFrom(...NOISE), { maxLength: 6 }),
        fc.boolean(),
        fc.array(traitsArb, { minLength: 1, maxLength: 12 }),
        (codes, wordPick, refusal, noise, inRecord, traitsList) => {
          const said = codes.map((code) => {
            const words = CONDITIONS.find((c) => c.code === code)?.words ?? [];
            return `tenho ${words[wordPick % words.length] ?? code}`;
          });
          const refusalText = refusal
            ? refusal[1]
              ? `${PRE[refusal[2] % PRE.length]} ${refusal[0][0]}`
              : `${refusal[0][0]} ${POST[refusal[2] % POST.length]}`
            : '';
          const sentences = [...(inRecord ? [] : said), refusalText, noise.join(' ')].filter(
            Boolean,
          );
          const request = sentences.reverse().join('. ');
          const procedures: ClinicalProcedure[] = traitsList.map((traits, i) => ({
            id: i + 1,
            name: `Procedimento ${i + 1}`,
            traits,
          }));
          const result = clinicalCheck(
            { conditions: inRecord ? said : [], allergies: [] },
            request,
            procedures,
            '2026-12-01',
          );
          for (const procedure of procedures) {
            const techniques = procedure.traits?.techniques ?? [];
            const contraindicated = ABSOLUTE.some(
              (r) =>
                codes.includes(r.finding as never) &&
                r.techniques.some((t) => techniques.includes(t)),
            );
            const refused = refusal !== null && refusal[0][1].some((t) => techniques.includes(t));
            if (contraindicated || refused) {
              expect(result.blocked_ids, JSON.stringify({ request, codes, techniques })).toContain(
                procedure.id,
              );
            }
          }
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });
});
