import { describe, expect, it } from 'vitest';
import { clinicalCheck } from './check.ts';
import { CORPUS_DEMO as DEMO, CORPUS_TODAY, clinicalCorpus } from './corpus-cases.ts';

/** The generated corpus (corpus-cases.ts) against the check alone. */

describe('generated corpus of requests', () => {
  const cases = clinicalCorpus();

  it('holds at least 1 000 requests', () => {
    expect(cases.length).toBeGreaterThanOrEqual(1000);
  });

  it('never lets through what a request or record rules out, and warns the rest', () => {
    const failures: string[] = [];
    for (const item of cases) {
      const result = clinicalCheck(item.record, item.text, DEMO, CORPUS_TODAY);
      for (const procedure of DEMO) {
        const isBlocked = result.blocked_ids.includes(procedure.id);
        if (item.never.has(procedure.name) && !isBlocked) {
          failures.push(`"${item.text}" ${JSON.stringify(item.record)}: ${procedure.name} passed`);
        }
        if (
          item.warned.has(procedure.name) &&
          !isBlocked &&
          !result.warned_ids.includes(procedure.id)
        ) {
          failures.push(
            `"${item.text}" ${JSON.stringify(item.record)}: ${procedure.name} not warned`,
          );
        }
      }
      if (!result.understood.startsWith('Entendi: ')) failures.push(`"${item.text}": no sentence`);
    }
    expect(failures.slice(0, 20)).toEqual([]);
  });
});
