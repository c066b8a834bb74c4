import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AuthenticatedUser } from './access.ts';

/**
 * Who may see which row (DESIGN 5 in docs/architecture.md, issue 25). This module is the only
 * place that decides it: every read and write of clients, proposals, their PDFs, sends, exports,
 * pipelines, renewals and dashboards asks it, as a row check or as an SQL filter. Nothing else
 * compares a viewer's profile or unit with a row's.
 *
 * Ownership it relies on: a client belongs to a unit; a proposal belongs to its client's unit,
 * set from the client when it is created and kept equal to it by the database when the client
 * moves (migration 0017); its author stays its author across revisions by anyone else.
 */

/** The signed-in user as the row rules read them. */
export type Viewer = Pick<AuthenticatedUser, 'id' | 'name' | 'profile' | 'unit'>;

/**
 * What a viewer reaches:
 * - `network`: every row (admins);
 * - `unit`: the rows of one unit (a manager's own);
 * - `own`: the clients of one unit and, of their proposals, those the viewer authored (a
 *   professional: moved to another unit, they no longer read the old unit's clients or deals);
 * - `none`: nothing (a manager or professional without a unit).
 */
export type Scope =
  | { kind: 'network' }
  | { kind: 'unit'; unit: string }
  | { kind: 'own'; unit: string; authorId: number }
  | { kind: 'none' };

export function scopeOf(viewer: Viewer): Scope {
  if (viewer.profile === 'admin') return { kind: 'network' };
  if (viewer.unit === null) return { kind: 'none' };
  if (viewer.profile === 'manager') return { kind: 'unit', unit: viewer.unit };
  return { kind: 'own', unit: viewer.unit, authorId: viewer.id };
}

/** Row checks: a row outside the scope answers 404, so its existence does not leak. */
export const rowAccess = {
  /** A client record: admins all; anyone else the clients of their own unit. */
  client(viewer: Viewer, client: { unit: string }): boolean {
    const scope = scopeOf(viewer);
    switch (scope.kind) {
      case 'network':
        return true;
      case 'none':
        return false;
      default:
        return client.unit === scope.unit;
    }
  },

  /**
   * A proposal, given its client's current unit (equal to the proposal's own, which follows the
   * client): a professional reaches their own proposals of clients in their unit.
   */
  proposal(viewer: Viewer, proposal: { unit: string; authorId: number | null }): boolean {
    const scope = scopeOf(viewer);
    switch (scope.kind) {
      case 'network':
        return true;
      case 'none':
        return false;
      case 'unit':
        return proposal.unit === scope.unit;
      case 'own':
        return proposal.unit === scope.unit && proposal.authorId === scope.authorId;
    }
  },

  /** Exports, anonymization and access logs of a client: admins, and managers of its unit. */
  administerClient(viewer: Viewer, client: { unit: string }): boolean {
    const scope = scopeOf(viewer);
    return scope.kind === 'network' || (scope.kind === 'unit' && client.unit === scope.unit);
  },

  /**
   * A contract's money (issue 29): change its payment plan, mark an instalment paid, settle a
   * refund. Admins, and managers of the client's unit; a professional reads the payments only.
   */
  collectPayments(viewer: Viewer, contract: { unit: string }): boolean {
    return this.administerClient(viewer, contract);
  },

  /**
   * A professional's commissions (issue 30), given their unit: admins all, a manager those of
   * their unit's professionals, a professional only their own.
   */
  commissions(viewer: Viewer, professional: { id: number; unit: string | null }): boolean {
    const scope = scopeOf(viewer);
    switch (scope.kind) {
      case 'network':
        return true;
      case 'none':
        return false;
      case 'unit':
        return professional.unit === scope.unit;
      case 'own':
        return professional.id === scope.authorId;
    }
  },

  /** Approving a month's commissions or adding an advance: admins, and the unit's manager. */
  approveCommissions(viewer: Viewer, professional: { unit: string | null }): boolean {
    const scope = scopeOf(viewer);
    return scope.kind === 'network' || (scope.kind === 'unit' && professional.unit === scope.unit);
  },

  /** Where a viewer may create or move a client: admins anywhere, anyone else their own unit. */
  placeClient(viewer: Viewer, unit: string): boolean {
    return this.client(viewer, { unit });
  },
};

/**
 * The rows a list reads, as data: `unit` and `authorId` null mean "any". `asked` narrows an
 * admin's reach to what they filtered on; a manager or professional always reads their own unit
 * (a unit asked beyond it is ignored, never widened to), and a professional only their own
 * proposals. Null: the caller reaches nothing (an empty answer, never someone else's rows).
 */
export interface RowFilter {
  unit: string | null;
  authorId: number | null;
}

export function rowFilter(
  viewer: Viewer,
  asked: { unit?: string | null | undefined; authorId?: number | null | undefined } = {},
): RowFilter | null {
  const scope = scopeOf(viewer);
  const askedAuthor = asked.authorId ?? null;
  switch (scope.kind) {
    case 'none':
      return null;
    case 'network':
      return { unit: asked.unit ?? null, authorId: askedAuthor };
    case 'unit':
      return { unit: scope.unit, authorId: askedAuthor };
    case 'own':
      // Another professional's figures are not theirs to read.
      if (askedAuthor !== null && askedAuthor !== scope.authorId) return null;
      return { unit: scope.unit, authorId: scope.authorId };
  }
}

/** The client rows of a list (the author does not apply to clients). */
export function clientRowFilter(
  viewer: Viewer,
  asked: { unit?: string | null | undefined } = {},
): { unit: string | null } | null {
  const filter = rowFilter(viewer, { unit: asked.unit });
  return filter === null ? null : { unit: filter.unit };
}

/**
 * The one SQL form of a filter: `unit = … AND author = …` on the columns given (a Drizzle column
 * or `sql.raw('p.unit')` in hand-written SQL); `false` when the caller reaches nothing.
 */
export function rowFilterSql(
  filter: RowFilter | null,
  columns: { unit: SQLWrapper; authorId?: SQLWrapper },
): SQL {
  if (filter === null) return sql`false`;
  const parts: SQL[] = [];
  if (filter.unit !== null) parts.push(sql`${columns.unit} = ${filter.unit}`);
  if (filter.authorId !== null) {
    if (!columns.authorId) throw new Error('rowFilterSql: an author filter needs its column');
    parts.push(sql`${columns.authorId} = ${filter.authorId}`);
  }
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` AND `);
}
