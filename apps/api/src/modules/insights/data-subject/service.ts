import type {
  Client,
  ClientExport,
  ConsentCreateData,
  ConsentEntry,
  Proposal,
} from '@portal/domain';
import type { AppDb } from '../../../db/client.ts';
import type { Viewer } from '../../../auth/scope.ts';
import { proposalsService } from '../../sales/proposals/service.ts';
import { contractsService } from '../../care/contracts/service.ts';
import { anonymizedName, clientsService, toClient } from '../../crm/clients/service.ts';

/** Proposals read per query while an export is sent. */
export const EXPORT_PAGE = 50;

export type ClientExportHead = Omit<ClientExport, 'proposals'>;

/**
 * Data subject rights (LGPD art. 18/19) across the client's record and its proposals: this file
 * joins the two modules so neither service imports the other both ways.
 */
export const dataSubjectService = {
  /**
   * Everything held about the client but her proposals, and the ids of those (newest first), read
   * in one transaction with the access-log entry of the export. The proposals are then read a
   * page at a time (proposalPages) while the answer is being sent: a client with thousands of
   * them holds neither the database nor the memory.
   */
  async exportHead(
    db: AppDb,
    viewer: Viewer,
    id: number,
  ): Promise<{ head: ClientExportHead; proposalIds: number[] }> {
    return db.transaction(async (tx) => {
      const row = await clientsService.administered(tx, viewer, id);
      await clientsService.logAccess(tx, viewer, id, 'export');
      const parts = await clientsService.exportParts(tx, row);
      return {
        head: {
          exported_at: new Date().toISOString(),
          client: parts.client,
          consents: parts.consents,
          access_log: parts.accessLog,
        },
        proposalIds: await proposalsService.clientProposalIds(tx, id),
      };
    });
  },

  /** The proposals of exportHead, EXPORT_PAGE at a time, read only when the last is taken. */
  async *proposalPages(db: AppDb, ids: readonly number[]): AsyncGenerator<Proposal[]> {
    const now = new Date();
    for (let start = 0; start < ids.length; start += EXPORT_PAGE) {
      yield await proposalsService.byIds(db, ids.slice(start, start + EXPORT_PAGE), now);
    }
  },

  /** Everything held about the client in one object (the PDF draws it whole); logged. */
  async export(db: AppDb, viewer: Viewer, id: number): Promise<ClientExport> {
    const { head, proposalIds } = await dataSubjectService.exportHead(db, viewer, id);
    const proposals: Proposal[] = [];
    for await (const page of dataSubjectService.proposalPages(db, proposalIds)) {
      proposals.push(...page);
    }
    return { ...head, proposals };
  },

  /**
   * A consent ledger entry. Revoking the health-data consent clears the sensitive fields and, in
   * the same transaction, the contraindication warnings the client's proposals drew from them
   * (they name the allergy): LGPD art. 8 §5, nothing that rested on the consent stays.
   */
  async addConsent(
    db: AppDb,
    viewer: Viewer,
    id: number,
    data: ConsentCreateData,
  ): Promise<{ consent: ConsentEntry; client: Client }> {
    return db.transaction(async (tx) => {
      const result = await clientsService.addConsent(tx, viewer, id, data);
      if (data.purpose === 'health_data' && !data.granted) {
        await proposalsService.clearClientWarnings(tx, id);
      }
      return result;
    });
  },

  /**
   * Personal data removed from the record, from every proposal (name, warnings, acceptance
   * evidence, free-text reasons) and from her contracts' ledgers (notes and reasons); the
   * figures stay. Anonymizing again changes nothing.
   */
  async anonymize(db: AppDb, viewer: Viewer, id: number): Promise<Client> {
    return db.transaction(async (tx) => {
      const row = await clientsService.administered(tx, viewer, id, true);
      if (row.anonymizedAt) return toClient(row);
      const updated = await clientsService.anonymizeRow(tx, row);
      await proposalsService.anonymizeClient(tx, id, anonymizedName(id));
      await contractsService.anonymizeClient(tx, id);
      await clientsService.logAccess(tx, viewer, id, 'anonymize');
      return toClient(updated);
    });
  },
};
