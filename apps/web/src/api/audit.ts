import { queryOptions } from '@tanstack/react-query';
import type {
  AuditEntity,
  AuditEntry,
  AuditVerifyResult,
  ServicePriceHistoryEntry,
  User,
} from '@portal/domain';
import { api, apiRequestPage, type ApiPage } from '../lib/api-client';

/** Every request about the audit trail (issue 14): the log, its verification, price histories. */

const AUDIT_PATH = '/api/v1/audit/';

export interface AuditFilter {
  entity?: AuditEntity | undefined;
  actorId?: number | undefined;
  /** YYYY-MM-DD, São Paulo time, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  offset: number;
}

export const auditKeys = {
  all: ['audit'] as const,
  entries: (filter: AuditFilter) => [...auditKeys.all, 'entries', filter] as const,
  people: () => [...auditKeys.all, 'people'] as const,
  priceHistory: (serviceId: number) => [...auditKeys.all, 'price-history', serviceId] as const,
};

export function fetchAuditEntries(
  filter: AuditFilter,
  signal?: AbortSignal,
): Promise<ApiPage<AuditEntry>> {
  return apiRequestPage<AuditEntry>(AUDIT_PATH, {
    signal,
    query: {
      entity: filter.entity,
      actor_id: filter.actorId,
      from: filter.from,
      to: filter.to,
      limit: filter.limit,
      offset: filter.offset,
    },
  });
}

export const auditEntriesQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: auditKeys.entries(filter),
    queryFn: ({ signal }) => fetchAuditEntries(filter, signal),
  });

/** The people the person filter offers (admins read the user list). */
export const auditPeopleQueryOptions = () =>
  queryOptions({
    queryKey: auditKeys.people(),
    queryFn: ({ signal }) => api.get<User[]>('/api/v1/users/', { signal }),
    staleTime: 60_000,
  });

/** Walks the whole chain on the server; asked for on demand, never cached. */
export function verifyAuditChain(): Promise<AuditVerifyResult> {
  return api.get<AuditVerifyResult>(`${AUDIT_PATH}verify`);
}

/** A procedure's price, cost and minimum-margin changes, newest first (admins and managers). */
export const servicePriceHistoryQueryOptions = (serviceId: number) =>
  queryOptions({
    queryKey: auditKeys.priceHistory(serviceId),
    queryFn: ({ signal }) =>
      api.get<ServicePriceHistoryEntry[]>(`/api/v1/services/${serviceId}/history`, { signal }),
  });
