import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countServices,
  SERVICE_MESSAGES,
  serviceCreateSchema,
  serviceDeleteConfirmation,
  serviceListQuerySchema,
  serviceUpdateSchema,
} from './services.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe('service schemas', () => {
  it('fills the SPEC defaults: block A, active, every number 0, empty description, no clinical data', () => {
    expect(serviceCreateSchema.parse({ name: '  Peeling de Diamante ' })).toEqual({
      name: 'Peeling de Diamante',
      description: '',
      block: 'A',
      value: 0,
      cost: 0,
      min_margin_percent: 0,
      session_limit: 0,
      status: 'active',
      traits: [],
      // Issue 26: saved without clinical data, the admin list flags it 'Sem dados clínicos'.
      clinical_traits: null,
    });
  });

  it('keeps traits trimmed, without blanks or folded duplicates', () => {
    expect(
      serviceCreateSchema.parse({ name: 'X', traits: [' Látex ', 'latex', '', 'laser'] }).traits,
    ).toEqual(['Látex', 'laser']);
    expect(serviceUpdateSchema.parse({}).traits).toBeUndefined();
    expect(serviceUpdateSchema.parse({ traits: null }).traits).toEqual([]);
  });

  it('requires a name that is not blank after trimming', () => {
    expect(firstMessage(serviceCreateSchema.safeParse({}))).toBe('Nome é obrigatório.');
    expect(firstMessage(serviceCreateSchema.safeParse({ name: '   ' }))).toBe(
      'Nome é obrigatório.',
    );
    expect(firstMessage(serviceUpdateSchema.safeParse({ name: '' }))).toBe('Nome é obrigatório.');
  });

  it('reads money typed with comma decimals and thousands dots', () => {
    const parsed = serviceCreateSchema.parse({
      name: 'X',
      value: '1.234,50',
      cost: 'R$ 90',
      min_margin_percent: '32,5',
    });
    expect(parsed.value).toBe(1234.5);
    expect(parsed.cost).toBe(90);
    expect(parsed.min_margin_percent).toBe(32.5);
  });

  it('refuses money with more than two decimals instead of rounding it', () => {
    for (const value of [10.005, '10,005', '1.234,567', 0.001]) {
      expect(firstMessage(serviceCreateSchema.safeParse({ name: 'X', value }))).toBe(
        'Valor deve ter no máximo 2 casas decimais.',
      );
    }
    expect(firstMessage(serviceUpdateSchema.safeParse({ cost: '99,999' }))).toBe(
      'Custo deve ter no máximo 2 casas decimais.',
    );
  });

  it('keeps two-decimal money exact in centavos, binary fractions included', () => {
    expect(serviceCreateSchema.parse({ name: 'X', value: 0.1 + 0.2 }).value).toBe(0.3);
    expect(serviceCreateSchema.parse({ name: 'X', value: 19.99 }).value).toBe(19.99);
    expect(serviceCreateSchema.parse({ name: 'X', value: '1.234,50' }).value).toBe(1234.5);
  });

  it('refuses negative or non-numeric money with a message naming the field', () => {
    expect(firstMessage(serviceCreateSchema.safeParse({ name: 'X', value: -1 }))).toBe(
      'Valor não pode ser negativo.',
    );
    expect(firstMessage(serviceCreateSchema.safeParse({ name: 'X', cost: 'abc' }))).toBe(
      'Custo deve ser um número.',
    );
    expect(firstMessage(serviceUpdateSchema.safeParse({ value: null }))).toBe(
      'Valor deve ser um número.',
    );
    expect(firstMessage(serviceCreateSchema.safeParse({ name: 'X', value: 1e12 }))).toMatch(
      /^Valor deve ser no máximo R\$/,
    );
  });

  it('clamps the minimum margin to 0–100 instead of refusing it', () => {
    expect(
      serviceCreateSchema.parse({ name: 'X', min_margin_percent: 150 }).min_margin_percent,
    ).toBe(100);
    expect(
      serviceCreateSchema.parse({ name: 'X', min_margin_percent: '-5' }).min_margin_percent,
    ).toBe(0);
    expect(
      firstMessage(serviceCreateSchema.safeParse({ name: 'X', min_margin_percent: 'muito' })),
    ).toBe(SERVICE_MESSAGES.marginInvalid);
  });

  it('keeps the clamped margin within 0–100 for any number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (margin) => {
        const parsed = serviceUpdateSchema.parse({ min_margin_percent: margin });
        expect(parsed.min_margin_percent).toBeGreaterThanOrEqual(0);
        expect(parsed.min_margin_percent).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('wants the session limit as a whole number of at least 0', () => {
    expect(serviceCreateSchema.parse({ name: 'X', session_limit: '6' }).session_limit).toBe(6);
    for (const bad of [-1, 1.5, '2,5', 'dez', null]) {
      expect(firstMessage(serviceUpdateSchema.safeParse({ session_limit: bad }))).toBe(
        SERVICE_MESSAGES.sessionLimitInvalid,
      );
    }
  });

  it('drops blank benefit texts and trims the rest', () => {
    const parsed = serviceCreateSchema.parse({
      name: 'X',
      benefits: { main_function: ' Flacidez ', benefit1: '   ', benefit2: '', benefit3: null },
    });
    expect(parsed.benefits).toEqual({
      main_function: 'Flacidez',
      benefit1: null,
      benefit2: null,
      benefit3: null,
    });
  });

  it('leaves out of an edit every field that was not sent', () => {
    expect(serviceUpdateSchema.parse({ status: 'inactive' })).toEqual({ status: 'inactive' });
  });

  it('checks block, status and the list filters', () => {
    expect(firstMessage(serviceCreateSchema.safeParse({ name: 'X', block: 'E' }))).toBe(
      SERVICE_MESSAGES.blockInvalid,
    );
    expect(firstMessage(serviceUpdateSchema.safeParse({ status: 'on' }))).toBe(
      SERVICE_MESSAGES.statusInvalid,
    );
    expect(serviceListQuerySchema.parse({ block_eq: 'C', status_eq: 'active' })).toEqual({
      block_eq: 'C',
      status_eq: 'active',
    });
    expect(serviceListQuerySchema.safeParse({ block_eq: 'Z' }).success).toBe(false);
  });

  it('ignores fields a client may not set', () => {
    const parsed = serviceCreateSchema.parse({
      name: 'X',
      id: 9,
      photos_count: 3,
      created_at: 'x',
    });
    expect(parsed).not.toHaveProperty('id');
    expect(parsed).not.toHaveProperty('photos_count');
  });

  it('counts the services page counters and words the delete confirmation', () => {
    expect(
      countServices([
        { status: 'active', block: 'A' },
        { status: 'inactive', block: 'B' },
        { status: 'active', block: 'B' },
      ]),
    ).toEqual({ total: 3, active: 2, inactive: 1, byBlock: { A: 1, B: 2, C: 0, D: 0 } });
    expect(serviceDeleteConfirmation('Peeling')).toBe('Excluir o serviço Peeling?');
  });
});
