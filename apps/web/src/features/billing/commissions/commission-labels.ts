import type { CommissionEntryView, CommissionStatementStatus } from '@portal/domain';

export const STATEMENT_STATUS_COLORS: Record<CommissionStatementStatus, string> = {
  prevista: 'gray',
  aprovada: 'blue',
  paga: 'teal',
};

export const ENTRY_STATUS_COLORS: Record<CommissionEntryView['status'], string> = {
  prevista: 'gray',
  aprovada: 'blue',
  paga: 'teal',
  estornada: 'red',
};

/** 'MM/AAAA' of 'AAAA-MM'. */
export function monthLabel(period: string): string {
  return period.split('-').reverse().join('/');
}
