import { z } from '../shared/zod.ts';
import { multiLineText, singleLineTextField } from '../shared/text-fields.ts';
import { listPageFields } from '../shared/list-query.ts';
import {
  centavosToReais,
  hasAtMostTwoDecimals,
  parseBrazilianNumber,
  reaisToCentavos,
} from '../shared/money.ts';
import { cleanSingleLineText, normalizeForComparison } from '../shared/text.ts';
import {
  SERVICE_BLOCKS,
  SERVICE_STATUSES,
  SERVICE_NAME_MAX_LENGTH,
  SERVICE_DESCRIPTION_MAX_LENGTH,
  SERVICE_BENEFIT_MAX_LENGTH,
  MONEY_MAX_REAIS,
  SESSION_LIMIT_MAX,
  SERVICE_MESSAGES,
  type ServiceBlock,
} from './service-constants.ts';
import { clinicalTraitsSchema } from './clinical/traits.ts';

export * from './service-constants.ts';

const moneyCeilingText = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
}).format(MONEY_MAX_REAIS);

/*
 * What the OpenAPI document says of the number-or-text fields (`meta` documents; the pipes below
 * validate). The text is the Brazilian form parseBrazilianNumber reads: "1.234,56", "R$ 90",
 * "1500.5"; a JSON number is in reais with at most two decimals.
 */
const moneyNumberDoc = z.number().meta({
  minimum: 0,
  maximum: MONEY_MAX_REAIS,
  description: 'Reais, no máximo 2 casas decimais.',
});
const moneyTextDoc = z.string().meta({
  pattern:
    '^\\s*(R\\$)?\\s*(\\d+(\\.\\d{1,2})?|\\d{1,3}(\\.\\d{3})+|[\\d.]*\\d[\\d.]*,\\d{1,2})\\s*$',
  description: 'Reais em texto brasileiro ("1.234,56", "R$ 90"), no máximo 2 casas decimais.',
});
const percentTextDoc = z.string().meta({ pattern: '^\\s*\\d+([.,]\\d+)?\\s*$' });

/**
 * A money field in reais: a JSON number, or text typed the Brazilian way ("1.234,50", "R$ 90").
 * More than two decimals ("10,005") is refused rather than rounded, so what is stored is what
 * was typed; the value is then kept as whole centavos, as the domain computes with.
 */
export function moneyField(label: string) {
  const notNumber = `${label} deve ser um número.`;
  return z
    .union([moneyNumberDoc, moneyTextDoc], { error: notNumber })
    .transform((value) => parseBrazilianNumber(value) ?? Number.NaN)
    .pipe(
      z
        .number({ error: notNumber })
        .min(0, `${label} não pode ser negativo.`)
        .max(MONEY_MAX_REAIS, `${label} deve ser no máximo ${moneyCeilingText}.`)
        .refine(hasAtMostTwoDecimals, `${label} deve ter no máximo 2 casas decimais.`),
    )
    .transform((reais) => centavosToReais(reaisToCentavos(reais)));
}

/**
 * A percentage typed in a form (0–100, comma decimals): out of range is refused with a message.
 * The API still clamps a margin it receives (SPEC section 5); a person typing 150 is told instead.
 */
export function percentField(label: string) {
  const invalid = `${label} deve ser um número entre 0 e 100.`;
  return z
    .union([z.number().meta({ minimum: 0, maximum: 100 }), percentTextDoc], { error: invalid })
    .transform((value) => parseBrazilianNumber(value) ?? Number.NaN)
    .pipe(z.number({ error: invalid }).min(0, invalid).max(100, invalid))
    .transform((value) => Math.round(value * 100) / 100);
}

/** A whole number ≥ 0 given as a number or as digits ("3"). */
export function countField(invalid: string, max: number, tooLarge: string) {
  return z
    .union(
      [
        z.number().meta({ type: 'integer', minimum: 0, maximum: max }),
        z.string().meta({ pattern: '^\\s*\\d+\\s*$' }),
      ],
      { error: invalid },
    )
    .transform((value) =>
      typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN,
    )
    .pipe(z.number({ error: invalid }).int(invalid).min(0, invalid).max(max, tooLarge));
}

/** Percent kept to 2 decimals (numeric(5,2)). */
const roundPercent = (value: number) => Math.round(value * 100) / 100;

/** SPEC section 5: the minimum margin is clamped to 0–100 rather than refused. */
const minMarginPercent = z
  .union([z.number(), z.string()], { error: SERVICE_MESSAGES.marginInvalid })
  .transform((value) => parseBrazilianNumber(value) ?? Number.NaN)
  .pipe(z.number({ error: SERVICE_MESSAGES.marginInvalid }))
  .transform((value) => roundPercent(Math.min(100, Math.max(0, value))));

const sessionLimit = countField(
  SERVICE_MESSAGES.sessionLimitInvalid,
  SESSION_LIMIT_MAX,
  SERVICE_MESSAGES.sessionLimitTooLarge,
);

const name = singleLineTextField(
  { required: SERVICE_MESSAGES.nameRequired, tooLong: SERVICE_MESSAGES.nameTooLong },
  SERVICE_NAME_MAX_LENGTH,
);

/** Null or omitted is an empty description (the column is not nullable). */
const description = multiLineText({
  max: SERVICE_DESCRIPTION_MAX_LENGTH,
  tooLong: SERVICE_MESSAGES.descriptionTooLong,
}).nullable();

const block = z.enum(SERVICE_BLOCKS, { error: SERVICE_MESSAGES.blockInvalid });
const status = z.enum(SERVICE_STATUSES, { error: SERVICE_MESSAGES.statusInvalid });

/** Omitted stays undefined (a PATCH leaves it alone); blank or null clears it (SPEC 5). */
const benefitText = multiLineText({
  max: SERVICE_BENEFIT_MAX_LENGTH,
  tooLong: SERVICE_MESSAGES.benefitTooLong,
})
  .nullish()
  .transform((value) => (value === '' ? null : value));

export const serviceBenefitsInputSchema = z.object(
  {
    main_function: benefitText,
    benefit1: benefitText,
    benefit2: benefitText,
    benefit3: benefitText,
  },
  { error: SERVICE_MESSAGES.benefitsInvalid },
);
export type ServiceBenefitsInput = z.input<typeof serviceBenefitsInputSchema>;

export const serviceBenefitsSchema = z.object({
  main_function: z.string().nullable(),
  benefit1: z.string().nullable(),
  benefit2: z.string().nullable(),
  benefit3: z.string().nullable(),
});
export type ServiceBenefits = z.infer<typeof serviceBenefitsSchema>;

export const SERVICE_TRAITS_MAX = 30;
export const SERVICE_TRAIT_MAX_LENGTH = 60;
/** Demo and suggested techniques and ingredients, matched against clients' allergies. */
export const SERVICE_TRAIT_SUGGESTIONS = [
  'injetável',
  'agulha',
  'ácido hialurônico',
  'toxina botulínica',
  'laser',
  'látex',
  'radiofrequência',
  'ultrassom',
  'ácidos',
  'calor',
  'anestésico tópico',
  'corrente elétrica',
] as const;

/**
 * Techniques and ingredients of a procedure ('injetável', 'látex', …): trimmed, blanks and
 * duplicates (accents and case folded) dropped.
 */
const traits = z
  .array(
    // Cleaned like a name (text.ts), as a client's allergies are, so what is stored and shown is
    // what the allergy check compares.
    z
      .string({ error: 'Cada característica deve ser um texto.' })
      .transform(cleanSingleLineText)
      .pipe(
        z
          .string()
          .trim()
          .max(
            SERVICE_TRAIT_MAX_LENGTH,
            `Cada característica deve ter no máximo ${SERVICE_TRAIT_MAX_LENGTH} caracteres.`,
          ),
      ),
    { error: 'Envie as características como uma lista de textos.' },
  )
  .max(SERVICE_TRAITS_MAX, `Informe no máximo ${SERVICE_TRAITS_MAX} características.`)
  .nullable()
  .transform((list) => {
    const seen = new Set<string>();
    return (list ?? []).filter((trait) => {
      const key = normalizeForComparison(trait);
      if (trait === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

export const serviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  block: z.enum(SERVICE_BLOCKS),
  value: z.number(),
  cost: z.number(),
  min_margin_percent: z.number(),
  session_limit: z.number().int(),
  status: z.enum(SERVICE_STATUSES),
  benefits: serviceBenefitsSchema,
  /** Always sent by the API; optional in the type so callers that do not read it need not set it. */
  traits: z.array(z.string()).optional(),
  /** The clinical check's traits (issue 26); null until an admin fills them. */
  clinical_traits: clinicalTraitsSchema.nullable().optional(),
  /** True while clinical_traits is null: the admin list flags it, the check warns. */
  traits_missing: z.boolean().optional(),
  photos_count: z.number().int(),
  photos_limit: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

/** SPEC section 9: block A, status active and every number 0 unless given. */
export const serviceCreateSchema = z.object({
  name,
  description: description.optional().transform((value) => value ?? ''),
  block: block.default('A'),
  value: moneyField('Valor').default(0),
  cost: moneyField('Custo').default(0),
  min_margin_percent: minMarginPercent.default(0),
  session_limit: sessionLimit.default(0),
  status: status.default('active'),
  benefits: serviceBenefitsInputSchema.optional(),
  traits: traits.optional().transform((list) => list ?? []),
  clinical_traits: clinicalTraitsSchema.nullish().transform((value) => value ?? null),
});
export type ServiceCreate = z.input<typeof serviceCreateSchema>;
export type ServiceCreateData = z.output<typeof serviceCreateSchema>;

/** Any subset of the fields: the edit modal's full payload or the toggle's `{status}`. */
export const serviceUpdateSchema = z.object({
  name: name.optional(),
  description: description.optional().transform((value) => (value === null ? '' : value)),
  block: block.optional(),
  value: moneyField('Valor').optional(),
  cost: moneyField('Custo').optional(),
  min_margin_percent: minMarginPercent.optional(),
  session_limit: sessionLimit.optional(),
  status: status.optional(),
  benefits: serviceBenefitsInputSchema.optional(),
  traits: traits.optional(),
  /** null clears them (the procedure is then flagged `traits_missing`). */
  clinical_traits: clinicalTraitsSchema.nullish(),
});
export type ServiceUpdate = z.input<typeof serviceUpdateSchema>;
export type ServiceUpdateData = z.output<typeof serviceUpdateSchema>;

export const SERVICE_LIST_ORDER_FIELDS = ['name', 'value', 'created_at'] as const;
export type ServiceListOrderField = (typeof SERVICE_LIST_ORDER_FIELDS)[number];

/** GET /services/?status_eq=active&block_eq=B&q=&limit=&offset=&order= */
export const serviceListQuerySchema = z.object({
  status_eq: z.enum(SERVICE_STATUSES, { error: SERVICE_MESSAGES.statusInvalid }).optional(),
  block_eq: z.enum(SERVICE_BLOCKS, { error: SERVICE_MESSAGES.blockInvalid }).optional(),
  ...listPageFields(SERVICE_LIST_ORDER_FIELDS),
});
export type ServiceListQuery = z.input<typeof serviceListQuerySchema>;
export type ServiceListFilter = z.output<typeof serviceListQuerySchema>;

export interface ServiceCounts {
  total: number;
  active: number;
  inactive: number;
  byBlock: Record<ServiceBlock, number>;
}

/** The counters of the services page (SPEC section 2). */
export function countServices(
  services: readonly Pick<Service, 'status' | 'block'>[],
): ServiceCounts {
  const byBlock: Record<ServiceBlock, number> = { A: 0, B: 0, C: 0, D: 0 };
  let activeCount = 0;
  for (const service of services) {
    if (service.status === 'active') activeCount += 1;
    byBlock[service.block] += 1;
  }
  return {
    total: services.length,
    active: activeCount,
    inactive: services.length - activeCount,
    byBlock,
  };
}
