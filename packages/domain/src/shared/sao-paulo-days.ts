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

/** The São Paulo calendar day of an instant, `YYYY-MM-DD`. */
export function saoPauloDate(instant: Date | string): string {
  return zonedParts(typeof instant === 'string' ? new Date(instant) : instant).date;
}

/** The instant São Paulo's day `YYYY-MM-DD` begins. */
export function saoPauloDayStart(date: string): Date {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const offset = zonedParts(new Date(guess)).localAsUtc - guess;
  const start = guess - offset;
  // Across a past daylight-saving change the offset at the guess may differ by an hour.
  const again = zonedParts(new Date(start)).localAsUtc - start;
  return new Date(guess - again);
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
