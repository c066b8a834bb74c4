import type { Profile } from '@portal/domain';
import type { ChangeFeed } from '../db/change-feed.ts';
import { KeptCopies } from '../db/kept-copies.ts';

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
  private readonly rows: KeptCopies<number, AuthUserRow | undefined>;

  constructor(feed: ChangeFeed) {
    this.rows = new KeptCopies(feed, 10_000);
    feed.subscribe((change) => {
      if (change.kind === 'user') this.rows.forget(change.id);
      else if (change.kind === 'users' || change.kind === 'everything') this.rows.clear();
    });
  }

  get(id: number, load: () => Promise<AuthUserRow | undefined>): Promise<AuthUserRow | undefined> {
    return this.rows.get(id, load);
  }
}
