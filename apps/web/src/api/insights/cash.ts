import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CashReport, Unit } from '@portal/domain';
import { api, apiRequestBlob } from '../../lib/api-client';

/**
 * Cash per unit and São Paulo month on /gestao (issue 29): received, sold, delivered, overdue
 * and the overdue rate. Same months and reach as the liability report.
 */

const PATH = '/api/v1/reports/cash';

export interface CashFilters {
  /** 'AAAA-MM', inclusive. */
  from: string;
  to: string;
  unit?: Unit;
}

export const cashKeys = {
  all: ['cash'] as const,
  report: (filters: CashFilters) => [...cashKeys.all, 'report', filters] as const,
};

export const cashQuery = (filters: CashFilters) =>
  queryOptions({
    queryKey: cashKeys.report(filters),
    queryFn: ({ signal }) => api.get<CashReport>(PATH, { query: { ...filters }, signal }),
    placeholderData: keepPreviousData,
  });

export function useCashQuery(filters: CashFilters, enabled: boolean) {
  return useQuery({ ...cashQuery(filters), enabled });
}

/** The report as the server's CSV (Excel pt-BR), with the same filters as the screen. */
export function fetchCashCsv(filters: CashFilters): Promise<Blob> {
  return apiRequestBlob(`${PATH}.csv`, { query: { ...filters } });
}
