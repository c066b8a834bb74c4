import dayjs from 'dayjs';
import { formatDateBR, type Training } from '@portal/domain';

/** 'YYYY-MM-DDTHH:mm' in the browser's time zone, as a datetime-local input shows it. */
export function toDateTimeLocalValue(iso: string | null): string {
  if (!iso) return '';
  const date = dayjs(iso);
  return date.isValid() ? date.format('YYYY-MM-DDTHH:mm') : '';
}

/** A datetime-local value (browser time) as an ISO string; null when empty or unreadable. */
export function fromDateTimeLocalValue(value: string): string | null {
  if (value.trim() === '') return null;
  const date = dayjs(value);
  return date.isValid() ? date.toISOString() : null;
}

/** The date a training shows: published, or created when it has no published date. */
export function trainingDateLabel(training: Pick<Training, 'published_at' | 'created_at'>): string {
  return formatDateBR(training.published_at ?? training.created_at);
}
