import { describe, expect, it } from 'vitest';
import {
  EMPTY_RELATION_FORM,
  parseBoostPercent,
  relationPayload,
  swapServices,
  validateRelationForm,
  type RelationFormValues,
} from './relation-form';

const VALID: RelationFormValues = {
  serviceId1: 1,
  serviceId2: 2,
  category: ' gordura_localizada ',
  boostPercent: 15,
  rationale: '  ',
  baseNarrative: ' Potencializa a redução. ',
};

describe('synergy relation form (SPEC section 5)', () => {
  it('asks for both services, a category and a boost from 0 to 100', () => {
    expect(validateRelationForm({ ...EMPTY_RELATION_FORM, boostPercent: 101 })).toEqual({
      serviceId1: 'Selecione o Serviço 1.',
      serviceId2: 'Selecione o Serviço 2.',
      category: 'Informe a categoria.',
      boostPercent: 'boost_percent deve estar entre 0 e 100.',
    });
  });

  it('refuses the same service on both sides', () => {
    expect(validateRelationForm({ ...VALID, serviceId2: 1 })).toEqual({
      serviceId2: 'Os serviços devem ser diferentes.',
    });
  });

  it.each([
    [0, 0],
    [100, 100],
    ['', 0],
    ['42', 42],
    [-1, null],
    [12.5, null],
    ['abc', null],
  ])('reads boost %j as %j', (input, expected) => {
    expect(parseBoostPercent(input)).toBe(expected);
  });

  it('swaps the two services and keeps the rest', () => {
    expect(swapServices(VALID)).toEqual({ ...VALID, serviceId1: 2, serviceId2: 1 });
    expect(swapServices({ ...VALID, serviceId2: null })).toMatchObject({
      serviceId1: null,
      serviceId2: 1,
    });
  });

  it('builds the payload with trimmed texts and blanks as null', () => {
    expect(validateRelationForm(VALID)).toEqual({});
    expect(relationPayload(VALID)).toEqual({
      service_id_1: 1,
      service_id_2: 2,
      category: 'gordura_localizada',
      boost_percent: 15,
      rationale: null,
      base_narrative: 'Potencializa a redução.',
    });
  });
});
