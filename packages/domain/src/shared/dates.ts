const dateFormatter = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });
const dateTimeFormatter = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** "22/11/2026" */
export function formatDateBR(value: string | Date): string {
  return dateFormatter.format(typeof value === 'string' ? new Date(value) : value);
}

/** "22/11/2026, 14:05" */
export function formatDateTimeBR(value: string | Date): string {
  return dateTimeFormatter.format(typeof value === 'string' ? new Date(value) : value);
}

/**
 * A 'YYYY-MM-DD' day that exists in the calendar (no 2026-02-30, which Date rolls over to March)
 * and lies in 1900–9998: a query bound is turned into an instant and its next day, which must
 * still be a four-digit year that PostgreSQL and Date.toISOString both write (year 0 and
 * 9999-12-31 + 1 day were answered 500).
 */
export function isQueryableDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) return false;
  return text >= '1900-01-01' && text <= '9998-12-31';
}
