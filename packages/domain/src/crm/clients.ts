import { z } from '../shared/zod.ts';
import { UNITS } from '../people/users.ts';
import { cpfDigits, isValidCpf } from './cpf.ts';
import { cleanSingleLineText } from '../shared/text.ts';
import { CONDITION_CODES } from '../catalogue/clinical/conditions.ts';
import {
  multiLineText,
  optionalSingleLineText,
  singleLineTextField,
} from '../shared/text-fields.ts';

/**
 * Client records (issue 13, DESIGN.md section 11, LGPD.md): the wire contract of
 * /api/v1/clients/… Allergies, health flags and contraindications are sensitive data (LGPD art.
 * 11): the server stores them only while a `health_data` consent is granted.
 */

export const CLIENT_NAME_MAX_LENGTH = 200;
export const CLIENT_TEXT_MAX_LENGTH = 200;
export const CLIENT_NOTES_MAX_LENGTH = 2000;
export const CLIENT_LIST_MAX_ITEMS = 50;
export const CLIENT_LIST_LIMIT_MAX = 100;
export const HEALTH_CONDITION_NOTE_MAX_LENGTH = 200;

export const CONSENT_PURPOSES = ['health_data', 'marketing', 'photos'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  health_data: 'Dados de saúde',
  marketing: 'Comunicações de marketing',
  photos: 'Fotos',
};

export const CONSENT_CHANNELS = ['presencial', 'whatsapp', 'email', 'telefone'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];
export const CONSENT_CHANNEL_LABELS: Record<ConsentChannel, string> = {
  presencial: 'Presencial',
  whatsapp: 'WhatsApp',
  email: 'Email',
  telefone: 'Telefone',
};

/**
 * The exact text shown to the client for each purpose and version (LGPD art. 8: the clinic must
 * prove what was agreed to). A body names the version; the server stores the text it stands for.
 */
export const CONSENT_TEXTS: Record<ConsentPurpose, Record<string, string>> = {
  health_data: {
    v1:
      'Autorizo a clínica a registrar minhas alergias, aversões, condições de saúde e ' +
      'contraindicações, exclusivamente para a segurança dos procedimentos estéticos que eu ' +
      'contratar. Sei que posso revogar este consentimento a qualquer momento, sem custo, e que ' +
      'então esses dados serão apagados.',
  },
  marketing: {
    v1:
      'Autorizo a clínica a me enviar ofertas, novidades e lembretes pelos canais de contato que ' +
      'informei. Posso revogar este consentimento a qualquer momento, sem custo.',
  },
  photos: {
    v1:
      'Autorizo a clínica a fotografar as áreas tratadas para acompanhar a evolução dos ' +
      'procedimentos. As fotos não serão divulgadas sem nova autorização específica. Posso ' +
      'revogar este consentimento a qualquer momento, sem custo.',
  },
};
/** The version a new consent is collected with. */
export const CURRENT_CONSENT_TEXT_VERSION = 'v1';

export const SENSITIVE_CLIENT_FIELDS = ['allergies', 'health_flags', 'contraindications'] as const;
export type SensitiveClientField = (typeof SENSITIVE_CLIENT_FIELDS)[number];

export const ACCESS_LOG_ACTIONS = ['read_sensitive', 'export', 'anonymize'] as const;
export type AccessLogAction = (typeof ACCESS_LOG_ACTIONS)[number];
export const ACCESS_LOG_ACTION_LABELS: Record<AccessLogAction, string> = {
  read_sensitive: 'Leitura de dados sensíveis',
  export: 'Exportação dos dados',
  anonymize: 'Anonimização',
};

export const CLIENT_MESSAGES = {
  nameRequired: 'Nome completo é obrigatório.',
  nameTooLong: `Nome deve ter no máximo ${CLIENT_NAME_MAX_LENGTH} caracteres.`,
  textTooLong: `Cada texto deve ter no máximo ${CLIENT_TEXT_MAX_LENGTH} caracteres.`,
  notesTooLong: `Observações devem ter no máximo ${CLIENT_NOTES_MAX_LENGTH} caracteres.`,
  listInvalid: 'Envie uma lista de textos.',
  tooManyItems: `Cada lista aceita no máximo ${CLIENT_LIST_MAX_ITEMS} itens.`,
  emailInvalid: 'Email inválido.',
  phoneInvalid: 'Telefone inválido.',
  cpfInvalid: 'CPF inválido.',
  cpfTaken: 'Já existe um cliente com esse CPF.',
  birthDateInvalid: 'Data de nascimento inválida (use AAAA-MM-DD).',
  unitInvalid: 'Unidade inválida.',
  unitRequired: 'Informe a unidade do cliente.',
  unitOutOfReach: 'Você só pode cadastrar clientes da sua unidade.',
  sensitiveWithoutConsent:
    'Alergias, condições de saúde e contraindicações só podem ser registradas com o ' +
    'consentimento para dados de saúde concedido.',
  purposeInvalid: 'Finalidade deve ser health_data, marketing ou photos.',
  channelInvalid: 'Canal deve ser presencial, whatsapp, email ou telefone.',
  grantedInvalid: 'Informe se o consentimento foi concedido (true ou false).',
  textVersionInvalid: 'Versão do texto de consentimento desconhecida.',
  consentsInvalid: 'Envie os consentimentos como uma lista.',
  anonymized: 'Cliente anonimizado: os dados pessoais foram removidos.',
  alreadyAnonymized: 'Este cliente já foi anonimizado.',
  notFound: 'Cliente não encontrado.',
  limitInvalid: `O limite deve ser um número entre 1 e ${CLIENT_LIST_LIMIT_MAX}.`,
  offsetInvalid: 'O deslocamento deve ser um número maior ou igual a 0.',
  conditionInvalid:
    'Condição de saúde desconhecida: escolha uma da lista (por exemplo GESTACAO, MARCAPASSO).',
  conditionNoteTooLong: `A observação de cada condição deve ter no máximo ${HEALTH_CONDITION_NOTE_MAX_LENGTH} caracteres.`,
  conditionsInvalid: 'Envie as condições de saúde como uma lista de {code, note}.',
  conditionRepeated: 'Cada condição de saúde aparece uma vez só.',
} as const;

/**
 * A health condition on the record (issue 26): a code from the clinical knowledge base
 * (catalogue/clinical/conditions.ts) and an optional note ('desde 2019', 'liberação do
 * cardiologista'). The check reads the code; the note is for people.
 */
export const healthConditionSchema = z.object({
  code: z.enum(CONDITION_CODES, { error: CLIENT_MESSAGES.conditionInvalid }),
  note: optionalSingleLineText(
    CLIENT_MESSAGES.conditionNoteTooLong,
    HEALTH_CONDITION_NOTE_MAX_LENGTH,
    CLIENT_MESSAGES.conditionNoteTooLong,
  )
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type HealthCondition = z.output<typeof healthConditionSchema>;

const healthConditions = z
  .array(healthConditionSchema, { error: CLIENT_MESSAGES.conditionsInvalid })
  .max(CLIENT_LIST_MAX_ITEMS, CLIENT_MESSAGES.tooManyItems)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((entry, index) => {
      if (seen.has(entry.code)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'code'],
          message: CLIENT_MESSAGES.conditionRepeated,
        });
      }
      seen.add(entry.code);
    });
  });

/**
 * The notes, with the hygiene of every multi-line text (text-fields.ts); blank, invisible-only
 * or null clears them; omitted stays undefined (a PATCH leaves them alone).
 */
const notes = multiLineText({
  max: CLIENT_NOTES_MAX_LENGTH,
  tooLong: CLIENT_MESSAGES.notesTooLong,
  invalid: CLIENT_MESSAGES.notesTooLong,
})
  .nullish()
  .transform((value) => (value === '' ? null : value));

/**
 * A one-line name (preferred name, salutation) with the hygiene of every name (text.ts): bidi
 * controls refused, invisible characters removed; blank, invisible-only or null clears it.
 */
const optionalName = (max: number, message: string) =>
  optionalSingleLineText(message, max, message)
    .nullish()
    .transform((value) => (value === '' ? null : value));

/** A list of short texts: blanks dropped, duplicates (same text) dropped. */
const textList = z
  .array(
    // Cleaned like a name: an allergy typed 'lá\u200Btex' must still meet the trait 'látex'.
    z
      .string({ error: CLIENT_MESSAGES.listInvalid })
      .transform(cleanSingleLineText)
      .pipe(z.string().trim().max(CLIENT_TEXT_MAX_LENGTH, CLIENT_MESSAGES.textTooLong)),
    { error: CLIENT_MESSAGES.listInvalid },
  )
  .max(CLIENT_LIST_MAX_ITEMS, CLIENT_MESSAGES.tooManyItems)
  .nullable()
  .transform((list) => [...new Set((list ?? []).filter((text) => text !== ''))]);

/** The hygiene of every name (text.ts): an invisible-only name is as empty as a blank one. */
const fullName = singleLineTextField(
  { required: CLIENT_MESSAGES.nameRequired, tooLong: CLIENT_MESSAGES.nameTooLong },
  CLIENT_NAME_MAX_LENGTH,
);

const email = z
  .string({ error: CLIENT_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, CLIENT_MESSAGES.emailInvalid)
  .nullish()
  .transform((value) => (value === '' ? null : value))
  .pipe(z.email({ error: CLIENT_MESSAGES.emailInvalid }).nullish());

/** Digits, spaces, +, -, parentheses; at least 8 digits (WhatsApp needs a full number). */
const phone = z
  .string({ error: CLIENT_MESSAGES.phoneInvalid })
  .trim()
  .max(40, CLIENT_MESSAGES.phoneInvalid)
  .nullish()
  .transform((value) => (value === '' ? null : value))
  .refine(
    (value) =>
      value == null || (/^[\d\s+().-]+$/.test(value) && value.replace(/\D/g, '').length >= 8),
    CLIENT_MESSAGES.phoneInvalid,
  );

/** Stored as 11 digits; dots and dash accepted on input. */
const cpf = z
  .string({ error: CLIENT_MESSAGES.cpfInvalid })
  .trim()
  .max(20, CLIENT_MESSAGES.cpfInvalid)
  .nullish()
  .transform((value) => (value === '' ? null : value == null ? value : cpfDigits(value)))
  .refine((value) => value == null || isValidCpf(value), CLIENT_MESSAGES.cpfInvalid);

/** A real calendar date, not in the future, not before 1900. */
export function isValidBirthDate(text: string, today: Date = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) return false;
  return text >= '1900-01-01' && text <= today.toISOString().slice(0, 10);
}

const birthDate = z
  .string({ error: CLIENT_MESSAGES.birthDateInvalid })
  .trim()
  .nullish()
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value == null || isValidBirthDate(value), CLIENT_MESSAGES.birthDateInvalid);

const unit = z
  .enum(UNITS, { error: CLIENT_MESSAGES.unitInvalid })
  .nullish()
  .transform((value) => value ?? undefined);

/** POST /clients/{id}/consents. The text is the server's, named by its version. */
export const consentCreateSchema = z
  .object({
    purpose: z.enum(CONSENT_PURPOSES, { error: CLIENT_MESSAGES.purposeInvalid }),
    granted: z.boolean({ error: CLIENT_MESSAGES.grantedInvalid }),
    text_version: z
      .string({ error: CLIENT_MESSAGES.textVersionInvalid })
      .trim()
      .max(40, CLIENT_MESSAGES.textVersionInvalid)
      .default(CURRENT_CONSENT_TEXT_VERSION),
    channel: z.enum(CONSENT_CHANNELS, { error: CLIENT_MESSAGES.channelInvalid }),
  })
  .superRefine((data, ctx) => {
    if (!CONSENT_TEXTS[data.purpose][data.text_version]) {
      ctx.addIssue({
        code: 'custom',
        path: ['text_version'],
        message: CLIENT_MESSAGES.textVersionInvalid,
      });
    }
  });
export type ConsentCreate = z.input<typeof consentCreateSchema>;
export type ConsentCreateData = z.output<typeof consentCreateSchema>;

/**
 * POST /clients/. `unit` defaults to the signed-in user's unit. `consents` (optional) are
 * recorded in the ledger first, in the same transaction, so one request can create a client
 * with the health-data consent and the allergies it allows.
 */
export const clientCreateSchema = z.object({
  consents: z
    .array(consentCreateSchema, { error: CLIENT_MESSAGES.consentsInvalid })
    .max(CONSENT_PURPOSES.length * 2, CLIENT_MESSAGES.consentsInvalid)
    .optional()
    .transform((list) => list ?? []),
  full_name: fullName,
  preferred_name: optionalName(CLIENT_NAME_MAX_LENGTH, CLIENT_MESSAGES.nameTooLong),
  salutation: optionalName(60, CLIENT_MESSAGES.textTooLong),
  phone,
  email,
  cpf,
  birth_date: birthDate,
  unit,
  preferences: textList.optional().transform((list) => list ?? []),
  important_dates: textList.optional().transform((list) => list ?? []),
  channels: textList.optional().transform((list) => list ?? []),
  notes,
  allergies: textList.optional().transform((list) => list ?? []),
  health_flags: textList.optional().transform((list) => list ?? []),
  contraindications: textList.optional().transform((list) => list ?? []),
  health_conditions: healthConditions.nullish().transform((list) => list ?? []),
});
export type ClientCreate = z.input<typeof clientCreateSchema>;
export type ClientCreateData = z.output<typeof clientCreateSchema>;

/** PATCH /clients/{id}: any subset; a field sent as null or blank is cleared. */
export const clientUpdateSchema = z.object({
  full_name: fullName.optional(),
  preferred_name: optionalName(CLIENT_NAME_MAX_LENGTH, CLIENT_MESSAGES.nameTooLong),
  salutation: optionalName(60, CLIENT_MESSAGES.textTooLong),
  phone,
  email,
  cpf,
  birth_date: birthDate,
  unit,
  preferences: textList.optional(),
  important_dates: textList.optional(),
  channels: textList.optional(),
  notes,
  allergies: textList.optional(),
  health_flags: textList.optional(),
  contraindications: textList.optional(),
  /** null or [] clears them. */
  health_conditions: healthConditions.nullish().transform((list) => (list === null ? [] : list)),
});
export type ClientUpdate = z.input<typeof clientUpdateSchema>;
export type ClientUpdateData = z.output<typeof clientUpdateSchema>;

/** Which consents stand granted now (the latest ledger entry of each purpose). */
export const clientConsentStateSchema = z.object({
  health_data: z.boolean(),
  marketing: z.boolean(),
  photos: z.boolean(),
});
export type ClientConsentState = z.infer<typeof clientConsentStateSchema>;

const userRef = z.object({ id: z.number().int(), name: z.string() });

/** A row of GET /clients/: no sensitive field, so listing is not a read of health data. */
export const clientSummarySchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  preferred_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  cpf: z.string().nullable(),
  birth_date: z.string().nullable(),
  unit: z.enum(UNITS),
  consents: clientConsentStateSchema,
  /** When the client was anonymized (data subject request); null otherwise. */
  anonymized_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

/** GET /clients/{id}, POST and PATCH answers: everything, sensitive part included (logged). */
export const clientSchema = clientSummarySchema.extend({
  salutation: z.string().nullable(),
  preferences: z.array(z.string()),
  important_dates: z.array(z.string()),
  channels: z.array(z.string()),
  notes: z.string().nullable(),
  allergies: z.array(z.string()),
  health_flags: z.array(z.string()),
  contraindications: z.array(z.string()),
  health_conditions: z.array(
    z.object({ code: z.enum(CONDITION_CODES), note: z.string().nullable() }),
  ),
  created_by: userRef.nullable(),
});
export type Client = z.infer<typeof clientSchema>;

/**
 * GET /clients/{id}/care-profile: only what the builder and the assistant hold against the
 * procedures (LGPD art. 6, necessity), each read written to the access log like the full record.
 * Empty lists while the health-data consent is not granted (nothing sensitive is stored then).
 */
export const clientCareProfileSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  health_data_consent: z.boolean(),
  allergies: z.array(z.string()),
  contraindications: z.array(z.string()),
  health_flags: z.array(z.string()),
  health_conditions: z.array(
    z.object({ code: z.enum(CONDITION_CODES), note: z.string().nullable() }),
  ),
});
export type ClientCareProfile = z.infer<typeof clientCareProfileSchema>;

/** GET /clients/?q=&unit=&limit=&offset= (total in X-Total-Count). */
export const clientListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  unit: z.enum(UNITS, { error: CLIENT_MESSAGES.unitInvalid }).optional(),
  limit: z.coerce
    .number({ error: CLIENT_MESSAGES.limitInvalid })
    .int(CLIENT_MESSAGES.limitInvalid)
    .min(1, CLIENT_MESSAGES.limitInvalid)
    .max(CLIENT_LIST_LIMIT_MAX, CLIENT_MESSAGES.limitInvalid)
    .optional(),
  offset: z.coerce
    .number({ error: CLIENT_MESSAGES.offsetInvalid })
    .int(CLIENT_MESSAGES.offsetInvalid)
    .min(0, CLIENT_MESSAGES.offsetInvalid)
    .max(1_000_000_000, CLIENT_MESSAGES.offsetInvalid)
    .optional(),
});
export type ClientListQuery = z.input<typeof clientListQuerySchema>;
export type ClientListQueryData = z.output<typeof clientListQuerySchema>;

/** One ledger entry; entries are never changed, a revocation is a new one. */
export const consentEntrySchema = z.object({
  id: z.number().int(),
  purpose: z.enum(CONSENT_PURPOSES),
  granted: z.boolean(),
  text_version: z.string(),
  text: z.string(),
  channel: z.enum(CONSENT_CHANNELS),
  collected_by: userRef.nullable(),
  collected_at: z.string(),
});
export type ConsentEntry = z.infer<typeof consentEntrySchema>;

/** The answer of POST /clients/{id}/consents: the new entry and the client as it now stands. */
export const consentCreateResponseSchema = z.object({
  consent: consentEntrySchema,
  client: clientSchema,
});
export type ConsentCreateResponse = z.infer<typeof consentCreateResponseSchema>;

/** GET /clients/{id}/access-log: who, when, what (newest first). */
export const accessLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(ACCESS_LOG_ACTIONS),
  user: userRef.nullable(),
  at: z.string(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

/** True when the text names a known consent version of that purpose. */
export function consentText(purpose: ConsentPurpose, version: string): string | undefined {
  return CONSENT_TEXTS[purpose][version];
}

/** Any sensitive field holds something. */
export function hasSensitiveData(
  client: Partial<Record<SensitiveClientField, readonly string[] | null | undefined>>,
): boolean {
  return SENSITIVE_CLIENT_FIELDS.some((field) => (client[field]?.length ?? 0) > 0);
}
