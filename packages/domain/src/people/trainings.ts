import { z } from '../shared/zod.ts';
import {
  multiLineText,
  optionalSingleLineText,
  singleLineTextField,
} from '../shared/text-fields.ts';

// The YouTube helpers belong to trainings; exported from here so index.ts needs one line.
export * from './youtube.ts';

/** SPEC sections 3 and 9: the five training categories (create defaults to sales). */
export const TRAINING_CATEGORIES = ['skincare', 'body', 'equipment', 'sales', 'other'] as const;
export type TrainingCategory = (typeof TRAINING_CATEGORIES)[number];
export const DEFAULT_TRAINING_CATEGORY: TrainingCategory = 'sales';
export const TRAINING_CATEGORY_LABELS: Record<TrainingCategory, string> = {
  skincare: 'Skincare',
  body: 'Corporal',
  equipment: 'Equipamentos',
  sales: 'Vendas',
  other: 'Outros',
};

export function isTrainingCategory(value: unknown): value is TrainingCategory {
  return typeof value === 'string' && (TRAINING_CATEGORIES as readonly string[]).includes(value);
}

export const TRAINING_ORDERS = ['newest', 'oldest', 'popular'] as const;
export type TrainingOrder = (typeof TRAINING_ORDERS)[number];
export const TRAINING_ORDER_LABELS: Record<TrainingOrder, string> = {
  newest: 'Mais recentes',
  oldest: 'Mais antigos',
  popular: 'Populares',
};

/**
 * The orders of the shared list contract (packages/domain/src/shared/list-query.ts) the admin table
 * sorts by, besides the library's three.
 */
export const TRAINING_TABLE_ORDERS = ['title', '-title', 'created_at', '-created_at'] as const;
export const TRAINING_LIST_ORDERS = [...TRAINING_ORDERS, ...TRAINING_TABLE_ORDERS] as const;
export type TrainingListOrder = (typeof TRAINING_LIST_ORDERS)[number];

export const TRAINING_REACTIONS = ['like', 'dislike'] as const;
export type TrainingReaction = (typeof TRAINING_REACTIONS)[number];

export const TRAINING_MAX_SECTIONS = 4;
export const TRAINING_LIBRARY_PAGE_SIZE = 24;
export const TRAINING_RELATED_LIMIT = 12;
export const TRAINING_LIST_DEFAULT_LIMIT = 24;
export const TRAINING_LIST_MAX_LIMIT = 100;
/** Not in the spec: generous bounds that keep one row small. */
export const TRAINING_TITLE_MAX_LENGTH = 200;
export const TRAINING_DESCRIPTION_MAX_LENGTH = 5000;
export const TRAINING_SECTION_TITLE_MAX_LENGTH = 200;
export const TRAINING_SECTION_TEXT_MAX_LENGTH = 5000;
export const TRAINING_VIDEO_URL_MAX_LENGTH = 2000;
export const TRAINING_SEARCH_MAX_LENGTH = 200;
/** Raw entries accepted before empty ones are dropped (the limit of 4 applies after). */
const SECTIONS_MAX_RAW_ENTRIES = 20;
const MAX_OFFSET = 2_147_483_647;

/** The training texts of SPEC sections 2, 5 and 8, shared by the API and the web. */
export const TRAINING_MESSAGES = {
  titleRequired: 'Título é obrigatório.',
  titleTooLong: `O título deve ter no máximo ${TRAINING_TITLE_MAX_LENGTH} caracteres.`,
  descriptionRequired: 'Descrição é obrigatória.',
  descriptionTooLong: `A descrição deve ter no máximo ${TRAINING_DESCRIPTION_MAX_LENGTH} caracteres.`,
  categoryInvalid: 'Categoria inválida.',
  videoUrlScheme: 'A URL do vídeo deve começar com http:// ou https://',
  videoUrlInvalid: 'URL do vídeo inválida.',
  videoUrlTooLong: `A URL do vídeo deve ter no máximo ${TRAINING_VIDEO_URL_MAX_LENGTH} caracteres.`,
  publishedAtInvalid: 'Data de publicação inválida. Use data e hora no formato ISO 8601.',
  sectionsTooMany: 'No máximo 4 seções de conteúdo.',
  sectionsInvalid: 'Seções de conteúdo inválidas.',
  sectionTitleTooLong: `O título da seção deve ter no máximo ${TRAINING_SECTION_TITLE_MAX_LENGTH} caracteres.`,
  sectionTextTooLong: `O texto da seção deve ter no máximo ${TRAINING_SECTION_TEXT_MAX_LENGTH} caracteres.`,
  activeInvalid: 'O campo active deve ser verdadeiro ou falso.',
  orderInvalid:
    'Ordenação inválida. Use newest, oldest, popular, title ou created_at (com - antes para decrescente).',
  limitInvalid: `O limite deve ser um número inteiro entre 1 e ${TRAINING_LIST_MAX_LIMIT}.`,
  offsetInvalid: 'O deslocamento deve ser um número inteiro maior ou igual a 0.',
  dateInvalid: 'Data inválida. Use AAAA-MM-DD ou data e hora ISO 8601.',
  dateRangeInvalid: 'A data inicial deve ser anterior ou igual à data final.',
  searchTooLong: `A pesquisa deve ter no máximo ${TRAINING_SEARCH_MAX_LENGTH} caracteres.`,
  titleTaken: 'Já existe um treinamento com esse título.',
  notFound: 'Treinamento não encontrado.',
  /** The web's confirmations of a save from the admin form. */
  created: 'Treinamento criado.',
  updated: 'Treinamento atualizado.',
  createFailed: 'Erro ao criar treinamento.',
  updateFailed: 'Erro ao atualizar treinamento.',
  listLoadFailed: 'Não foi possível carregar os treinamentos agora.',
  loadFailed: 'Não foi possível carregar o treinamento.',
  toggleFailed: 'Não foi possível alterar o status.',
  deleteFailed: 'Não foi possível excluir o treinamento.',
  /** The web's admin list: its loading text and the confirmations of a row's actions. */
  loading: 'Carregando treinamentos...',
  empty: 'Nenhum treinamento encontrado',
  emptyHint: 'Cadastre novos vídeos para aparecerem aqui.',
  activated: 'Treinamento ativado.',
  deactivated: 'Treinamento inativado.',
  deleted: 'Treinamento excluído.',
  reactionFailed: 'Não foi possível registrar sua avaliação. Tente novamente.',
} as const;

/** SPEC section 5: the confirmation asked before deleting a training. */
export function trainingDeleteConfirmation(title: string): string {
  return `Excluir o treinamento "${title}"?`;
}

// ---------------------------------------------------------------------------------------------
// The resource as the API returns it
// ---------------------------------------------------------------------------------------------

export const contentSectionSchema = z.object({ title: z.string(), text: z.string() });
export type ContentSection = z.infer<typeof contentSectionSchema>;

export const trainingSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(TRAINING_CATEGORIES),
  video_url: z.string().nullable(),
  /** Derived from YouTube links; null for other hosts. */
  thumbnail_url: z.string().nullable(),
  published_at: z.string().nullable(),
  content_sections: z.array(contentSectionSchema),
  active: z.boolean(),
  like_count: z.number().int(),
  dislike_count: z.number().int(),
  /** The caller's own reaction. */
  my_reaction: z.enum(TRAINING_REACTIONS).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Training = z.infer<typeof trainingSchema>;

// ---------------------------------------------------------------------------------------------
// Create and update bodies
// ---------------------------------------------------------------------------------------------

const title = singleLineTextField(
  { required: TRAINING_MESSAGES.titleRequired, tooLong: TRAINING_MESSAGES.titleTooLong },
  TRAINING_TITLE_MAX_LENGTH,
);
const description = multiLineText({
  max: TRAINING_DESCRIPTION_MAX_LENGTH,
  tooLong: TRAINING_MESSAGES.descriptionTooLong,
  required: TRAINING_MESSAGES.descriptionRequired,
});
const category = z.enum(TRAINING_CATEGORIES, { error: TRAINING_MESSAGES.categoryInvalid });
const active = z.boolean({ error: TRAINING_MESSAGES.activeInvalid });

const HTTP_URL = /^https?:\/\//i;
/** Omitted stays undefined (a PATCH leaves it alone); blank or null clears it. */
const videoUrl = z
  .string({ error: TRAINING_MESSAGES.videoUrlScheme })
  // Documented: empty (no video) or an http(s) address, as the refinements below check.
  .meta({ pattern: '^\\s*([Hh][Tt][Tt][Pp][Ss]?://\\S.*)?$' })
  .trim()
  .max(TRAINING_VIDEO_URL_MAX_LENGTH, TRAINING_MESSAGES.videoUrlTooLong)
  .refine((value) => value === '' || HTTP_URL.test(value), TRAINING_MESSAGES.videoUrlScheme)
  .refine(
    (value) => value === '' || !HTTP_URL.test(value) || URL.canParse(value),
    TRAINING_MESSAGES.videoUrlInvalid,
  )
  .nullish()
  .transform((value) => (value === '' ? null : value));

const isoDateTime = z.iso.datetime({ offset: true });
/** An ISO 8601 date-time with Z or an offset, stored as UTC; blank or null clears it. */
const publishedAt = z
  .string({ error: TRAINING_MESSAGES.publishedAtInvalid })
  .trim()
  .refine(
    (value) =>
      value === '' || (isoDateTime.safeParse(value).success && !Number.isNaN(Date.parse(value))),
    TRAINING_MESSAGES.publishedAtInvalid,
  )
  .nullish()
  .transform((value) => {
    if (value === undefined) return undefined;
    return value ? new Date(value).toISOString() : null;
  });

const sectionInput = z.object(
  {
    title: optionalSingleLineText(
      TRAINING_MESSAGES.sectionTitleTooLong,
      TRAINING_SECTION_TITLE_MAX_LENGTH,
      TRAINING_MESSAGES.sectionsInvalid,
    )
      .nullish()
      .transform((value) => value ?? ''),
    text: multiLineText({
      max: TRAINING_SECTION_TEXT_MAX_LENGTH,
      tooLong: TRAINING_MESSAGES.sectionTextTooLong,
      invalid: TRAINING_MESSAGES.sectionsInvalid,
    })
      .nullish()
      .transform((value) => value ?? ''),
  },
  { error: TRAINING_MESSAGES.sectionsInvalid },
);

/** Trimmed sections; entries with neither title nor text are dropped before counting to 4. */
const contentSections = z
  .array(sectionInput, { error: TRAINING_MESSAGES.sectionsInvalid })
  .max(SECTIONS_MAX_RAW_ENTRIES, TRAINING_MESSAGES.sectionsTooMany)
  .transform((sections) =>
    sections.filter((section) => section.title !== '' || section.text !== ''),
  )
  .refine(
    (sections) => sections.length <= TRAINING_MAX_SECTIONS,
    TRAINING_MESSAGES.sectionsTooMany,
  );

export const trainingCreateSchema = z.object({
  title,
  description,
  category: category.default(DEFAULT_TRAINING_CATEGORY),
  video_url: videoUrl.transform((value) => value ?? null),
  published_at: publishedAt.transform((value) => value ?? null),
  content_sections: contentSections.nullish().transform((value) => value ?? []),
  active: active.default(true),
});
export type TrainingCreate = z.input<typeof trainingCreateSchema>;
export type TrainingCreateData = z.output<typeof trainingCreateSchema>;

/** The full payload of the edit modal, or only `{active}` from the toggle. */
export const trainingUpdateSchema = z.object({
  title: title.optional(),
  description: description.optional(),
  category: category.optional(),
  video_url: videoUrl,
  published_at: publishedAt,
  content_sections: contentSections.nullish().transform((value) => (value === null ? [] : value)),
  active: active.optional(),
});
export type TrainingUpdate = z.input<typeof trainingUpdateSchema>;
export type TrainingUpdateData = z.output<typeof trainingUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// List query
// ---------------------------------------------------------------------------------------------

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * Brazil has had no daylight saving time since 2019, so a calendar day of the clinics starts at
 * 00:00 -03:00.
 */
const CLINIC_UTC_OFFSET = '-03:00';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A query date: a calendar day (clinic time) or an exact ISO date-time. */
const queryDate = z
  .string({ error: TRAINING_MESSAGES.dateInvalid })
  .trim()
  .refine(
    (value) =>
      value === '' ||
      (DATE_ONLY.test(value)
        ? z.iso.date().safeParse(value).success
        : isoDateTime.safeParse(value).success && !Number.isNaN(Date.parse(value))),
    TRAINING_MESSAGES.dateInvalid,
  )
  .optional()
  .transform((value) => {
    if (!value) return undefined;
    if (DATE_ONLY.test(value)) {
      return { start: new Date(`${value}T00:00:00${CLINIC_UTC_OFFSET}`), wholeDay: true };
    }
    return { start: new Date(value), wholeDay: false };
  });

/**
 * `category=skincare`, a comma list `category=skincare,body` or the parameter repeated; blank
 * means every category.
 */
const categoryFilter = z
  .union([z.string(), z.array(z.string())], { error: TRAINING_MESSAGES.categoryInvalid })
  .optional()
  .transform((value) => {
    const parts = [value ?? []].flat().flatMap((part) => part.split(','));
    return [...new Set(parts.map((part) => part.trim()).filter(Boolean))];
  })
  .refine((values) => values.every(isTrainingCategory), TRAINING_MESSAGES.categoryInvalid)
  .transform((values) => {
    const categories = values.filter(isTrainingCategory);
    return categories.length > 0 ? categories : undefined;
  });

const integerParam = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** GET /trainings/?category=&q=&date_from=&date_to=&order=&limit=&offset= */
export const trainingListQuerySchema = z
  .object({
    category: categoryFilter,
    q: z
      .string()
      .trim()
      .max(TRAINING_SEARCH_MAX_LENGTH, TRAINING_MESSAGES.searchTooLong)
      .optional()
      .transform((value) => value || undefined),
    date_from: queryDate,
    date_to: queryDate,
    order: z
      .enum(TRAINING_LIST_ORDERS, { error: TRAINING_MESSAGES.orderInvalid })
      .default('newest'),
    limit: integerParam(TRAINING_MESSAGES.limitInvalid, 1, TRAINING_LIST_MAX_LIMIT).default(
      TRAINING_LIST_DEFAULT_LIMIT,
    ),
    offset: integerParam(TRAINING_MESSAGES.offsetInvalid, 0, MAX_OFFSET).default(0),
  })
  .transform(({ date_from, date_to, ...rest }) => ({
    ...rest,
    /** Inclusive lower bound. */
    publishedFrom: date_from?.start,
    /** Exclusive upper bound: a calendar day runs to the next midnight, an instant to itself. */
    publishedBefore: date_to
      ? new Date(date_to.start.getTime() + (date_to.wholeDay ? DAY_MS : 1))
      : undefined,
  }))
  .refine(
    ({ publishedFrom, publishedBefore }) =>
      !publishedFrom || !publishedBefore || publishedFrom < publishedBefore,
    { error: TRAINING_MESSAGES.dateRangeInvalid, path: ['date_from'] },
  );
export type TrainingListQuery = z.input<typeof trainingListQuerySchema>;
export type TrainingListFilter = z.output<typeof trainingListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Reactions (DESIGN 7.6: one per user; the same button twice undoes it, the other one moves it)
// ---------------------------------------------------------------------------------------------

export interface ReactionChange {
  /** The user's reaction after the click. */
  next: TrainingReaction | null;
  likeDelta: -1 | 0 | 1;
  dislikeDelta: -1 | 0 | 1;
}

export function applyReaction(
  current: TrainingReaction | null,
  clicked: TrainingReaction,
): ReactionChange {
  if (current === clicked) {
    return clicked === 'like'
      ? { next: null, likeDelta: -1, dislikeDelta: 0 }
      : { next: null, likeDelta: 0, dislikeDelta: -1 };
  }
  if (clicked === 'like') {
    return { next: 'like', likeDelta: 1, dislikeDelta: current === 'dislike' ? -1 : 0 };
  }
  return { next: 'dislike', likeDelta: current === 'like' ? -1 : 0, dislikeDelta: 1 };
}

/** The training as it will look after the click: for optimistic updates (never below 0). */
export function withReaction<
  T extends Pick<Training, 'like_count' | 'dislike_count' | 'my_reaction'>,
>(training: T, clicked: TrainingReaction): T {
  const change = applyReaction(training.my_reaction, clicked);
  return {
    ...training,
    my_reaction: change.next,
    like_count: Math.max(0, training.like_count + change.likeDelta),
    dislike_count: Math.max(0, training.dislike_count + change.dislikeDelta),
  };
}

// ---------------------------------------------------------------------------------------------
// Admin page counters
// ---------------------------------------------------------------------------------------------

export interface TrainingCounts {
  total: number;
  likes: number;
  dislikes: number;
  byCategory: Record<TrainingCategory, number>;
}

/** The stat cards of 'Gestão de Treinamentos', over the trainings on the page. */
export function countTrainings(
  trainings: readonly Pick<Training, 'category' | 'like_count' | 'dislike_count'>[],
): TrainingCounts {
  const byCategory: Record<TrainingCategory, number> = {
    skincare: 0,
    body: 0,
    equipment: 0,
    sales: 0,
    other: 0,
  };
  let likes = 0;
  let dislikes = 0;
  for (const training of trainings) {
    likes += training.like_count;
    dislikes += training.dislike_count;
    byCategory[training.category] += 1;
  }
  return { total: trainings.length, likes, dislikes, byCategory };
}

/** Escapes LIKE's wildcards (and its escape character) so a search for "50%" finds "50%". */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
