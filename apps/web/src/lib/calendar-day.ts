/** "31/12/2026" from "2026-12-31": a calendar day, read without any time zone. */
export function formatCalendarDay(date: string): string {
  return date.split('-').reverse().join('/');
}
