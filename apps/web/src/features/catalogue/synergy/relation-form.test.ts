import { makeRelation } from '@portal/domain/fixtures';
import { describe, expect, it } from 'vitest';
import { relationFormValues, swapServices } from './relation-form';

describe('synergy relation form (SPEC section 5)', () => {
  it('starts a new relation empty with a boost of 0, and an edit from the saved relation', () => {
    expect(relationFormValues(null)).toEqual({
      service_id_1: null,
      service_id_2: null,
      category: '',
      boost_percent: '0',
      rationale: '',
      base_narrative: '',
    });
    const saved = makeRelation({ service_id_1: 3, service_id_2: 5, boost_percent: 15 });
    expect(relationFormValues(saved)).toMatchObject({
      service_id_1: 3,
      service_id_2: 5,
      boost_percent: '15',
    });
  });

  it('swaps the two services and keeps the rest', () => {
    const values = { ...relationFormValues(null), service_id_1: 1, service_id_2: 2, category: 'x' };
    expect(swapServices(values)).toEqual({ ...values, service_id_1: 2, service_id_2: 1 });
    expect(swapServices({ ...values, service_id_2: null })).toMatchObject({
      service_id_1: null,
      service_id_2: 1,
    });
  });
});
