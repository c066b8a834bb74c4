import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AESTHETIC_GOALS } from '../aesthetic-lexicon.ts';
import { ALLERGENS } from './allergens.ts';
import { CONDITION_CODES, CONDITIONS } from './conditions.ts';
import { DEMO_CLINICAL_TRAITS } from './demo-traits.ts';
import { CLINICAL_RULES } from './rules.ts';
import { CLINICAL_SOURCES } from './sources.ts';
import { clinicalTraitsSchema } from './traits.ts';
import { readClinicalText } from './recognizer.ts';

/** Words that would tell a client to stop a medication: the portal never says them. */
const STOP_MEDICATION =
  /suspend|interromp|\bpar(e|ar|ou)\b|deixe de tomar|deixar de tomar|descontinu/i;

describe('clinical knowledge base', () => {
  it('gives every rule a known source, and no absolute rule rests on weak text alone', () => {
    for (const rule of CLINICAL_RULES) {
      expect(rule.sources.length, rule.finding).toBeGreaterThan(0);
      const grades = rule.sources.map((id) => CLINICAL_SOURCES[id].grade);
      if (rule.grade === 'A') {
        expect(
          grades.some((g) => g !== 'S' && g !== 'POLICY'),
          `${rule.finding} A`,
        ).toBe(true);
      }
      if (grades.every((g) => g === 'POLICY')) {
        expect(['R', 'C'], `${rule.finding} policy`).toContain(rule.grade);
      }
      expect(rule.rationale.length).toBeLessThanOrEqual(160);
    }
  });

  it('never words a rationale as advice to stop a medication', () => {
    for (const rule of CLINICAL_RULES) expect(rule.rationale).not.toMatch(STOP_MEDICATION);
  });

  it('names every condition code once, with words the recognizer finds', () => {
    expect(CONDITIONS.map((c) => c.code).sort()).toEqual([...CONDITION_CODES].sort());
    for (const condition of CONDITIONS) {
      for (const word of condition.words) {
        const reading = readClinicalText(`Cliente relata ${word}.`, '2026-12-01');
        expect(
          reading.conditions.map((c) => c.code),
          `${condition.code}: "${word}"`,
        ).toContain(condition.code);
      }
    }
  });

  it('finds every allergen word after an allergy cue', () => {
    for (const allergen of ALLERGENS) {
      for (const word of allergen.words) {
        const reading = readClinicalText(`Tenho alergia a ${word}.`, '2026-12-01');
        expect(reading.allergies, `${allergen.code}: "${word}"`).toContain(allergen.code);
      }
    }
  });

  it('uses the lexicon goal keys where one fits', () => {
    const keys = new Set(AESTHETIC_GOALS.map((g) => g.key));
    const reading = readClinicalText(
      'gordura, flacidez, manchas, rugas, celulite, acne, olheiras, hidratação, contorno, estrias, volume',
      '2026-12-01',
    );
    const extra = reading.goals.filter((g) => !keys.has(g.key)).map((g) => g.key);
    expect(extra.sort()).toEqual(['estrias', 'volume']);
    expect(reading.goals).toHaveLength(11);
  });
});

describe('demo catalogue traits', () => {
  const seed = fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../../../apps/api/src/db/seed/demo-catalogue.ts'),
    'utf8',
  );
  const services = seed.slice(
    seed.indexOf('DEMO_SERVICES'),
    seed.indexOf('export interface DemoPackage'),
  );
  const names = [...services.matchAll(/^ {4}name: '([^']+)',$/gm)].map((m) => m[1] ?? '');

  it('reads the demo procedures from the seed', () => {
    expect(names.length).toBeGreaterThanOrEqual(40);
  });

  it('has complete, valid traits with sources for every demo procedure, and nothing else', () => {
    expect(Object.keys(DEMO_CLINICAL_TRAITS).sort()).toEqual([...names].sort());
    for (const name of names) {
      const entry = DEMO_CLINICAL_TRAITS[name];
      expect(entry, name).toBeDefined();
      expect(() => clinicalTraitsSchema.parse(entry?.traits), name).not.toThrow();
      expect(entry?.sources.length, name).toBeGreaterThan(0);
    }
  });

  it('keeps the anaesthetic technique and the lidocaine ingredient together', () => {
    for (const [name, { traits }] of Object.entries(DEMO_CLINICAL_TRAITS)) {
      expect(traits.techniques.includes('ANE'), name).toBe(
        traits.ingredients.includes('lidocaina'),
      );
      expect(traits.anesthesia === 'nenhuma', name).toBe(!traits.techniques.includes('ANE'));
    }
  });
});
