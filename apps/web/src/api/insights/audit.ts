import { queryOptions } from '@tanstack/react-query';
import type { AuditEntity, AuditEntry, AuditVerifyResult, User } from '@portal/domain';
import { api, apiRequestPage, type ApiPage } from '../../lib/api-client';

/**
 * Every request about the audit trail (issue 14): the log and its verification. A procedure's
 * price history is the catalogue's (catalogue/services.ts).
 */

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
