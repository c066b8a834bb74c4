import type { ChangeFeed } from './change-feed.ts';

/**
 * Values read from the database and kept in memory, least recently stored dropped past
 * `maxEntries`. Served only while the change feed is current; a value read while a change was
 * delivered is used once but not kept, so a read that raced a write never outlives it
 * (docs/decisions/0012-read-cache-invalidation.md). The owner forgets keys on the feed's changes.
 */
export class KeptCopies<K, V> {
  private readonly values = new Map<K, V>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly maxEntries: number,
  ) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    if (this.feed.isCurrent() && this.values.has(key)) return this.values.get(key) as V;
    const generation = this.feed.generation;
    const value = await load();
    if (value !== undefined && this.feed.generation === generation) {
      this.values.delete(key);
      this.values.set(key, value);
      if (this.values.size > this.maxEntries) {
        const oldest = this.values.keys().next().value;
        if (oldest !== undefined) this.values.delete(oldest);
      }
    }
    return value;
  }

  forget(key: K): void {
    this.values.delete(key);
  }

  clear(): void {
    this.values.clear();
  }
}
