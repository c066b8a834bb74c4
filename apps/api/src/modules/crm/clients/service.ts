import {
  CLIENT_MESSAGES,
  consentText,
  cpfDigits,
  MESSAGES,
  normalizeForComparison,
  SENSITIVE_CLIENT_FIELDS,
  UNITS,
  type AccessLogAction,
  type AccessLogEntry,
  type Client,
  type ClientCareProfile,
  type ClinicalRecordInput,
  type ClientCreateData,
  type ClientListQueryData,
  type ClientSummary,
  type ClientUpdateData,
  type ConsentCreateData,
  type ConsentEntry,
  type ConsentPurpose,
  type Unit,
} from '@portal/domain';
import { clientRowFilter, rowAccess, type Viewer } from '../../../auth/scope.ts';
import type { AppDb, DbOrTx } from '../../../db/client.ts';
import {
  conflict,
  HttpError,
  invalidField,
  notFound,
  registerConflictMessage,
} from '../../../http/errors.ts';
import * as repo from './repository.ts';

// Two people saving the same CPF at once both pass the explicit check; the unique index catches
// the second and this makes it the same 409.
registerConflictMessage('clients_cpf_key', CLIENT_MESSAGES.cpfTaken);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Folded name and preferred name, phone digits and CPF: what `q` searches. */
function searchTextOf(row: {
  fullName: string;
  preferredName: string | null;
  phone: string | null;
  cpf: string | null;
}): string {
  return [
    normalizeForComparison(row.fullName),
    row.preferredName ? normalizeForComparison(row.preferredName) : '',
    row.phone ? cpfDigits(row.phone) : '',
    row.cpf ?? '',
  ]
    .filter(Boolean)
    .join(' | ');
}

export function toClientSummary(row: repo.ClientRow): ClientSummary {
  return {
    id: row.id,
    full_name: row.fullName,
    preferred_name: row.preferredName,
    phone: row.phone,
    email: row.email,
    cpf: row.cpf,
    birth_date: row.birthDate,
    unit: row.unit as Unit,
    consents: {
      health_data: row.consentHealthData,
      marketing: row.consentMarketing,
      photos: row.consentPhotos,
    },
    anonymized_at: iso(row.anonymizedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toClient(row: repo.ClientRow, createdByName: string | null = null): Client {
  return {
    ...toClientSummary(row),
    salutation: row.salutation,
    preferences: row.preferences,
    important_dates: row.importantDates,
    channels: row.channels,
    notes: row.notes,
    allergies: row.allergies,
    health_flags: row.healthFlags,
    contraindications: row.contraindications,
    health_conditions: row.healthConditions,
    created_by: row.createdBy !== null ? { id: row.createdBy, name: createdByName ?? '' } : null,
  };
}

export function toConsentEntry(row: repo.ConsentRow): ConsentEntry {
  return {
    id: row.id,
    purpose: row.purpose,
    granted: row.granted,
    text_version: row.textVersion,
    text: row.text,
    channel: row.channel,
    collected_by:
      row.collectedBy !== null ? { id: row.collectedBy, name: row.collectedByName ?? '' } : null,
    collected_at: row.collectedAt.toISOString(),
  };
}

export function toAccessLogEntry(row: repo.AccessLogRow): AccessLogEntry {
  return {
    id: row.id,
    action: row.action,
    user: row.userId !== null ? { id: row.userId, name: row.userName ?? '' } : null,
    at: row.at.toISOString(),
  };
}

const CONSENT_COLUMN: Record<
  ConsentPurpose,
  'consentHealthData' | 'consentMarketing' | 'consentPhotos'
> = {
  health_data: 'consentHealthData',
  marketing: 'consentMarketing',
  photos: 'consentPhotos',
};

const SENSITIVE_COLUMNS = {
  allergies: 'allergies',
  health_flags: 'healthFlags',
  contraindications: 'contraindications',
} as const;

/** 422 naming each sensitive field sent with content while health-data consent is not granted. */
function refuseSensitiveWithoutConsent(
  data: Partial<Record<(typeof SENSITIVE_CLIENT_FIELDS)[number], string[] | undefined>> & {
    health_conditions?: readonly unknown[] | undefined;
  },
  consentGranted: boolean,
): void {
  if (consentGranted) return;
  const offending = [
    ...SENSITIVE_CLIENT_FIELDS.filter((field) => (data[field]?.length ?? 0) > 0),
    ...((data.health_conditions?.length ?? 0) > 0 ? ['health_conditions'] : []),
  ];
  if (offending.length > 0) {
    throw new HttpError(
      422,
      offending.map((field) => ({
        loc: ['body', field],
        msg: CLIENT_MESSAGES.sensitiveWithoutConsent,
        type: 'consent_required',
      })),
    );
  }
}

async function logAccess(
  db: DbOrTx,
  viewer: Viewer,
  clientId: number,
  action: AccessLogAction,
): Promise<void> {
  await repo.insertAccessLog(db, {
    clientId,
    userId: viewer.id,
    userName: viewer.name,
    action,
  });
}

/** The client row if the viewer may see it; 404 otherwise, so existence does not leak. */
async function visibleClient(
  db: DbOrTx,
  viewer: Viewer,
  id: number,
  lock = false,
): Promise<repo.ClientRow> {
  const row = await repo.findClient(db, id, lock);
  if (!row || !rowAccess.client(viewer, row)) throw notFound(CLIENT_MESSAGES.notFound);
  return row;
}

async function creatorName(db: DbOrTx, row: repo.ClientRow): Promise<string | null> {
  if (row.createdBy === null) return null;
  const [user] = await db.query.users.findMany({
    columns: { name: true },
    where: (users, { eq }) => eq(users.id, row.createdBy ?? 0),
    limit: 1,
  });
  return user?.name ?? null;
}

function refuseIfAnonymized(row: repo.ClientRow): void {
  if (row.anonymizedAt) throw conflict(CLIENT_MESSAGES.anonymized);
}

async function appendConsent(
  tx: DbOrTx,
  viewer: Viewer,
  client: repo.ClientRow,
  data: ConsentCreateData,
): Promise<{ consent: repo.ConsentRow; client: repo.ClientRow }> {
  const text = consentText(data.purpose, data.text_version);
  if (!text) throw invalidField(['body', 'text_version'], CLIENT_MESSAGES.textVersionInvalid);
  const consent = await repo.insertConsent(tx, {
    clientId: client.id,
    purpose: data.purpose,
    granted: data.granted,
    textVersion: data.text_version,
    text,
    channel: data.channel,
    collectedBy: viewer.id,
    collectedByName: viewer.name,
  });
  const changes: repo.ClientChanges = { [CONSENT_COLUMN[data.purpose]]: data.granted };
  // LGPD art. 8 §5: revoking the health-data consent clears what rested on it.
  if (data.purpose === 'health_data' && !data.granted) {
    changes.allergies = [];
    changes.healthFlags = [];
    changes.contraindications = [];
    changes.healthConditions = [];
  }
  const updated = await repo.updateClient(tx, client.id, changes);
  return { consent, client: updated };
}

function clientUnitFor(viewer: Viewer, requested: Unit | undefined): Unit {
  const unit = requested ?? (viewer.unit as Unit | null) ?? undefined;
  if (!unit || !(UNITS as readonly string[]).includes(unit)) {
    throw invalidField(['body', 'unit'], CLIENT_MESSAGES.unitRequired);
  }
  if (!rowAccess.placeClient(viewer, unit)) {
    throw new HttpError(403, CLIENT_MESSAGES.unitOutOfReach);
  }
  return unit;
}

export interface ClientPage {
  items: ClientSummary[];
  total: number;
}

/** The clients module's public face: other modules call these, never the repository. */
export const clientsService = {
  async list(db: AppDb, viewer: Viewer, query: ClientListQueryData): Promise<ClientPage> {
    // Scope first: a unit outside the caller's reach, or a caller without a unit, gets nothing.
    const scope = clientRowFilter(viewer, { unit: query.unit });
    if (scope === null) return { items: [], total: 0 };
    const text = query.q ? normalizeForComparison(query.q) : undefined;
    // A phone or CPF is typed as digits and signs; a query with letters is a name, whose digits
    // (a suffix, say) must not pull in every client whose phone happens to contain them.
    const digits =
      query.q && /\d/.test(query.q) && !/\p{L}/u.test(query.q) ? cpfDigits(query.q) : undefined;
    const { rows, total } = await repo.listClients(db, {
      scope,
      text: text || undefined,
      digits: digits || undefined,
      limit: query.limit,
      offset: query.offset,
    });
    return { items: rows.map(toClientSummary), total };
  },

  /** The whole record; reading its sensitive part is written to the access log. */
  async get(db: AppDb, viewer: Viewer, id: number): Promise<Client> {
    return db.transaction(async (tx) => {
      const row = await visibleClient(tx, viewer, id);
      await logAccess(tx, viewer, id, 'read_sensitive');
      return toClient(row, await creatorName(tx, row));
    });
  },

  /**
   * What the builder and the assistant hold against the procedures: the allergies and
   * contraindications only, each read written to the access log (a read of sensitive data).
   */
  async careProfile(db: AppDb, viewer: Viewer, id: number): Promise<ClientCareProfile> {
    return db.transaction((tx) => clientsService.careProfileIn(tx, viewer, id));
  },

  /** careProfile inside the caller's transaction (a session record checks it under its lock). */
  async careProfileIn(tx: DbOrTx, viewer: Viewer, id: number): Promise<ClientCareProfile> {
    const row = await visibleClient(tx, viewer, id);
    await logAccess(tx, viewer, id, 'read_sensitive');
    return {
      id: row.id,
      full_name: row.fullName,
      health_data_consent: row.consentHealthData,
      allergies: row.allergies,
      contraindications: row.contraindications,
      health_flags: row.healthFlags,
      health_conditions: row.healthConditions,
    };
  },

  /**
   * What the clinical check reads of a client (issue 26), in the caller's transaction: a read of
   * the sensitive part, logged. 404 outside the viewer's reach.
   */
  async clinicalRecordIn(tx: DbOrTx, viewer: Viewer, id: number): Promise<ClinicalRecordInput> {
    const row = await visibleClient(tx, viewer, id);
    await logAccess(tx, viewer, id, 'read_sensitive');
    return clinicalRecordOf(row);
  },

  async create(db: AppDb, viewer: Viewer, data: ClientCreateData): Promise<Client> {
    const unit = clientUnitFor(viewer, data.unit);
    return db.transaction(async (tx) => {
      if (data.cpf && (await repo.findClientIdByCpf(tx, data.cpf))) {
        throw conflict(CLIENT_MESSAGES.cpfTaken);
      }
      let row = await repo.insertClient(tx, {
        fullName: data.full_name,
        preferredName: data.preferred_name ?? null,
        salutation: data.salutation ?? null,
        phone: data.phone ?? null,
        email: data.email ?? null,
        cpf: data.cpf ?? null,
        birthDate: data.birth_date ?? null,
        unit,
        preferences: data.preferences,
        importantDates: data.important_dates,
        channels: data.channels,
        notes: data.notes ?? null,
        searchText: searchTextOf({
          fullName: data.full_name,
          preferredName: data.preferred_name ?? null,
          phone: data.phone ?? null,
          cpf: data.cpf ?? null,
        }),
        createdBy: viewer.id,
      });
      for (const consent of data.consents) {
        row = (await appendConsent(tx, viewer, row, consent)).client;
      }
      refuseSensitiveWithoutConsent(data, row.consentHealthData);
      if (
        data.allergies.length ||
        data.health_flags.length ||
        data.contraindications.length ||
        data.health_conditions.length
      ) {
        row = await repo.updateClient(tx, row.id, {
          allergies: data.allergies,
          healthFlags: data.health_flags,
          contraindications: data.contraindications,
          healthConditions: data.health_conditions,
        });
      }
      return toClient(row, viewer.name);
    });
  },

  /** Changes only the fields sent; null or blank clears one. */
  async update(db: AppDb, viewer: Viewer, id: number, data: ClientUpdateData): Promise<Client> {
    return db.transaction(async (tx) => {
      const current = await visibleClient(tx, viewer, id, true);
      refuseIfAnonymized(current);
      if (data.unit !== undefined && data.unit !== current.unit) clientUnitFor(viewer, data.unit);
      refuseSensitiveWithoutConsent(data, current.consentHealthData);
      if (data.cpf && (await repo.findClientIdByCpf(tx, data.cpf, id))) {
        throw conflict(CLIENT_MESSAGES.cpfTaken);
      }
      const changes: repo.ClientChanges = {
        ...(data.full_name !== undefined && { fullName: data.full_name }),
        ...(data.preferred_name !== undefined && { preferredName: data.preferred_name }),
        ...(data.salutation !== undefined && { salutation: data.salutation }),
        ...(data.phone !== undefined && { phone: data.phone }),
        ...(data.email !== undefined && { email: data.email }),
        ...(data.cpf !== undefined && { cpf: data.cpf }),
        ...(data.birth_date !== undefined && { birthDate: data.birth_date }),
        ...(data.unit !== undefined && { unit: data.unit }),
        ...(data.preferences !== undefined && { preferences: data.preferences }),
        ...(data.important_dates !== undefined && { importantDates: data.important_dates }),
        ...(data.channels !== undefined && { channels: data.channels }),
        ...(data.notes !== undefined && { notes: data.notes }),
      };
      for (const field of SENSITIVE_CLIENT_FIELDS) {
        const value = data[field];
        if (value !== undefined) changes[SENSITIVE_COLUMNS[field]] = value;
      }
      if (data.health_conditions !== undefined) changes.healthConditions = data.health_conditions;
      // The answer carries the record's health data: a read of it, logged (LGPD.md).
      await logAccess(tx, viewer, id, 'read_sensitive');
      if (Object.keys(changes).length === 0) {
        return toClient(current, await creatorName(tx, current));
      }
      const merged = { ...current, ...changes };
      changes.searchText = searchTextOf({
        fullName: merged.fullName ?? current.fullName,
        preferredName: merged.preferredName ?? null,
        phone: merged.phone ?? null,
        cpf: merged.cpf ?? null,
      });
      const row = await repo.updateClient(tx, id, changes);
      return toClient(row, await creatorName(tx, row));
    });
  },

  /**
   * Appends to the consent ledger; revoking health data clears the sensitive fields. Runs in the
   * caller's transaction (data-subject.ts also clears what the proposals derived from them).
   */
  async addConsent(
    tx: DbOrTx,
    viewer: Viewer,
    id: number,
    data: ConsentCreateData,
  ): Promise<{ consent: ConsentEntry; client: Client }> {
    const current = await visibleClient(tx, viewer, id, true);
    refuseIfAnonymized(current);
    const result = await appendConsent(tx, viewer, current, data);
    // The answer carries the whole record, health data included: a read of it, logged.
    await logAccess(tx, viewer, id, 'read_sensitive');
    return {
      consent: toConsentEntry(result.consent),
      client: toClient(result.client, await creatorName(tx, result.client)),
    };
  },

  async listConsents(db: AppDb, viewer: Viewer, id: number): Promise<ConsentEntry[]> {
    await visibleClient(db, viewer, id);
    return (await repo.listConsents(db, id)).map(toConsentEntry);
  },

  async accessLog(db: AppDb, viewer: Viewer, id: number): Promise<AccessLogEntry[]> {
    await clientsService.administered(db, viewer, id);
    return (await repo.listAccessLog(db, id)).map(toAccessLogEntry);
  },

  /** The client row for export, anonymization or the access log: 404 outside reach, 403 for others. */
  async administered(
    db: DbOrTx,
    viewer: Viewer,
    id: number,
    lock = false,
  ): Promise<repo.ClientRow> {
    const row = await visibleClient(db, viewer, id, lock);
    if (!rowAccess.administerClient(viewer, row)) throw new HttpError(403, MESSAGES.forbidden);
    return row;
  },

  logAccess,

  /** The client a proposal is made for (404 outside the viewer's reach). */
  async forProposal(db: DbOrTx, viewer: Viewer, id: number): Promise<repo.ClientRow> {
    return visibleClient(db, viewer, id);
  },

  /** A client by id without scope (a stored proposal's client, for its own PDFs). */
  async findRow(db: DbOrTx, id: number): Promise<repo.ClientRow | undefined> {
    return repo.findClient(db, id);
  },

  /** Export content: the record, its ledger and its access log. */
  async exportParts(db: DbOrTx, row: repo.ClientRow) {
    return {
      client: toClient(row, await creatorName(db, row)),
      consents: (await repo.listConsents(db, row.id)).map(toConsentEntry),
      accessLog: (await repo.listAccessLog(db, row.id)).map(toAccessLogEntry),
    };
  },

  /** Personal data removed from the record; the ledgers keep ids and dates only. */
  async anonymizeRow(tx: DbOrTx, row: repo.ClientRow): Promise<repo.ClientRow> {
    return repo.updateClient(tx, row.id, {
      fullName: anonymizedName(row.id),
      preferredName: null,
      salutation: null,
      phone: null,
      email: null,
      cpf: null,
      birthDate: null,
      preferences: [],
      importantDates: [],
      channels: [],
      notes: null,
      allergies: [],
      healthFlags: [],
      contraindications: [],
      healthConditions: [],
      searchText: '',
      anonymizedAt: new Date(),
    });
  },
};

/**
 * A client row as the clinical check reads it (packages/domain/src/catalogue/clinical/check.ts):
 * condition codes, then the free-text flags and contraindications read by the same recognizer;
 * allergies as allergen codes or text.
 */
export function clinicalRecordOf(row: {
  healthConditions: readonly { code: string }[];
  healthFlags: readonly string[];
  contraindications: readonly string[];
  allergies: readonly string[];
}): ClinicalRecordInput {
  return {
    conditions: [
      ...row.healthConditions.map((entry) => entry.code),
      ...row.healthFlags,
      ...row.contraindications,
    ],
    allergies: row.allergies,
    // A contraindication typed on the record ('laser', 'ácidos') names what must not be done:
    // read as a refusal too, so 'laser' keeps every laser out as it did before issue 26.
    freeText:
      row.contraindications.length > 0
        ? row.contraindications.map((entry) => `sem ${entry}`).join('; ')
        : null,
  };
}

/** The name an anonymized client is shown with: no trace of the person. */
export function anonymizedName(id: number): string {
  return `Cliente anonimizado #${id}`;
}
