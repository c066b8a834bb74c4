import { describe, expect, it } from 'vitest';
import {
  countSynergyRelations,
  relationDeleteConfirmation,
  synergyRelationCreateSchema,
  synergyRelationListQuerySchema,
  synergyRelationUpdateSchema,
} from './synergy-relations.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

const valid = { service_id_1: 1, service_id_2: 2, category: 'flacidez' };

describe('synergy relation schemas', () => {
  it('trims texts, drops blank optional texts and defaults the boost to 0', () => {
    expect(
      synergyRelationCreateSchema.parse({ ...valid, category: ' flacidez ', rationale: '  ' }),
    ).toEqual({ ...valid, rationale: null, boost_percent: 0, base_narrative: null });
  });

  it('asks for each service with the SPEC messages', () => {
    for (const missing of [undefined, null, '', 0]) {
      expect(
        firstMessage(synergyRelationCreateSchema.safeParse({ ...valid, service_id_1: missing })),
      ).toBe('Selecione o Serviço 1.');
      expect(
        firstMessage(synergyRelationCreateSchema.safeParse({ ...valid, service_id_2: missing })),
      ).toBe('Selecione o Serviço 2.');
    }
    expect(synergyRelationCreateSchema.parse({ ...valid, service_id_1: '7' }).service_id_1).toBe(7);
  });

  it('refuses the same service twice and a blank category', () => {
    expect(firstMessage(synergyRelationCreateSchema.safeParse({ ...valid, service_id_2: 1 }))).toBe(
      'Os serviços devem ser diferentes.',
    );
    expect(firstMessage(synergyRelationCreateSchema.safeParse({ ...valid, category: ' ' }))).toBe(
      'Informe a categoria.',
    );
    expect(
      firstMessage(synergyRelationCreateSchema.safeParse({ ...valid, category: undefined })),
    ).toBe('Informe a categoria.');
  });

  it('wants boost_percent as a whole number from 0 to 100', () => {
    expect(synergyRelationCreateSchema.parse({ ...valid, boost_percent: '15' }).boost_percent).toBe(
      15,
    );
    for (const bad of [-1, 101, 2.5, 'muito', null]) {
      expect(firstMessage(synergyRelationUpdateSchema.safeParse({ boost_percent: bad }))).toBe(
        'boost_percent deve estar entre 0 e 100.',
      );
    }
  });

  it('keeps an edit to the fields that were sent', () => {
    expect(synergyRelationUpdateSchema.parse({ boost_percent: 10 })).toEqual({ boost_percent: 10 });
    expect(synergyRelationListQuerySchema.parse({ service_id: '4' })).toEqual({ service_id: 4 });
    expect(synergyRelationListQuerySchema.safeParse({ service_id: 'x' }).success).toBe(false);
  });

  it('counts relations and distinct categories, folding case and accents', () => {
    expect(
      countSynergyRelations([
        { category: 'flacidez' },
        { category: 'Flacidez' },
        { category: 'rejuvenescimento' },
      ]),
    ).toEqual({ total: 3, categories: 2 });
    expect(relationDeleteConfirmation(7)).toBe('Excluir a relação #7?');
  });
});
