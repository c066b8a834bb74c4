import { describe, expect, it } from 'vitest';
import {
  countPackages,
  moreProceduresLabel,
  PACKAGE_MESSAGES,
  packageCreateSchema,
  packageDeleteConfirmation,
  packageListQuerySchema,
  packageUpdateSchema,
  unknownProcedureMessage,
} from './packages.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe('package schemas', () => {
  it('defaults a new package to active, 0 per block and no procedure lists', () => {
    expect(packageCreateSchema.parse({ name: ' Pacote Essencial 1 ' })).toEqual({
      name: 'Pacote Essencial 1',
      annual_value: 0,
      discount_percent: 0,
      status: 'active',
      session_limit: null,
      block_limits: { a: 0, b: 0, c: 0, d: 0 },
    });
  });

  it('requires a name', () => {
    expect(firstMessage(packageCreateSchema.safeParse({}))).toBe('Nome é obrigatório.');
    expect(firstMessage(packageCreateSchema.safeParse({ name: ' ' }))).toBe('Nome é obrigatório.');
  });

  it('reads Brazilian money and fills missing block limits with 0', () => {
    const parsed = packageCreateSchema.parse({
      name: 'P',
      annual_value: '12.000,00',
      discount_percent: '12,5',
      block_limits: { a: 2, c: '1' },
    });
    expect(parsed.annual_value).toBe(12000);
    expect(parsed.discount_percent).toBe(12.5);
    expect(parsed.block_limits).toEqual({ a: 2, b: 0, c: 1, d: 0 });
  });

  it('refuses negative values, discounts outside 0–100 and fractional block limits', () => {
    expect(firstMessage(packageCreateSchema.safeParse({ name: 'P', annual_value: -1 }))).toBe(
      'Valor anual não pode ser negativo.',
    );
    expect(firstMessage(packageUpdateSchema.safeParse({ discount_percent: 101 }))).toBe(
      PACKAGE_MESSAGES.discountInvalid,
    );
    expect(firstMessage(packageUpdateSchema.safeParse({ discount_percent: -1 }))).toBe(
      PACKAGE_MESSAGES.discountInvalid,
    );
    expect(firstMessage(packageUpdateSchema.safeParse({ block_limits: { a: 1.5 } }))).toBe(
      PACKAGE_MESSAGES.blockLimitInvalid,
    );
    expect(firstMessage(packageUpdateSchema.safeParse({ block_limits: { b: -2 } }))).toBe(
      PACKAGE_MESSAGES.blockLimitInvalid,
    );
  });

  it('keeps on edit only the block limits that were sent', () => {
    expect(packageUpdateSchema.parse({ block_limits: { d: 3 } })).toEqual({
      block_limits: { d: 3 },
    });
    expect(packageUpdateSchema.parse({ status: 'inactive' })).toEqual({ status: 'inactive' });
  });

  it('drops duplicate ids and refuses an id both allowed and restricted', () => {
    expect(packageCreateSchema.parse({ name: 'P', procedures: [3, 1, 3] }).procedures).toEqual([
      3, 1,
    ]);
    expect(
      firstMessage(
        packageCreateSchema.safeParse({
          name: 'P',
          procedures: [1, 2],
          restricted_procedures: [2],
        }),
      ),
    ).toBe('Um procedimento não pode ser permitido e restrito ao mesmo tempo.');
    expect(firstMessage(packageUpdateSchema.safeParse({ procedures: ['x'] }))).toBe(
      PACKAGE_MESSAGES.procedureIdsInvalid,
    );
  });

  it('words the texts of the packages page', () => {
    expect(unknownProcedureMessage(42)).toBe('Procedimento inexistente: 42.');
    expect(packageDeleteConfirmation('Pacote 1')).toBe('Excluir o pacote "Pacote 1"?');
    expect(moreProceduresLabel(4)).toBeNull();
    expect(moreProceduresLabel(7)).toBe('+3 mais');
    expect(countPackages([{ status: 'active' }, { status: 'inactive' }])).toEqual({
      total: 2,
      active: 1,
      inactive: 1,
    });
    expect(packageListQuerySchema.safeParse({ status_eq: 'x' }).success).toBe(false);
  });
});
