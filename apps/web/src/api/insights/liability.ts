import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LiabilityContract, LiabilityReport, Unit } from '@portal/domain';
import { api, apiRequestBlob } from '../../lib/api-client';

/**
 * The liability report of /gestao (issue 28): per unit and São Paulo month, what was sold, what
 * was delivered (value, cost, margin), refunded, expired, and what the network still owes.
 * Money in reais with two decimals, as every JSON answer.
 */

const PATH = '/api/v1/reports/liability';

export interface LiabilityFilters {
  /** 'AAAA-MM', inclusive. */
  from: string;
  to: string;
  unit?: Unit;
}

export const liabilityKeys = {
  all: ['liability'] as const,
  report: (filters: LiabilityFilters) => [...liabilityKeys.all, 'report', filters] as const,
  contracts: (month: string, unit: Unit | null) =>
    [...liabilityKeys.all, 'contracts', month, unit] as const,
};

export const liabilityQuery = (filters: LiabilityFilters) =>
  queryOptions({
    queryKey: liabilityKeys.report(filters),
    queryFn: ({ signal }) => api.get<LiabilityReport>(PATH, { query: { ...filters }, signal }),
    placeholderData: keepPreviousData,
  });

export function useLiabilityQuery(filters: LiabilityFilters, enabled: boolean) {
  return useQuery({ ...liabilityQuery(filters), enabled });
}

export function useLiabilityContractsQuery(month: string | null, unit: Unit | null) {
  return useQuery({
    queryKey: liabilityKeys.contracts(month ?? '', unit),
    queryFn: ({ signal }) =>
      api.get<LiabilityContract[]>(`${PATH}/contracts`, {
        query: { month: month ?? undefined, unit: unit ?? undefined },
        signal,
      }),
    enabled: month !== null,
  });
}

/** The report as the server's CSV (Excel pt-BR), with the same filters as the screen. */
export function fetchLiabilityCsv(filters: LiabilityFilters): Promise<Blob> {
  return apiRequestBlob(`${PATH}.csv`, { query: { ...filters } });
}
