import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientCarePdfPayloadSchema, proposalPdfPayloadSchema } from '@portal/domain';
import { pdfText } from './brand.ts';
import { pdfService } from '../modules/sales/pdf/service.ts';
import { propertyRuns } from '../../../../vitest.fast-check.ts';

/** Any text a client may type, emoji and scripts the standard fonts lack included. */
const anyText = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength, unit: 'grapheme' }),
    fc.string({ maxLength, unit: 'binary' }),
    fc.constantFrom('ç ã é õ', '😀👍🏽', '李小龙', 'x'.repeat(maxLength), 'a\tb\nc\u0000d'),
  );
const name = anyText(200).filter((text) => text.trim() !== '');
const texts = fc.array(anyText(500), { maxLength: 6 });

describe('pdfText', () => {
  it('keeps pt-BR letters and drops what WinAnsi cannot draw', () => {
    expect(pdfText('Ação, coração, pão e limões — “ok” • 10€')).toBe(
      'Ação, coração, pão e limões — “ok” • 10€',
    );
    expect(pdfText('Zoë 😀 李 ✔ Ñandú')).toBe('Zoë ? Ñandú');
    expect(pdfText('e\u0301 ă\tx\ny')).toBe('é a x y');
  });
});

describe('documents', () => {
  it('renders a valid proposal for any valid payload', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          client_name: fc.option(anyText(200), { nil: undefined }),
          pkg: fc.record({ name, annual_value: fc.integer({ min: 0, max: 10_000_000_000 }) }),
          rows: fc.array(
            fc.record({
              name,
              unit: fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
              qty: fc.integer({ min: 1, max: 100 }),
              benefits: texts,
            }),
            { maxLength: 25 },
          ),
          benefit_cards: fc.array(fc.record({ title: name, lines: texts }), { maxLength: 5 }),
          synergy_items: fc.array(fc.record({ title: name, description: anyText(500) }), {
            maxLength: 5,
          }),
        }),
        async (raw) => {
          const parsed = proposalPdfPayloadSchema.safeParse({
            ...raw,
            pkg: { ...raw.pkg, annual_value: raw.pkg.annual_value / 100 },
          });
          if (!parsed.success) return;
          const pdf = await pdfService.proposal(parsed.data, 'Autora');
          expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
          expect(pdfService.disposition(pdf, 'attachment')).toMatch(
            /^attachment; filename="proposta-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf"; filename\*=UTF-8''[A-Za-z0-9%._-]+$/,
          );
        },
      ),
      { numRuns: propertyRuns(25) },
    );
  });

  it('renders a valid care guide for any valid payload', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          client: fc.record({
            full_name: name,
            preferred_name: anyText(200),
            important_dates: texts,
            preferences: texts,
          }),
          quick_chips: texts,
          channels: texts,
          dos_and_donts: fc.record({ dos: texts, donts: texts }),
          sensitivities: fc.record({ health_flags: texts }),
          checklist: texts,
          procedures: fc.array(fc.record({ id: fc.nat(), name }), { maxLength: 5 }),
        }),
        async (raw) => {
          const parsed = clientCarePdfPayloadSchema.safeParse(raw);
          if (!parsed.success) return;
          const pdf = await pdfService.clientCare(parsed.data, 'Autora', {
            enrichWithAi: false,
            aiOnly: false,
          });
          expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        },
      ),
      { numRuns: propertyRuns(25) },
    );
  });
});
