import {
  normalizeForComparison,
  PACKAGE_MESSAGES,
  unknownProcedureMessage,
  type Package,
  type PackageCreateData,
  type PackageListQuery,
  type PackageUpdateData,
} from '@portal/domain';
import type { AppDb, DbOrTx } from '../../../db/client.ts';
import { conflict, invalidField, notFound, registerConflictMessage } from '../../../http/errors.ts';
import { servicesService } from '../services/service.ts';
import { auditService } from '../../../audit/service.ts';
import * as repo from './repository.ts';

registerConflictMessage('packages_name_key_key', PACKAGE_MESSAGES.nameTaken);

/**
 * DESIGN 7.7: "select all" is a flag, so `procedures` is resolved on every read: with the flag,
 * every service id that the package does not restrict, including services created later.
 */
function toPackage(row: repo.PackageRowWithLists, allServiceIds: readonly number[]): Package {
  const restricted = new Set(row.restrictedIds);
  return {
    id: row.id,
    name: row.name,
    annual_value: row.annualValue,
    discount_percent: row.discountPercent,
    status: row.status,
    session_limit: row.sessionLimit,
    block_limits: {
      a: row.blockLimitA,
      b: row.blockLimitB,
      c: row.blockLimitC,
      d: row.blockLimitD,
    },
    allow_all_procedures: row.allProceduresAllowed,
    procedures: row.allProceduresAllowed
      ? allServiceIds.filter((id) => !restricted.has(id))
      : row.allowedIds,
    restricted_procedures: row.restrictedIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function resolve(db: DbOrTx, rows: repo.PackageRowWithLists[]): Promise<Package[]> {
  // The catalogue's ids are read only when some package needs them.
  const allServiceIds = rows.some((row) => row.allProceduresAllowed)
    ? await servicesService.listIds(db)
    : [];
  return rows.map((row) => toPackage(row, allServiceIds));
}

async function getResolved(db: DbOrTx, id: number): Promise<Package> {
  const row = await repo.findPackageById(db, id);
  if (!row) throw notFound(PACKAGE_MESSAGES.notFound);
  const [pkg] = await resolve(db, [row]);
  if (!pkg) throw notFound(PACKAGE_MESSAGES.notFound);
  return pkg;
}

/** 422 naming the first id of either list that is not a service. */
async function ensureServicesExist(
  tx: DbOrTx,
  allowedIds: readonly number[],
  restrictedIds: readonly number[],
): Promise<void> {
  const missing = await servicesService.findMissingIds(tx, [...allowedIds, ...restrictedIds]);
  const [first] = missing;
  if (first === undefined) return;
  const field = allowedIds.includes(first) ? 'procedures' : 'restricted_procedures';
  throw invalidField(['body', field], unknownProcedureMessage(first));
}

function ensureNoOverlap(allowedIds: readonly number[], restrictedIds: readonly number[]): void {
  const allowed = new Set(allowedIds);
  if (restrictedIds.some((id) => allowed.has(id))) {
    throw invalidField(['body', 'restricted_procedures'], PACKAGE_MESSAGES.allowedAndRestricted);
  }
}

/** The packages module's public face: other modules call these, never the repository. */
export const packagesService = {
  async list(db: AppDb, query: PackageListQuery = {}): Promise<Package[]> {
    return resolve(db, await repo.listPackages(db, query.status_eq));
  },

  async get(db: AppDb, id: number): Promise<Package> {
    return getResolved(db, id);
  },

  /**
   * A non-empty `procedures` list sent without `allow_all_procedures: true` is a manual selection;
   * otherwise a new package allows every procedure. Joins the caller's transaction when given one.
   */
  async create(db: DbOrTx, data: PackageCreateData): Promise<Package> {
    const nameKey = normalizeForComparison(data.name);
    const sentAllowed = data.procedures ?? [];
    const restricted = data.restricted_procedures ?? [];
    const allowAll = data.allow_all_procedures ?? sentAllowed.length === 0;
    const allowed = allowAll ? [] : sentAllowed;
    return db.transaction(async (tx) => {
      if (await repo.findPackageIdByNameKey(tx, nameKey))
        throw conflict(PACKAGE_MESSAGES.nameTaken);
      await ensureServicesExist(tx, sentAllowed, restricted);
      const row = await repo.insertPackage(tx, {
        name: data.name,
        nameKey,
        annualValue: data.annual_value,
        discountPercent: data.discount_percent,
        status: data.status,
        sessionLimit: data.session_limit,
        blockLimitA: data.block_limits.a,
        blockLimitB: data.block_limits.b,
        blockLimitC: data.block_limits.c,
        blockLimitD: data.block_limits.d,
        allProceduresAllowed: allowAll,
      });
      await repo.replacePackageProcedures(tx, row.id, allowed, restricted);
      const created = await getResolved(tx, row.id);
      await auditService.created(tx, 'package', row.id, created);
      return created;
    });
  },

  /** Changes only the fields sent: the edit modal sends them all, the toggle only `status`. */
  async update(db: AppDb, id: number, data: PackageUpdateData): Promise<Package> {
    return db.transaction(async (tx) => {
      const current = await repo.findPackageById(tx, id, true);
      if (!current) throw notFound(PACKAGE_MESSAGES.notFound);
      const before = await getResolved(tx, id);
      const nameKey = data.name !== undefined ? normalizeForComparison(data.name) : undefined;
      if (nameKey !== undefined && (await repo.findPackageIdByNameKey(tx, nameKey, id))) {
        throw conflict(PACKAGE_MESSAGES.nameTaken);
      }
      const changes: repo.PackageChanges = {
        ...(data.name !== undefined && { name: data.name, nameKey }),
        ...(data.annual_value !== undefined && { annualValue: data.annual_value }),
        ...(data.discount_percent !== undefined && { discountPercent: data.discount_percent }),
        ...(data.status !== undefined && { status: data.status }),
        ...(data.session_limit !== undefined && { sessionLimit: data.session_limit }),
        ...(data.block_limits?.a !== undefined && { blockLimitA: data.block_limits.a }),
        ...(data.block_limits?.b !== undefined && { blockLimitB: data.block_limits.b }),
        ...(data.block_limits?.c !== undefined && { blockLimitC: data.block_limits.c }),
        ...(data.block_limits?.d !== undefined && { blockLimitD: data.block_limits.d }),
      };

      const listsSent =
        data.allow_all_procedures !== undefined ||
        data.procedures !== undefined ||
        data.restricted_procedures !== undefined;
      if (listsSent) {
        const sentAllowed = data.procedures ?? [];
        const allowAll =
          data.allow_all_procedures ??
          (sentAllowed.length > 0 ? false : current.allProceduresAllowed);
        const manualBefore = current.allProceduresAllowed ? [] : current.allowedIds;
        const allowed = allowAll ? [] : (data.procedures ?? manualBefore);
        const restricted = data.restricted_procedures ?? current.restrictedIds;
        ensureNoOverlap(allowed, restricted);
        await ensureServicesExist(tx, sentAllowed, data.restricted_procedures ?? []);
        await repo.replacePackageProcedures(tx, id, allowed, restricted);
        changes.allProceduresAllowed = allowAll;
      }

      // Nothing to change: answer with the package as it is, without touching updated_at.
      if (Object.keys(changes).length > 0) await repo.updatePackage(tx, id, changes);
      const updated = await getResolved(tx, id);
      await auditService.updated(tx, 'package', id, before, updated);
      return updated;
    });
  },

  async remove(db: AppDb, id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const before = await getResolved(tx, id);
      if (!(await repo.deletePackage(tx, id))) throw notFound(PACKAGE_MESSAGES.notFound);
      await auditService.deleted(tx, 'package', id, before);
    });
  },
};
