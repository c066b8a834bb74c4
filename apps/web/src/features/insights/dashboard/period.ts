import { addDays, addMonths, saoPauloDate } from '@portal/domain';

/** The period presets of the dashboard; 'custom' takes the dates typed. */
export const PERIOD_PRESETS = [
  { value: 'este-mes', label: 'Este mês' },
  { value: 'mes-passado', label: 'Mês passado' },
  { value: 'ultimos-90-dias', label: 'Últimos 90 dias' },
  { value: 'este-ano', label: 'Este ano' },
  { value: 'personalizado', label: 'Personalizado' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];

export function isPeriodPreset(value: string | null): value is PeriodPreset {
  return PERIOD_PRESETS.some((preset) => preset.value === value);
}

/** Inclusive São Paulo days of a preset at `now` (null for 'personalizado'). */
export function presetPeriod(
  preset: PeriodPreset,
  now: Date = new Date(),
): { from: string; to: string } | null {
  const today = saoPauloDate(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'este-mes':
      return { from: monthStart, to: addDays(addMonths(monthStart, 1), -1) };
    case 'mes-passado':
      return { from: addMonths(monthStart, -1), to: addDays(monthStart, -1) };
    case 'ultimos-90-dias':
      return { from: addDays(today, -89), to: today };
    case 'este-ano':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
    case 'personalizado':
      return null;
  }
}
