import type { SynergyRelation } from '@portal/domain';

/**
 * What the synergy relation form's fields hold (SPEC section 5, "Synergy"): the domain's create
 * schema (synergyRelationCreateSchema) reads and checks them, as the API does, so no rule of the
 * form is written here.
 */
export interface RelationFormValues extends Record<string, unknown> {
  service_id_1: number | null;
  service_id_2: number | null;
  category: string;
  /** As typed ('20'): '12,5' and '-5' are refused with a message, never read as 125 or 5. */
  boost_percent: string;
  rationale: string;
  base_narrative: string;
}

/** A new relation's fields, or a saved one's to edit. */
export function relationFormValues(relation: SynergyRelation | null): RelationFormValues {
  return {
    service_id_1: relation?.service_id_1 ?? null,
    service_id_2: relation?.service_id_2 ?? null,
    category: relation?.category ?? '',
    boost_percent: String(relation?.boost_percent ?? 0),
    rationale: relation?.rationale ?? '',
    base_narrative: relation?.base_narrative ?? '',
  };
}

/** The swap button: Serviço 1 and Serviço 2 trade places, everything else stays. */
export function swapServices(values: RelationFormValues): RelationFormValues {
  return { ...values, service_id_1: values.service_id_2, service_id_2: values.service_id_1 };
}
