import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommissionReport, Unit } from '@portal/domain';
import { api, apiRequestBlob } from '../../lib/api-client';

/**
 * Commission beside the margin it came from on /gestao (issue 30): per unit and professional,
 * over the months asked. Same months and reach as the liability and cash reports.
 */

const PATH = '/api/v1/reports/commissions';

export interface CommissionReportFilters {
  /** 'AAAA-MM', inclusive. */
  from: string;
  to: string;
  unit?: Unit;
}

export const commissionReportKeys = {
  all: ['commission-report'] as const,
  report: (filters: CommissionReportFilters) =>
    [...commissionReportKeys.all, 'report', filters] as const,
};

export const commissionReportQuery = (filters: CommissionReportFilters) =>
  queryOptions({
    queryKey: commissionReportKeys.report(filters),
    queryFn: ({ signal }) => api.get<CommissionReport>(PATH, { query: { ...filters }, signal }),
    placeholderData: keepPreviousData,
  });

export function useCommissionReportQuery(filters: CommissionReportFilters, enabled: boolean) {
  return useQuery({ ...commissionReportQuery(filters), enabled });
}

/** The report as the server's CSV (Excel pt-BR), with the same filters as the screen. */
export function fetchCommissionReportCsv(filters: CommissionReportFilters): Promise<Blob> {
  return apiRequestBlob(`${PATH}.csv`, { query: { ...filters } });
}
