import type { Training, TrainingReaction } from '@portal/domain';
import type { ChangeFeed } from '../../../db/change-feed.ts';
import { KeptCopies } from '../../../db/kept-copies.ts';
import type { ListPage } from '../../../http/list-page.ts';

/**
 * The trainings list is the same for every viewer of a kind (admins also see inactive ones) but
 * for `my_reaction`. Pages are kept shared, without it, and each request lays the viewer's own
 * reactions over them; both are dropped when a change is delivered (migration 0013: `t` for any
 * training write, counts included, `r:<user>` for a user's reactions), and read from the database
 * while the feed is not current (docs/decisions/0012-read-cache-invalidation.md).
 */
export class TrainingPageCache {
  private readonly pages: KeptCopies<string, ListPage<Training>>;
  private readonly reactions: KeptCopies<number, Map<number, TrainingReaction>>;

  constructor(feed: ChangeFeed) {
    this.pages = new KeptCopies(feed, 256);
    this.reactions = new KeptCopies(feed, 10_000);
    feed.subscribe((change) => {
      if (change.kind === 'trainings' || change.kind === 'everything') this.pages.clear();
      if (change.kind === 'reactions') this.reactions.forget(change.userId);
      if (change.kind === 'all-reactions' || change.kind === 'everything') this.reactions.clear();
    });
  }

  page(key: string, load: () => Promise<ListPage<Training>>): Promise<ListPage<Training>> {
    return this.pages.get(key, load);
  }

  reactionsOf(
    userId: number,
    load: () => Promise<Map<number, TrainingReaction>>,
  ): Promise<Map<number, TrainingReaction>> {
    return this.reactions.get(userId, load);
  }
}
