import { describe, expect, it } from 'vitest';
import { emptyBuilderDraft, parseBuilderDraft } from './builder-draft.ts';

describe('parseBuilderDraft', () => {
  it('reads back what the builder kept', () => {
    const draft = {
      step: 'services',
      packageId: 4,
      selection: { A: [1, 1], B: [2], C: [], D: [] },
      clientName: 'Joana Prado',
      clientId: 12,
      clientPreferences: { goal: 'Flacidez', preferences: 'Sábados' },
    };
    expect(parseBuilderDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it('replaces what does not fit with the empty draft, never throwing', () => {
    for (const stored of [null, 'texto', 42, [], { step: 'services' }]) {
      expect(parseBuilderDraft(stored)).toEqual(emptyBuilderDraft());
    }
    const parsed = parseBuilderDraft({
      step: 'services',
      packageId: 3,
      selection: { A: [1, 'x', -2, 2.5], B: 'nada' },
      clientName: 7,
      clientId: '12',
      clientPreferences: { goal: 5 },
    });
    expect(parsed).toEqual({
      ...emptyBuilderDraft(),
      step: 'services',
      packageId: 3,
      selection: { A: [1], B: [], C: [], D: [] },
    });
  });
});
