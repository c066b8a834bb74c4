/**
 * Days as the clinics count them (DESIGN.md section 11: "days are São Paulo days"): the calendar
 * day of an instant, the instant a day begins, and calendar arithmetic on `YYYY-MM-DD`. Shared by
 * every context: proposals' validity, contracts' validity and withdrawal, instalments' due dates,
 * the dashboard's periods.
 */
const DAY_MS = 86_400_000;

/** The clinics' time zone (IANA), for what schedules by the wall clock. */
export const SAO_PAULO_TIME_ZONE = 'America/Sao_Paulo';

const partsFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: SAO_PAULO_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function zonedParts(instant: Date): { date: string; localAsUtc: number } {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter.formatToParts(instant)) parts[part.type] = part.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const localAsUtc = Date.parse(`${date}T${parts.hour}:${parts.minute}:${parts.second}Z`);
  return { date, localAsUtc };
}

const QUARTER_HOUR_MS = 900_000;
/** São Paulo's offset from UTC (ms) per UTC quarter hour already seen. */
const offsetByQuarterHour = new Map<number, number>();

/**
 * The zone's offset at an instant. It is constant within a quarter hour (every change of São
 * Paulo's offset fell on a whole hour), so formatToParts, which costs microseconds, runs once per
 * quarter hour seen rather than once per call: a month's commission statements read the day of
 * some 200 000 instants (bench/commissions.bench.ts).
 */
function offsetAt(ms: number): number {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = offsetByQuarterHour.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_HOUR_MS;
    offset = zonedParts(new Date(start)).localAsUtc - start;
    if (offsetByQuarterHour.size >= 200_000) offsetByQuarterHour.clear();
    offsetByQuarterHour.set(quarter, offset);
  }
  return offset;
}

/** `YYYY-MM-DD` per day number (days since 1970-01-01), as already written. */
const dayTexts = new Map<number, string>();

/** The São Paulo calendar day of an instant, `YYYY-MM-DD`. */
export function saoPauloDate(instant: Date | string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  // An invalid instant throws RangeError, as formatToParts did.
  if (!Number.isFinite(ms)) throw new RangeError('Invalid time value');
  const day = Math.floor((ms + offsetAt(ms)) / DAY_MS);
  let text = dayTexts.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dayTexts.size >= 100_000) dayTexts.clear();
    dayTexts.set(day, text);
  }
  return text;
}

/** The instant São Paulo's day `YYYY-MM-DD` begins. */
export function saoPauloDayStart(date: string): Date {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const offset = zonedParts(new Date(guess)).localAsUtc - guess;
  const start = guess - offset;
  // Across a past daylight-saving change the offset at the guess may differ by an hour; on the
  // night summer time began (2018-11-04) midnight did not exist and the day began at 01:00. The
  // day begins at the earlier of the two readings that falls on it.
  const again = guess - (zonedParts(new Date(start)).localAsUtc - start);
  const onTheDay = [start, again].filter((ms) => saoPauloDate(new Date(ms)) === date);
  return new Date(onTheDay.length ? Math.min(...onTheDay) : again);
}

/** `YYYY-MM-DD` plus whole days (calendar arithmetic, no time zone). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The Monday of the week of `YYYY-MM-DD`. */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** `YYYY-MM-DD` plus whole months; the 29th–31st of a shorter month is its last day. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
  ).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}
