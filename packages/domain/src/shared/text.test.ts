import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../vitest.fast-check.ts';
import {
  cleanMultiLineText,
  cleanSingleLineText,
  hasBidiControl,
  normalizeForComparison,
  TEXT_MESSAGES,
} from './text.ts';
import { multiLineText, singleLineTextField } from './text-fields.ts';
import { aiConfigUpdateSchema } from '../sales/ai-payloads.ts';
import { clientUpdateSchema } from '../crm/clients.ts';
import { noticeUpdateSchema } from '../people/notices.ts';
import { proposalDeclineSchema, publicProposalDeclineSchema } from '../sales/proposals.ts';
import { servicePhotoInputSchema } from '../catalogue/service-photos.ts';
import { serviceUpdateSchema } from '../catalogue/services.ts';
import { synergyRelationUpdateSchema } from '../catalogue/synergy-relations.ts';
import { trainingUpdateSchema } from '../people/trainings.ts';

const INVISIBLES = [
  '\u200B', // zero-width space
  '\u200C', // zero-width non-joiner
  '\u200D', // zero-width joiner
  '\u2060', // word joiner
  '\uFEFF', // byte-order mark
  '\u00AD', // soft hyphen
  '\u200E', // left-to-right mark
  '\u0000',
  '\u0007',
  '\u001B',
  '\u007F',
  '\u009B',
];
const BIDI_CONTROLS = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

const invisible = fc.constantFrom(...INVISIBLES);
const bidi = fc.constantFrom(...BIDI_CONTROLS);
/** Names as typed in a clinic: Latin letters with Portuguese accents, digits, spaces, signs. */
const clinicName = fc
  .array(
    fc.constantFrom(
      ...'abcdefghijklmnopqrstuvwxyzáàâãéêíóôõúçABCDEFGHIJKLMNOPQRSTUVWXYZÁÉÍÓÚÇ0123456789 -+/%&'.split(
        '',
      ),
    ),
    {
      minLength: 1,
      maxLength: 30,
    },
  )
  .map((chars) => chars.join(''));

/** Printable ASCII to its fullwidth form (U+FF01–FF5E), space to the ideographic space. */
const toFullwidth = (text: string) =>
  [...text]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch === ' ') return '\u3000';
      return code >= 0x21 && code <= 0x7e ? String.fromCharCode(code + 0xfee0) : ch;
    })
    .join('');

/** Puts `extra` at the given positions of `text`. */
const sprinkle = (text: string, extra: string[], positions: number[]) => {
  const chars = [...text];
  extra.forEach((ch, i) => chars.splice((positions[i] ?? 0) % (chars.length + 1), 0, ch));
  return chars.join('');
};

describe('text hygiene of names and titles', () => {
  it('cleans to NFC text with no invisible or control character, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const cleaned = cleanSingleLineText(text);
        expect(cleaned).toBe(cleaned.normalize('NFC'));
        for (const ch of INVISIBLES) expect(cleaned).not.toContain(ch);
        expect(cleaned).not.toMatch(/[\n\r\t]/);
        expect(cleanSingleLineText(cleaned)).toBe(cleaned);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('folds case, accents, fullwidth forms and invisible characters to one key', () => {
    fc.assert(
      fc.property(
        clinicName,
        fc.array(invisible, { maxLength: 4 }),
        fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        (name, extra, positions) => {
          const key = normalizeForComparison(name);
          expect(normalizeForComparison(name.toUpperCase())).toBe(key);
          expect(normalizeForComparison(name.toLowerCase())).toBe(key);
          expect(normalizeForComparison(toFullwidth(name))).toBe(key);
          expect(normalizeForComparison(name.normalize('NFD'))).toBe(key);
          expect(normalizeForComparison(sprinkle(name, extra, positions))).toBe(key);
          expect(normalizeForComparison(key)).toBe(key);
        },
      ),
      { numRuns: propertyRuns(400) },
    );
  });

  it('makes Botox, BOTOX, Ｂｏｔｏｘ, Bótox and Bo\u200Btox one name, and Botex another', () => {
    const keys = ['Botox', 'BOTOX', 'Ｂｏｔｏｘ', 'Bótox', 'Bo\u200Btox', ' botox\u00A0'].map(
      normalizeForComparison,
    );
    expect(new Set(keys)).toEqual(new Set(['botox']));
    expect(normalizeForComparison('Botex')).not.toBe('botox');
  });

  const field = singleLineTextField({ required: 'Nome é obrigatório.', tooLong: 'Longo.' }, 20);
  const messageOf = (input: unknown) => {
    const result = field.safeParse(input);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('refuses any name holding a bidi override or isolate', () => {
    fc.assert(
      fc.property(clinicName, bidi, fc.nat(), (name, control, at) => {
        const text = sprinkle(name, [control], [at]);
        expect(hasBidiControl(text)).toBe(true);
        expect(messageOf(text)).toBe(TEXT_MESSAGES.bidiControl);
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  it('treats a name made only of invisible characters and spaces as empty', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(invisible, fc.constantFrom(' ', '\t', '\n')), { minLength: 1 }),
        (chars) => {
          expect(messageOf(chars.join(''))).toBe('Nome é obrigatório.');
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });

  it('stores the cleaned, trimmed NFC name', () => {
    expect(field.parse('  Be\u0301\u200Bla\tPele\u0000 ')).toBe('Béla Pele');
  });
});

describe('text hygiene of multi-line texts (notes, bodies, descriptions, reasons)', () => {
  const LINE_BREAKS = ['\n', '\r\n', '\r', '\u2028', '\u2029', '\u0085', '\v', '\f'];
  const lineBreak = fc.constantFrom(...LINE_BREAKS);

  it('cleans to NFC text with no invisible or control character, keeps tabs, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        const cleaned = cleanMultiLineText(text);
        expect(cleaned).toBe(cleaned.normalize('NFC'));
        for (const ch of INVISIBLES) expect(cleaned).not.toContain(ch);
        expect(cleaned).not.toMatch(/[\r\v\f\u0085\u2028\u2029]/);
        expect(cleanMultiLineText(cleaned)).toBe(cleaned);
      }),
      { numRuns: propertyRuns(300) },
    );
    expect(cleanMultiLineText('a\tb')).toBe('a\tb');
  });

  it('keeps every line, each break written as one "\\n", whatever invisibles are sprinkled in', () => {
    fc.assert(
      fc.property(
        fc.array(clinicName, { minLength: 1, maxLength: 6 }),
        fc.array(lineBreak, { minLength: 6, maxLength: 6 }),
        fc.array(invisible, { maxLength: 6 }),
        fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
        (lines, breaks, extra, positions) => {
          const typed = lines.map((line, i) => line + (i < lines.length - 1 ? breaks[i] : ''));
          const text = sprinkle(typed.join(''), extra, positions);
          expect(cleanMultiLineText(text)).toBe(lines.join('\n'));
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  const required = multiLineText({ max: 20, tooLong: 'Longo.', required: 'Texto é obrigatório.' });
  const optional = multiLineText({ max: 20, tooLong: 'Longo.' });
  const messageOf = (input: unknown) => {
    const result = required.safeParse(input);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('refuses any text holding a bidi override or isolate', () => {
    fc.assert(
      fc.property(clinicName, bidi, fc.nat(), (text, control, at) => {
        expect(messageOf(sprinkle(`${text}\n${text}`, [control], [at]))).toBe(
          TEXT_MESSAGES.bidiControl,
        );
      }),
      { numRuns: propertyRuns(200) },
    );
  });

  it('treats a text of invisible characters, spaces and line breaks as blank', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(invisible, lineBreak, fc.constantFrom(' ', '\t')), { minLength: 1 }),
        (chars) => {
          expect(messageOf(chars.join(''))).toBe('Texto é obrigatório.');
          expect(optional.parse(chars.join(''))).toBe('');
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });

  it('counts the length of the cleaned, trimmed text', () => {
    expect(required.parse(`  ${'a'.repeat(10)}\u200B\r\n${'b'.repeat(9)}  `)).toBe(
      `${'a'.repeat(10)}\n${'b'.repeat(9)}`,
    );
    expect(messageOf('a'.repeat(21))).toBe('Longo.');
  });

  // Every stored multi-line text of the API goes through the rule: one typed with a CRLF, a
  // zero-width space, a NUL and an accent written apart is stored clean, and a bidi override
  // is refused.
  const typed = ' Primeira linha\r\nSegunda\u200B linha\u0000 com acentuac\u0327a\u0303o ';
  const stored = 'Primeira linha\nSegunda linha com acentuação';
  const fields: Array<[string, (text: string) => { success: boolean; data?: unknown }, unknown]> = [
    ['client notes', (t) => clientUpdateSchema.safeParse({ notes: t }), { notes: stored }],
    ['notice body', (t) => noticeUpdateSchema.safeParse({ text: t }), { text: stored }],
    [
      'training description',
      (t) => trainingUpdateSchema.safeParse({ description: t }),
      { description: stored },
    ],
    [
      'training section text',
      (t) => trainingUpdateSchema.safeParse({ content_sections: [{ title: 'T', text: t }] }),
      { content_sections: [{ title: 'T', text: stored }] },
    ],
    [
      'decline reason',
      (t) => proposalDeclineSchema.safeParse({ reason_code: 'outro', reason_text: t }),
      { reason_text: stored },
    ],
    [
      'public decline reason',
      (t) => publicProposalDeclineSchema.safeParse({ reason: t }),
      { reason_text: stored },
    ],
    [
      'service description',
      (t) => serviceUpdateSchema.safeParse({ description: t }),
      { description: stored },
    ],
    [
      'service benefit',
      (t) => serviceUpdateSchema.safeParse({ benefits: { benefit1: t } }),
      { benefits: expect.objectContaining({ benefit1: stored }) },
    ],
    [
      'synergy rationale',
      (t) => synergyRelationUpdateSchema.safeParse({ rationale: t, base_narrative: t }),
      { rationale: stored, base_narrative: stored },
    ],
    [
      'photo caption',
      (t) => servicePhotoInputSchema.safeParse({ imageBase64: 'x', subtitle: t }),
      { subtitle: stored },
    ],
    ['AI prompt', (t) => aiConfigUpdateSchema.safeParse({ prompt: t }), { prompt: stored }],
  ];

  it.each(fields)('%s: stored clean, bidi override refused', (_, parse, expected) => {
    const result = parse(typed);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject(expected as object);
    expect(parse('texto \u202E invertido').success).toBe(false);
  });
});
