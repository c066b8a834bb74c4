import { z } from '../shared/zod.ts';
import { multiLineText } from '../shared/text-fields.ts';
import {
  cleanSingleLineText,
  fitsCharacters,
  hasBidiControl,
  TEXT_MESSAGES,
} from '../shared/text.ts';
import {
  NOTICE_CATEGORIES,
  NOTICE_TEXT_MAX_LENGTH,
  NOTICE_TITLE_MAX_LENGTH,
  NOTICE_IMAGE_URL_MAX_LENGTH,
  NOTICE_MESSAGES,
  type NoticeCategory,
} from './notice-constants.ts';

export * from './notice-constants.ts';

// Cleaned like every title (text-fields.ts: no invisible or control characters, no bidi
// controls), then trimmed, so the 280 limit counts what is stored and shown, as people count
// characters (an emoji is one): the web's counter uses the same graphemeLength.
const title = z
  .string({ error: NOTICE_MESSAGES.titleRequired })
  .refine((value) => !hasBidiControl(value), TEXT_MESSAGES.bidiControl)
  .transform(cleanSingleLineText)
  .pipe(
    z
      .string()
      .trim()
      .min(1, NOTICE_MESSAGES.titleRequired)
      .refine(
        (value) => fitsCharacters(value, NOTICE_TITLE_MAX_LENGTH),
        NOTICE_MESSAGES.titleTooLong,
      ),
  );
// The body keeps its line breaks, with the same hygiene (text-fields.ts multiLineText).
const text = multiLineText({
  max: NOTICE_TEXT_MAX_LENGTH,
  tooLong: NOTICE_MESSAGES.textTooLong,
  required: NOTICE_MESSAGES.textRequired,
  graphemes: true,
});
const category = z.enum(NOTICE_CATEGORIES, {
  error: (issue) =>
    issue.input === undefined ? NOTICE_MESSAGES.categoryRequired : NOTICE_MESSAGES.categoryInvalid,
});
const active = z.boolean({ error: NOTICE_MESSAGES.activeInvalid });

const HTTP_URL = /^https?:\/\//i;
/** A host after the scheme and no spaces anywhere: enough to be a link a browser can load. */
const LOADABLE_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
/** Omitted stays undefined (a PATCH leaves it alone); blank or null clears it. */
const imageUrl = z
  .string({ error: NOTICE_MESSAGES.imageUrlScheme })
  // Documented: empty (no image) or an http(s) address, as the refinements below check.
  .meta({ pattern: '^\\s*([Hh][Tt][Tt][Pp][Ss]?://\\S+)?\\s*$' })
  .trim()
  .max(NOTICE_IMAGE_URL_MAX_LENGTH, NOTICE_MESSAGES.imageUrlTooLong)
  .refine((value) => value === '' || HTTP_URL.test(value), NOTICE_MESSAGES.imageUrlScheme)
  .refine(
    (value) => value === '' || !HTTP_URL.test(value) || LOADABLE_URL.test(value),
    NOTICE_MESSAGES.imageUrlInvalid,
  )
  .nullish()
  .transform((value) => (value === '' ? null : value));

export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  category: z.enum(NOTICE_CATEGORIES),
  active: z.boolean(),
  imageUrl: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeCreateSchema = z.object({
  title,
  text,
  category,
  active: active.default(true),
  imageUrl,
});
export type NoticeCreate = z.input<typeof noticeCreateSchema>;
export type NoticeCreateData = z.output<typeof noticeCreateSchema>;

/** The full payload of the edit modal, or only `{active}` from the toggle. */
export const noticeUpdateSchema = z.object({
  title: title.optional(),
  text: text.optional(),
  category: category.optional(),
  active: active.optional(),
  imageUrl,
});
export type NoticeUpdate = z.input<typeof noticeUpdateSchema>;
export type NoticeUpdateData = z.output<typeof noticeUpdateSchema>;

/** GET /notices/notices/?active=true&category=urgent */
export const noticeListQuerySchema = z.object({
  active: z
    .enum(['true', 'false'], { error: NOTICE_MESSAGES.activeFilterInvalid })
    .transform((value) => value === 'true')
    .optional(),
  category: z.enum(NOTICE_CATEGORIES, { error: NOTICE_MESSAGES.categoryInvalid }).optional(),
});
export type NoticeListQuery = z.output<typeof noticeListQuerySchema>;

export interface NoticeCounts {
  total: number;
  active: number;
  inactive: number;
  byCategory: Record<NoticeCategory, number>;
}

/** The counters of the notice management page. */
export function countNotices(
  notices: readonly Pick<Notice, 'active' | 'category'>[],
): NoticeCounts {
  const byCategory: Record<NoticeCategory, number> = {
    urgent: 0,
    scarcity: 0,
    exclusive: 0,
    new_purchase: 0,
  };
  let activeCount = 0;
  for (const notice of notices) {
    if (notice.active) activeCount += 1;
    byCategory[notice.category] += 1;
  }
  return {
    total: notices.length,
    active: activeCount,
    inactive: notices.length - activeCount,
    byCategory,
  };
}
