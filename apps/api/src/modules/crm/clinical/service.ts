import {
  CLINICAL_CHECK_MESSAGES,
  clinicalCheck,
  todayInSaoPaulo,
  type ClinicalCheckRequestData,
  type ClinicalCheckResponse,
  type ClinicalCheckResult,
  type ClinicalProcedure,
  type ClinicalRecordInput,
  type ClinicalTraits,
} from '@portal/domain';
import type { Viewer } from '../../../auth/scope.ts';
import type { AppDb, DbOrTx } from '../../../db/client.ts';
import { invalidField } from '../../../http/errors.ts';
import { servicesService } from '../../catalogue/services/service.ts';
import { clientsService } from '../clients/service.ts';

/**
 * The clinical check on the server (issue 26; docs/decisions/0031-clinical-check-at-every-path.md):
 * the domain's one check (packages/domain/src/catalogue/clinical/check.ts) fed with a client's
 * record as stored and the procedures' stored traits. Every path that recommends, saves or
 * prints procedures for a client goes through here.
 */

export const EMPTY_CLINICAL_RECORD: ClinicalRecordInput = { conditions: [], allergies: [] };

/** A procedure as the check reads it: traits null when the catalogue has none yet. */
export function clinicalProcedureOf(service: {
  id: number;
  name: string;
  clinical_traits?: ClinicalTraits | null;
}): ClinicalProcedure {
  return { id: service.id, name: service.name, traits: service.clinical_traits ?? null };
}

export const clinicalService = {
  /** The client's record for the check (404 outside reach), the read logged; none: empty. */
  async recordFor(
    db: DbOrTx,
    viewer: Viewer,
    clientId: number | null | undefined,
  ): Promise<ClinicalRecordInput> {
    if (!clientId) return EMPTY_CLINICAL_RECORD;
    return db.transaction((tx) => clientsService.clinicalRecordIn(tx, viewer, clientId));
  },

  /** The check at the moment of the call (São Paulo's today for the time rules). */
  run(
    record: ClinicalRecordInput,
    request: string | null | undefined,
    procedures: readonly ClinicalProcedure[],
    now: Date = new Date(),
  ): ClinicalCheckResult {
    return clinicalCheck(record, request, procedures, todayInSaoPaulo(now));
  },

  /** POST /clinical/check: every issue of the cart for the client and the request. */
  async check(
    db: AppDb,
    viewer: Viewer,
    data: ClinicalCheckRequestData,
  ): Promise<ClinicalCheckResponse> {
    const ids = [...new Set(data.service_ids)];
    const services = await servicesService.findByIds(db, ids);
    const byId = new Map(services.map((service) => [service.id, service]));
    const missing = ids.findIndex((id) => !byId.has(id));
    if (missing >= 0) {
      throw invalidField(
        ['body', 'service_ids', data.service_ids.indexOf(ids[missing]!)],
        CLINICAL_CHECK_MESSAGES.serviceNotFound,
      );
    }
    const record = await clinicalService.recordFor(db, viewer, data.client_id);
    const result = clinicalService.run(
      record,
      data.request,
      ids.map((id) => clinicalProcedureOf(byId.get(id)!)),
    );
    return { understood: result.understood, warnings: result.issues };
  },
};
