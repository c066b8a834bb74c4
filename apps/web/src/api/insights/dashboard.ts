import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Pipeline,
  PipelineQueryData,
  Renewal,
  RenewalsQueryData,
  SalesDashboard,
  SalesDashboardQueryData,
} from '@portal/domain';
import { api, apiRequestBlob } from '../../lib/api-client';

/**
 * Every request of the managers' screens (issue 14): the sales dashboard and its CSV, the
 * pipeline and the renewals. Features import these; none declares its own request. The server
 * scopes each answer to the caller (a manager's own unit, a professional's own proposals).
 */

const SALES_PATH = '/api/v1/dashboard/sales';
const PIPELINE_PATH = '/api/v1/proposals/pipeline';
const RENEWALS_PATH = '/api/v1/renewals/';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  sales: (filters: SalesDashboardQueryData) => [...dashboardKeys.all, 'sales', filters] as const,
  pipeline: (filters: PipelineQueryData) => [...dashboardKeys.all, 'pipeline', filters] as const,
  renewals: (filters: RenewalsQueryData) => [...dashboardKeys.all, 'renewals', filters] as const,
};

export const salesDashboardQuery = (filters: SalesDashboardQueryData) =>
  queryOptions({
    queryKey: dashboardKeys.sales(filters),
    queryFn: ({ signal }) => api.get<SalesDashboard>(SALES_PATH, { query: { ...filters }, signal }),
    placeholderData: keepPreviousData,
  });

/** The dashboard as the server's CSV (Excel pt-BR), with the same filters as the screen. */
export function fetchSalesCsv(filters: SalesDashboardQueryData): Promise<Blob> {
  return apiRequestBlob(`${SALES_PATH}.csv`, { query: { ...filters } });
}

export const pipelineQuery = (filters: PipelineQueryData) =>
  queryOptions({
    queryKey: dashboardKeys.pipeline(filters),
    queryFn: ({ signal }) => api.get<Pipeline>(PIPELINE_PATH, { query: { ...filters }, signal }),
    placeholderData: keepPreviousData,
  });

export const renewalsQuery = (filters: RenewalsQueryData) =>
  queryOptions({
    queryKey: dashboardKeys.renewals(filters),
    queryFn: ({ signal }) => api.get<Renewal[]>(RENEWALS_PATH, { query: { ...filters }, signal }),
    placeholderData: keepPreviousData,
  });
