import { z } from '../shared/zod.ts';
import {
  DEVICE_CLASSES,
  NAVIGATION_TYPES,
  ROUTE_PATTERN,
  WEB_VITAL_MAX_VALUES,
  WEB_VITAL_NAMES,
  WEB_VITAL_RATINGS,
  WEB_VITALS_MAX_ENTRIES,
  WEB_VITALS_MESSAGES as M,
  WEB_VITALS_PAGE_MAX_LENGTH,
} from './web-vitals-constants.ts';

export * from './web-vitals-constants.ts';

/** web-vitals' metric id: `v6-<timestamp>-<random>`; the API keeps one row per id. */
const METRIC_ID = /^v\d{1,2}-\d{1,15}-\d{1,15}$/;

export const webVitalEntrySchema = z
  .object({
    id: z.string({ error: M.idInvalid }).max(40, M.idInvalid).regex(METRIC_ID, M.idInvalid),
    name: z.enum(WEB_VITAL_NAMES, { error: M.nameInvalid }),
    value: z.number({ error: M.valueInvalid }).min(0, M.valueInvalid),
    rating: z.enum(WEB_VITAL_RATINGS, { error: M.ratingInvalid }),
    navigation_type: z.enum(NAVIGATION_TYPES, { error: M.navigationTypeInvalid }),
  })
  // The bound depends on the metric: a CLS of 60 is as impossible as an LCP of 10 minutes.
  .refine((entry) => entry.value <= WEB_VITAL_MAX_VALUES[entry.name], {
    message: M.valueInvalid,
    path: ['value'],
  });
export type WebVitalEntry = z.output<typeof webVitalEntrySchema>;

/**
 * POST /vitals: the metrics of one page view. Nothing about the person: the page is a route
 * pattern, the device a class; unknown fields are dropped.
 */
export const webVitalsReportSchema = z.object({
  page: z
    .string({ error: M.pageInvalid })
    .max(WEB_VITALS_PAGE_MAX_LENGTH, M.pageInvalid)
    .regex(ROUTE_PATTERN, M.pageInvalid),
  device: z.enum(DEVICE_CLASSES, { error: M.deviceInvalid }),
  entries: z
    .array(webVitalEntrySchema, { error: M.entriesRequired })
    .min(1, M.entriesRequired)
    .max(WEB_VITALS_MAX_ENTRIES, M.entriesTooMany),
});
export type WebVitalsReport = z.input<typeof webVitalsReportSchema>;

/** p75 of one metric for one page and device class over one window. */
export const webVitalsSummaryRowSchema = z.object({
  page: z.string(),
  device: z.enum(DEVICE_CLASSES),
  metric: z.enum(WEB_VITAL_NAMES),
  p75: z.number(),
  samples: z.number().int(),
});
export type WebVitalsSummaryRow = z.infer<typeof webVitalsSummaryRowSchema>;

/** GET /vitals/summary: for each window (7 and 28 days), the rows that have samples in it. */
export const webVitalsSummarySchema = z.object({
  windows: z.array(
    z.object({
      days: z.number().int(),
      rows: z.array(webVitalsSummaryRowSchema),
    }),
  ),
});
export type WebVitalsSummary = z.infer<typeof webVitalsSummarySchema>;
