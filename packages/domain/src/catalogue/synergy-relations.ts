import { z } from '../shared/zod.ts';
import { multiLineText, singleLineTextField } from '../shared/text-fields.ts';
import { normalizeForComparison } from '../shared/text.ts';
import {
  RELATION_CATEGORY_MAX_LENGTH,
  RELATION_TEXT_MAX_LENGTH,
  SYNERGY_RELATION_MESSAGES,
} from './synergy-relation-constants.ts';

export * from './synergy-relation-constants.ts';

/**
 * A service picked in a select: a positive id as a number or digits. Blank, null and 0 are the
 * select's "nothing chosen", so they get the same "Selecione …" message as a missing field.
 */
function serviceIdField(required: string) {
  return z
    .union([z.number(), z.string(), z.null()], { error: required })
    .transform((value) =>
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
          ? Number(value)
          : Number.NaN,
    )
    .pipe(
      z
        .number({ error: required })
        .int(required)
        .positive(required)
        .max(2_147_483_647, SYNERGY_RELATION_MESSAGES.serviceMissing),
    );
}

const category = singleLineTextField(
  {
    required: SYNERGY_RELATION_MESSAGES.categoryRequired,
    tooLong: SYNERGY_RELATION_MESSAGES.categoryTooLong,
  },
  RELATION_CATEGORY_MAX_LENGTH,
);

/** SPEC section 9: 0 to 100, step 1; digits are accepted like a number input's value. */
const boostPercent = z
  .union([z.number(), z.string()], { error: SYNERGY_RELATION_MESSAGES.boostInvalid })
  .transform((value) =>
    typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.trim()),
  )
  .pipe(
    z
      .number({ error: SYNERGY_RELATION_MESSAGES.boostInvalid })
      .int(SYNERGY_RELATION_MESSAGES.boostInvalid)
      .min(0, SYNERGY_RELATION_MESSAGES.boostInvalid)
      .max(100, SYNERGY_RELATION_MESSAGES.boostInvalid),
  );

/** Omitted stays undefined (a PATCH leaves it alone); blank or null clears it. */
const optionalText = multiLineText({
  max: RELATION_TEXT_MAX_LENGTH,
  tooLong: SYNERGY_RELATION_MESSAGES.textTooLong,
})
  .nullish()
  .transform((value) => (value === '' ? null : value));

interface ServicePair {
  service_id_1?: number | undefined;
  service_id_2?: number | undefined;
}

function refuseSameService(data: ServicePair, ctx: z.RefinementCtx): void {
  if (data.service_id_1 !== undefined && data.service_id_1 === data.service_id_2) {
    ctx.addIssue({
      code: 'custom',
      path: ['service_id_2'],
      message: SYNERGY_RELATION_MESSAGES.servicesMustDiffer,
    });
  }
}

export const synergyRelationSchema = z.object({
  id: z.number().int(),
  service_id_1: z.number().int(),
  service_id_2: z.number().int(),
  category: z.string(),
  rationale: z.string().nullable(),
  boost_percent: z.number().int(),
  base_narrative: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SynergyRelation = z.infer<typeof synergyRelationSchema>;

export const synergyRelationCreateSchema = z
  .object({
    service_id_1: serviceIdField(SYNERGY_RELATION_MESSAGES.service1Required),
    service_id_2: serviceIdField(SYNERGY_RELATION_MESSAGES.service2Required),
    category,
    rationale: optionalText.transform((value) => value ?? null),
    boost_percent: boostPercent.default(0),
    base_narrative: optionalText.transform((value) => value ?? null),
  })
  .superRefine(refuseSameService);
export type SynergyRelationCreate = z.input<typeof synergyRelationCreateSchema>;
export type SynergyRelationCreateData = z.output<typeof synergyRelationCreateSchema>;

/** Any subset of the fields; the pair is checked against the stored one by the API. */
export const synergyRelationUpdateSchema = z
  .object({
    service_id_1: serviceIdField(SYNERGY_RELATION_MESSAGES.service1Required).optional(),
    service_id_2: serviceIdField(SYNERGY_RELATION_MESSAGES.service2Required).optional(),
    category: category.optional(),
    rationale: optionalText,
    boost_percent: boostPercent.optional(),
    base_narrative: optionalText,
  })
  .superRefine(refuseSameService);
export type SynergyRelationUpdate = z.input<typeof synergyRelationUpdateSchema>;
export type SynergyRelationUpdateData = z.output<typeof synergyRelationUpdateSchema>;

/** GET /services-relations/?service_id=3: relations naming that service on either side. */
export const synergyRelationListQuerySchema = z.object({
  service_id: z
    .string()
    .regex(/^\d{1,9}$/, SYNERGY_RELATION_MESSAGES.serviceFilterInvalid)
    .transform(Number)
    .optional(),
});
export type SynergyRelationListQuery = z.input<typeof synergyRelationListQuerySchema>;

export interface SynergyRelationCounts {
  total: number;
  /** Categories compared with case and accents folded. */
  categories: number;
}

/** The counters of the synergy page: total relations and distinct categories. */
export function countSynergyRelations(
  relations: readonly Pick<SynergyRelation, 'category'>[],
): SynergyRelationCounts {
  const categories = new Set(
    relations.map((relation) => normalizeForComparison(relation.category)),
  );
  return { total: relations.length, categories: categories.size };
}
