import { SYNERGY_RELATION_MESSAGES as MESSAGES, type SynergyRelationCreate } from '@portal/domain';

/** The synergy relation form's values and its client-side checks (SPEC section 5, "Synergy"). */
export interface RelationFormValues {
  serviceId1: number | null;
  serviceId2: number | null;
  category: string;
  /** As typed ('20'); a saved relation's number until edited. */
  boostPercent: number | string;
  rationale: string;
  baseNarrative: string;
}

export type RelationField = 'serviceId1' | 'serviceId2' | 'category' | 'boostPercent';
export type RelationFormErrors = Partial<Record<RelationField, string>>;

export const EMPTY_RELATION_FORM: RelationFormValues = {
  serviceId1: null,
  serviceId2: null,
  category: '',
  boostPercent: 0,
  rationale: '',
  baseNarrative: '',
};

/** '' (a cleared field) counts as the default 0; anything else must be an integer 0–100. */
export function parseBoostPercent(value: number | string): number | null {
  // Digits only: '12,5' and '-5' are refused, never read as 125 or 5.
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text !== '' && !/^\d+$/.test(text)) return null;
  const number = text === '' ? 0 : Number(text);
  if (!Number.isInteger(number) || number < 0 || number > 100) return null;
  return number;
}

export function validateRelationForm(values: RelationFormValues): RelationFormErrors {
  const errors: RelationFormErrors = {};
  if (values.serviceId1 === null) errors.serviceId1 = MESSAGES.service1Required;
  if (values.serviceId2 === null) errors.serviceId2 = MESSAGES.service2Required;
  else if (values.serviceId1 === values.serviceId2) {
    errors.serviceId2 = MESSAGES.servicesMustDiffer;
  }
  if (values.category.trim() === '') errors.category = MESSAGES.categoryRequired;
  if (parseBoostPercent(values.boostPercent) === null) {
    errors.boostPercent = MESSAGES.boostInvalid;
  }
  return errors;
}

/** The swap button: Serviço 1 and Serviço 2 trade places, everything else stays. */
export function swapServices(values: RelationFormValues): RelationFormValues {
  return { ...values, serviceId1: values.serviceId2, serviceId2: values.serviceId1 };
}

/** The create/update body; call only after `validateRelationForm` found nothing. */
export function relationPayload(values: RelationFormValues): SynergyRelationCreate {
  return {
    service_id_1: values.serviceId1 ?? 0,
    service_id_2: values.serviceId2 ?? 0,
    category: values.category.trim(),
    boost_percent: parseBoostPercent(values.boostPercent) ?? 0,
    rationale: values.rationale.trim() || null,
    base_narrative: values.baseNarrative.trim() || null,
  };
}
