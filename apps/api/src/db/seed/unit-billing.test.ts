import { describe, expect, it } from 'vitest';
import { buildStaticBrCode, parseStaticBrCode, UNITS } from '@portal/domain';
import { demoUnitBilling } from './unit-billing.ts';

describe('demo Pix settings', () => {
  it('give every unit a key, name and city its static BR Code accepts', () => {
    const settings = demoUnitBilling();
    expect(settings.map((item) => item.unit)).toEqual([...UNITS]);
    expect(new Set(settings.map((item) => item.pixKey)).size).toBe(UNITS.length);
    for (const item of settings) {
      const code = buildStaticBrCode({
        key: item.pixKey,
        amount: 30_000,
        merchantName: item.pixMerchantName,
        merchantCity: item.pixMerchantCity,
        txid: 'DEMO1',
      });
      expect(parseStaticBrCode(code)).toMatchObject({ ok: true, code: { key: item.pixKey } });
    }
  });
});
