import { describe, expect, it } from 'vitest';
import { careSettingsFormSchema, careSettingsSchema, formatFeePercent } from './settings.ts';

describe('care settings: the cancellation fee', () => {
  it('reads the percent as typed in Brazil and refuses what is out of range', () => {
    const parse = (text: string) =>
      careSettingsFormSchema.safeParse({ cancellation_fee_percent: text });
    expect(parse('12,5')).toMatchObject({
      success: true,
      data: { cancellation_fee_percent: 12.5 },
    });
    expect(parse('0')).toMatchObject({ success: true, data: { cancellation_fee_percent: 0 } });
    expect(parse('100')).toMatchObject({ success: true, data: { cancellation_fee_percent: 100 } });
    for (const [text, message] of [
      ['150', 'Informe um percentual de 0 a 100.'],
      ['', 'Informe um percentual de 0 a 100.'],
      ['abc', 'Informe um percentual de 0 a 100.'],
      ['10,555', 'Use no máximo duas casas decimais.'],
    ] as const) {
      const result = parse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    }
    expect(careSettingsSchema.safeParse({ cancellation_fee_percent: 0.29 }).success).toBe(true);
  });

  it("writes it as 'Multa de cancelamento: 10 %'", () => {
    expect(formatFeePercent(10)).toBe('10 %');
    expect(formatFeePercent(12.5)).toBe('12,50 %');
    expect(formatFeePercent(0)).toBe('0 %');
  });
});
