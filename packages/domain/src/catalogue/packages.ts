import { z } from '../shared/zod.ts';
import { singleLineTextField } from '../shared/text-fields.ts';
import { parseBrazilianNumber } from '../shared/money.ts';
import { countField, moneyField } from './services.ts';
import {
  PACKAGE_STATUSES,
  PACKAGE_NAME_MAX_LENGTH,
  BLOCK_LIMIT_MAX,
  PACKAGE_SESSION_LIMIT_MAX,
  PACKAGE_PROCEDURES_MAX,
  PACKAGE_MESSAGES,
} from './package-constants.ts';

export * from './package-constants.ts';

const name = singleLineTextField(
  { required: PACKAGE_MESSAGES.nameRequired, tooLong: PACKAGE_MESSAGES.nameTooLong },
  PACKAGE_NAME_MAX_LENGTH,
);
const status = z.enum(PACKAGE_STATUSES, { error: PACKAGE_MESSAGES.statusInvalid });

/** 0–100 with up to 2 decimals (numeric(5,2)); comma decimals accepted like money. */
const discountPercent = z
  .union([z.number(), z.string()], { error: PACKAGE_MESSAGES.discountInvalid })
  .transform((value) => parseBrazilianNumber(value) ?? Number.NaN)
  .pipe(
    z
      .number({ error: PACKAGE_MESSAGES.discountInvalid })
      .min(0, PACKAGE_MESSAGES.discountInvalid)
      .max(100, PACKAGE_MESSAGES.discountInvalid),
  )
  .transform((value) => Math.round(value * 100) / 100);

/** Null means no overall session limit for the package. */
const sessionLimit = countField(
  PACKAGE_MESSAGES.sessionLimitInvalid,
  PACKAGE_SESSION_LIMIT_MAX,
  PACKAGE_MESSAGES.sessionLimitTooLarge,
).nullable();

const blockLimit = countField(
  PACKAGE_MESSAGES.blockLimitInvalid,
  BLOCK_LIMIT_MAX,
  PACKAGE_MESSAGES.blockLimitTooLarge,
);

export const packageBlockLimitsSchema = z.object({
  a: z.number().int(),
  b: z.number().int(),
  c: z.number().int(),
  d: z.number().int(),
});
export type PackageBlockLimits = z.infer<typeof packageBlockLimitsSchema>;

/** DESIGN section 6: a new package has 0 per block. */
const blockLimitsCreate = z.object(
  {
    a: blockLimit.default(0),
    b: blockLimit.default(0),
    c: blockLimit.default(0),
    d: blockLimit.default(0),
  },
  { error: PACKAGE_MESSAGES.blockLimitsInvalid },
);
/** On edit a block not sent keeps its limit. */
const blockLimitsUpdate = z.object(
  {
    a: blockLimit.optional(),
    b: blockLimit.optional(),
    c: blockLimit.optional(),
    d: blockLimit.optional(),
  },
  { error: PACKAGE_MESSAGES.blockLimitsInvalid },
);

/** Service ids, duplicates dropped, in the order given. */
const procedureIds = z
  .array(
    z
      .number({ error: PACKAGE_MESSAGES.procedureIdsInvalid })
      .int(PACKAGE_MESSAGES.procedureIdsInvalid)
      .positive(PACKAGE_MESSAGES.procedureIdsInvalid)
      .max(2_147_483_647, PACKAGE_MESSAGES.procedureIdsInvalid),
    { error: PACKAGE_MESSAGES.procedureIdsInvalid },
  )
  .max(PACKAGE_PROCEDURES_MAX, PACKAGE_MESSAGES.procedureIdsTooMany)
  .transform((ids) => [...new Set(ids)]);

const allowAll = z.boolean({ error: PACKAGE_MESSAGES.allowAllInvalid });

interface ProcedureLists {
  procedures?: number[] | undefined;
  restricted_procedures?: number[] | undefined;
}

/** The same id in both lists is refused, on the restricted list's field. */
function refuseOverlap(data: ProcedureLists, ctx: z.RefinementCtx): void {
  if (!data.procedures || !data.restricted_procedures) return;
  const allowed = new Set(data.procedures);
  if (data.restricted_procedures.some((id) => allowed.has(id))) {
    ctx.addIssue({
      code: 'custom',
      path: ['restricted_procedures'],
      message: PACKAGE_MESSAGES.allowedAndRestricted,
    });
  }
}

export const packageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  annual_value: z.number(),
  discount_percent: z.number(),
  status: z.enum(PACKAGE_STATUSES),
  session_limit: z.number().int().nullable(),
  block_limits: packageBlockLimitsSchema,
  allow_all_procedures: z.boolean(),
  /** Resolved allowed ids: with allow_all_procedures, every service id not restricted. */
  procedures: z.array(z.number().int()),
  restricted_procedures: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Package = z.infer<typeof packageSchema>;

/**
 * `allow_all_procedures` defaults to true, except that a non-empty `procedures` list sent without
 * `allow_all_procedures: true` is a manual selection (the service applies that rule).
 */
export const packageCreateSchema = z
  .object({
    name,
    annual_value: moneyField('Valor anual').default(0),
    discount_percent: discountPercent.default(0),
    status: status.default('active'),
    session_limit: sessionLimit.optional().transform((value) => value ?? null),
    block_limits: blockLimitsCreate.default({ a: 0, b: 0, c: 0, d: 0 }),
    allow_all_procedures: allowAll.optional(),
    procedures: procedureIds.optional(),
    restricted_procedures: procedureIds.optional(),
  })
  .superRefine(refuseOverlap);
export type PackageCreate = z.input<typeof packageCreateSchema>;
export type PackageCreateData = z.output<typeof packageCreateSchema>;

/** Any subset of the fields: the edit modal's full payload or the toggle's `{status}`. */
export const packageUpdateSchema = z
  .object({
    name: name.optional(),
    annual_value: moneyField('Valor anual').optional(),
    discount_percent: discountPercent.optional(),
    status: status.optional(),
    session_limit: sessionLimit.optional(),
    block_limits: blockLimitsUpdate.optional(),
    allow_all_procedures: allowAll.optional(),
    procedures: procedureIds.optional(),
    restricted_procedures: procedureIds.optional(),
  })
  .superRefine(refuseOverlap);
export type PackageUpdate = z.input<typeof packageUpdateSchema>;
export type PackageUpdateData = z.output<typeof packageUpdateSchema>;

/** GET /packages/?status_eq=active (the package picker shows active ones only). */
export const packageListQuerySchema = z.object({
  status_eq: z.enum(PACKAGE_STATUSES, { error: PACKAGE_MESSAGES.statusInvalid }).optional(),
});
export type PackageListQuery = z.input<typeof packageListQuerySchema>;

export interface PackageCounts {
  total: number;
  active: number;
  inactive: number;
}

/** The counters of the packages page (SPEC section 2). */
export function countPackages(packages: readonly Pick<Package, 'status'>[]): PackageCounts {
  const activeCount = packages.filter((pkg) => pkg.status === 'active').length;
  return { total: packages.length, active: activeCount, inactive: packages.length - activeCount };
}
