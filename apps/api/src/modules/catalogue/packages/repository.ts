import { and, asc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { PackageStatus } from '@portal/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { packageProcedures, packages } from '../../../db/schema.ts';

export type PackageRow = typeof packages.$inferSelect;
export type NewPackageRow = typeof packages.$inferInsert;
export type PackageChanges = Partial<Omit<NewPackageRow, 'id' | 'createdAt' | 'updatedAt'>>;

/** A package with its stored lists (manual allowed ids and restricted ids, ascending). */
export type PackageRowWithLists = PackageRow & { allowedIds: number[]; restrictedIds: number[] };

// One statement per list read: both id lists are aggregated beside each package row. The outer
// column is spelled out because Drizzle renders a lone ${packages.id} unqualified.
const idsOfKind = (kind: 'allowed' | 'restricted') =>
  sql<
    number[]
  >`coalesce((select array_agg(pp.service_id order by pp.service_id) from package_procedures pp where pp.package_id = "packages"."id" and pp.kind = ${kind}), '{}')`;
const columnsWithLists = {
  ...getTableColumns(packages),
  allowedIds: idsOfKind('allowed'),
  restrictedIds: idsOfKind('restricted'),
};

/** Drivers differ in how they hand back int[]; both become number[]. */
function normalizeIds(ids: unknown): number[] {
  if (Array.isArray(ids)) return ids.map(Number);
  if (typeof ids === 'string') {
    const inner = ids.replace(/^\{|\}$/g, '');
    return inner === '' ? [] : inner.split(',').map(Number);
  }
  return [];
}

function withNormalizedLists(row: PackageRowWithLists): PackageRowWithLists {
  return {
    ...row,
    allowedIds: normalizeIds(row.allowedIds),
    restrictedIds: normalizeIds(row.restrictedIds),
  };
}

export async function listPackages(
  db: DbOrTx,
  status?: PackageStatus,
): Promise<PackageRowWithLists[]> {
  const rows = await db
    .select(columnsWithLists)
    .from(packages)
    .where(status ? eq(packages.status, status) : undefined)
    .orderBy(asc(packages.id));
  return rows.map(withNormalizedLists);
}

export async function findPackageById(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<PackageRowWithLists | undefined> {
  const query = db.select(columnsWithLists).from(packages).where(eq(packages.id, id)).limit(1);
  const [row] = lock ? await query.for('update', { of: packages }) : await query;
  return row ? withNormalizedLists(row) : undefined;
}

/** The package holding this folded name, other than `exceptId` (the one being edited). */
export async function findPackageIdByNameKey(
  db: DbOrTx,
  nameKey: string,
  exceptId?: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(
      exceptId === undefined
        ? eq(packages.nameKey, nameKey)
        : and(eq(packages.nameKey, nameKey), ne(packages.id, exceptId)),
    )
    .limit(1);
  return row?.id;
}

export async function insertPackage(db: DbOrTx, values: NewPackageRow): Promise<PackageRow> {
  const [row] = await db.insert(packages).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updatePackage(db: DbOrTx, id: number, values: PackageChanges): Promise<void> {
  await db
    .update(packages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(packages.id, id));
}

export async function deletePackage(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(packages).where(eq(packages.id, id)).returning({ id: packages.id });
  return rows.length > 0;
}

/** Replaces both lists of a package; run inside the caller's transaction. */
export async function replacePackageProcedures(
  db: DbOrTx,
  packageId: number,
  allowedIds: readonly number[],
  restrictedIds: readonly number[],
): Promise<void> {
  await db.delete(packageProcedures).where(eq(packageProcedures.packageId, packageId));
  const rows = [
    ...allowedIds.map((serviceId) => ({ packageId, serviceId, kind: 'allowed' as const })),
    ...restrictedIds.map((serviceId) => ({ packageId, serviceId, kind: 'restricted' as const })),
  ];
  if (rows.length > 0) await db.insert(packageProcedures).values(rows);
}
