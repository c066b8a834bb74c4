import type { Profile } from '@portal/domain';
import type { ChangeFeed } from '../db/change-feed.ts';

/** What access control needs of a user row on each request. */
export interface AuthUserRow {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  unit: string | null;
  status: 'pending' | 'active' | 'inactive';
  tokenVersion: number;
}

/**
 * The signed-in users' rows, kept in memory so a request does not read its user from the
 * database. A row goes the moment its change is delivered (a trigger of migration 0013 notifies
 * on every update or delete of a user); while the feed is not current every request reads the
 * database, as before (docs/decisions/0012-read-cache-invalidation.md).
 */
export class UserCache {
  private readonly rows = new Map<number, AuthUserRow>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly maxEntries = 10_000,
  ) {
    feed.subscribe((change) => {
      if (change.kind === 'user') this.rows.delete(change.id);
      else if (change.kind === 'users' || change.kind === 'everything') this.rows.clear();
    });
  }

  async get(
    id: number,
    load: () => Promise<AuthUserRow | undefined>,
  ): Promise<AuthUserRow | undefined> {
    if (this.feed.isCurrent()) {
      const kept = this.rows.get(id);
      if (kept) return kept;
    }
    const generation = this.feed.generation;
    const row = await load();
    // A change delivered while it was read may be this row's: then it is not kept.
    if (row && this.feed.generation === generation) {
      this.rows.delete(id);
      this.rows.set(id, row);
      if (this.rows.size > this.maxEntries) {
        const oldest = this.rows.keys().next().value;
        if (oldest !== undefined) this.rows.delete(oldest);
      }
    }
    return row;
  }
}
