import {
  normalizeForComparison,
  SERVICE_MESSAGES,
  serviceInUseMessage,
  type Service,
  type ServiceCreateData,
  type ServiceListFilter,
  type ServiceUpdateData,
} from '@portal/domain';
import type { AppDb, DbOrTx } from '../../../db/client.ts';
import { conflict, notFound, registerConflictMessage } from '../../../http/errors.ts';
import type { ListPage } from '../../../http/list-page.ts';
import { auditService } from '../../../audit/service.ts';
import * as repo from './repository.ts';

// Two admins saving the same name at once both pass the explicit check; the unique index
// catches the second, and this makes it the same 409.
registerConflictMessage('services_name_key_key', SERVICE_MESSAGES.nameTaken);

type Benefits = NonNullable<ServiceCreateData['benefits']>;

/** Benefit columns for the keys that were sent (a key not sent keeps its text on edit). */
function benefitColumns(benefits: Benefits | undefined): repo.ServiceChanges {
  if (!benefits) return {};
  return {
    ...(benefits.main_function !== undefined && { mainFunction: benefits.main_function }),
    ...(benefits.benefit1 !== undefined && { benefit1: benefits.benefit1 }),
    ...(benefits.benefit2 !== undefined && { benefit2: benefits.benefit2 }),
    ...(benefits.benefit3 !== undefined && { benefit3: benefits.benefit3 }),
  };
}

/** The services module's public face: other modules call these, never the repository. */
export const servicesService = {
  async list(db: AppDb, query: Partial<ServiceListFilter> = {}): Promise<Service[]> {
    const rows = await repo.listServices(db, { status: query.status_eq, block: query.block_eq });
    return rows.map(repo.toService);
  },

  /** The list searched, ordered and paged (limit omitted: every matching service). */
  async page(db: AppDb, query: ServiceListFilter): Promise<ListPage<Service>> {
    const { rows, total } = await repo.pageServices(
      db,
      { status: query.status_eq, block: query.block_eq, q: query.q, order: query.order },
      { limit: query.limit, offset: query.offset ?? 0 },
    );
    return { items: rows.map(repo.toService), total };
  },

  async get(db: DbOrTx, id: number): Promise<Service> {
    const row = await repo.findServiceById(db, id);
    if (!row) throw notFound(SERVICE_MESSAGES.notFound);
    return repo.toService(row);
  },

  /** Joins the caller's transaction when given one (the demo seed creates many at once). */
  async create(db: DbOrTx, data: ServiceCreateData): Promise<Service> {
    const nameKey = normalizeForComparison(data.name);
    return db.transaction(async (tx) => {
      if (await repo.findServiceIdByNameKey(tx, nameKey))
        throw conflict(SERVICE_MESSAGES.nameTaken);
      const row = await repo.insertService(tx, {
        name: data.name,
        nameKey,
        description: data.description,
        block: data.block,
        value: data.value,
        cost: data.cost,
        minMarginPercent: data.min_margin_percent,
        sessionLimit: data.session_limit,
        status: data.status,
        mainFunction: null,
        benefit1: null,
        benefit2: null,
        benefit3: null,
        traits: data.traits,
        clinicalTraits: data.clinical_traits,
        ...benefitColumns(data.benefits),
      });
      // A new service has no photos yet.
      const created = repo.toService({ ...row, photosCount: 0 });
      await auditService.created(tx, 'service', created.id, created);
      return created;
    });
  },

  /** Changes only the fields sent: the edit modal sends them all, the toggle only `status`. */
  async update(db: AppDb, id: number, data: ServiceUpdateData): Promise<Service> {
    return db.transaction(async (tx) => {
      const current = await repo.findServiceById(tx, id);
      if (!current) throw notFound(SERVICE_MESSAGES.notFound);
      const nameKey = data.name !== undefined ? normalizeForComparison(data.name) : undefined;
      if (nameKey !== undefined && (await repo.findServiceIdByNameKey(tx, nameKey, id))) {
        throw conflict(SERVICE_MESSAGES.nameTaken);
      }
      const changes: repo.ServiceChanges = {
        ...(data.name !== undefined && { name: data.name, nameKey }),
        ...(data.description !== undefined && { description: data.description }),
        ...(data.block !== undefined && { block: data.block }),
        ...(data.value !== undefined && { value: data.value }),
        ...(data.cost !== undefined && { cost: data.cost }),
        ...(data.min_margin_percent !== undefined && {
          minMarginPercent: data.min_margin_percent,
        }),
        ...(data.session_limit !== undefined && { sessionLimit: data.session_limit }),
        ...(data.status !== undefined && { status: data.status }),
        ...(data.traits !== undefined && { traits: data.traits }),
        ...(data.clinical_traits !== undefined && { clinicalTraits: data.clinical_traits }),
        ...benefitColumns(data.benefits),
      };
      // Nothing to change: answer with the service as it is, without touching updated_at.
      if (Object.keys(changes).length === 0) return repo.toService(current);
      await repo.updateService(tx, id, changes);
      const updated = await servicesService.get(tx, id);
      await auditService.updated(tx, 'service', id, repo.toService(current), updated);
      return updated;
    });
  },

  /**
   * Refused (409, nothing deleted) while a package lists the service by hand or a synergy
   * relation names it; its photos go with it (FK cascade).
   */
  async remove(db: AppDb, id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const usage = await repo.lockServiceWithUsage(tx, id);
      if (!usage) throw notFound(SERVICE_MESSAGES.notFound);
      if (usage.packages > 0 || usage.relations > 0) {
        throw conflict(serviceInUseMessage(usage.packages, usage.relations));
      }
      const before = await servicesService.get(tx, id);
      await repo.deleteService(tx, id);
      await auditService.deleted(tx, 'service', id, before);
    });
  },

  /** Every service id, ascending (a package that allows all procedures resolves to these). */
  async listIds(db: DbOrTx): Promise<number[]> {
    return repo.listServiceIds(db);
  },

  /**
   * The ids that name no service, in the order given. The ones that exist are key-share locked
   * until the caller's transaction ends, so they cannot be deleted before it references them.
   */
  async findMissingIds(tx: DbOrTx, ids: readonly number[]): Promise<number[]> {
    const existing = await repo.findExistingServiceIds(tx, ids, true);
    return ids.filter((id) => !existing.has(id));
  },

  /** The service's photo limit, key-share locked for the caller's transaction; null when unknown. */
  async lockForPhotos(tx: DbOrTx, id: number): Promise<number | null> {
    return (await repo.findServicePhotosLimit(tx, id, true)) ?? null;
  },

  /** The services with these ids, traits included (proposals snapshot them); unknown ids absent. */
  async findByIds(db: DbOrTx, ids: readonly number[]): Promise<Service[]> {
    return (await repo.findServicesByIds(db, [...new Set(ids)])).map(repo.toService);
  },

  async exists(db: DbOrTx, id: number): Promise<boolean> {
    return (await repo.findExistingServiceIds(db, [id])).size > 0;
  },
};
