import { describe, expect, it } from 'vitest';
import { cpfFromBase, formatCpf, isValidCpf } from './cpf.ts';

describe('CPF', () => {
  it('accepts a CPF whose check digits are right, with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
  });

  it('refuses a wrong check digit, a short number and repeated digits', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
  });

  it('builds valid CPFs from any nine digits and formats them', () => {
    for (const base of ['000000001', '123456789', '987654321', '529982247']) {
      expect(isValidCpf(cpfFromBase(base))).toBe(true);
    }
    expect(cpfFromBase('529982247')).toBe('52998224725');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });
});
