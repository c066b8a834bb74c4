import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  escapeLikePattern,
  normalizeForComparison,
  youtubeThumbnailUrl,
  type Training,
  type TrainingListFilter,
  type TrainingListOrder,
  type TrainingReaction,
} from '@portal/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { trainingReactions, trainings } from '../../../db/schema.ts';
import { totalOf } from '../../../http/list-page.ts';

/** Every column but search_text, which only the WHERE clause needs. */
const { searchText: _searchText, ...trainingColumns } = getTableColumns(trainings);

export type TrainingRow = Omit<typeof trainings.$inferSelect, 'searchText'>;
export type NewTrainingRow = typeof trainings.$inferInsert;
export type TrainingChanges = { [K in keyof NewTrainingRow]?: NewTrainingRow[K] | SQL };

export interface TrainingWithReaction {
  training: TrainingRow;
  myReaction: TrainingReaction | null;
}

export function toTraining({ training, myReaction }: TrainingWithReaction): Training {
  return {
    id: training.id,
    title: training.title,
    description: training.description,
    category: training.category,
    video_url: training.videoUrl,
    thumbnail_url: youtubeThumbnailUrl(training.videoUrl),
    published_at: training.publishedAt?.toISOString() ?? null,
    content_sections: training.contentSections,
    active: training.active,
    like_count: training.likeCount,
    dislike_count: training.dislikeCount,
    my_reaction: myReaction,
    created_at: training.createdAt.toISOString(),
    updated_at: training.updatedAt.toISOString(),
  };
}

/**
 * The date a training is listed by. Written exactly as in the indexes trainings_published_idx and
 * trainings_category_published_idx so the planner can walk them instead of sorting.
 */
const listedAt = sql`coalesce(${trainings.publishedAt}, ${trainings.createdAt})`;

/** Kept in step with title and description on every write; the pg_trgm GIN index covers it. */
export function searchTextOf(title: string, description: string): string {
  return normalizeForComparison(`${title} ${description}`);
}

export interface ListOptions extends TrainingListFilter {
  /** Non-admins never see inactive trainings. */
  activeOnly: boolean;
  /** Whose reaction to report as my_reaction; null: nobody's (the shared page). */
  viewerId: number | null;
}

export async function listTrainings(
  db: DbOrTx,
  options: ListOptions,
): Promise<{ rows: TrainingWithReaction[]; total: number }> {
  const conditions: SQL[] = [];
  if (options.activeOnly) conditions.push(eq(trainings.active, true));
  const categories = options.category ?? [];
  const [firstCategory, ...otherCategories] = categories;
  // One category is an equality, so the trainings_category_* indexes serve the order as well.
  if (firstCategory && otherCategories.length === 0) {
    conditions.push(eq(trainings.category, firstCategory));
  } else if (categories.length > 1) {
    conditions.push(inArray(trainings.category, categories));
  }
  if (options.q) {
    const folded = escapeLikePattern(normalizeForComparison(options.q));
    conditions.push(sql`${trainings.searchText} LIKE '%' || ${folded} || '%'`);
  }
  if (options.publishedFrom) conditions.push(gte(listedAt, options.publishedFrom));
  if (options.publishedBefore) conditions.push(lt(listedAt, options.publishedBefore));

  const where = and(...conditions);
  const rows = await selectWithReaction(db, options.viewerId, {
    total: sql<number>`count(*) over ()`.mapWith(Number),
  })
    .where(where)
    .orderBy(...orderBy(options.order))
    .limit(options.limit)
    .offset(options.offset);
  const total = await totalOf(rows, options.offset, async () => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(trainings)
      .where(where);
    return counted?.n ?? 0;
  });
  return { rows, total };
}

/** Each order ends with id so pages never overlap or skip rows with equal keys. */
function orderBy(order: TrainingListOrder): SQL[] {
  switch (order) {
    case 'oldest':
      return [asc(listedAt), asc(trainings.id)];
    case 'popular':
      return [desc(trainings.likeCount), desc(trainings.id)];
    // The admin table's orders (title folded, as the uniqueness check compares it).
    case 'title':
      return [asc(trainings.titleKey), asc(trainings.id)];
    case '-title':
      return [desc(trainings.titleKey), desc(trainings.id)];
    case 'created_at':
      return [asc(trainings.createdAt), asc(trainings.id)];
    case '-created_at':
      return [desc(trainings.createdAt), desc(trainings.id)];
    case 'newest':
      return [desc(listedAt), desc(trainings.id)];
  }
}

function selectWithReaction<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: DbOrTx,
  viewerId: number | null,
  extra?: Extra,
) {
  return db
    .select({
      training: trainingColumns,
      myReaction: trainingReactions.reaction,
      ...(extra as Extra),
    })
    .from(trainings)
    .leftJoin(
      trainingReactions,
      and(
        eq(trainingReactions.trainingId, trainings.id),
        viewerId === null ? sql`false` : eq(trainingReactions.userId, viewerId),
      ),
    );
}

export async function findTrainingWithReaction(
  db: DbOrTx,
  id: number,
  viewerId: number,
): Promise<TrainingWithReaction | undefined> {
  const [row] = await selectWithReaction(db, viewerId).where(eq(trainings.id, id)).limit(1);
  return row;
}

/** The row, locked until the transaction ends: edits and reactions on it queue behind each other. */
export async function lockTraining(db: DbOrTx, id: number): Promise<TrainingRow | undefined> {
  const [row] = await db
    .select(trainingColumns)
    .from(trainings)
    .where(eq(trainings.id, id))
    .for('update');
  return row;
}

export async function findTrainingIdByTitleKey(
  db: DbOrTx,
  titleKey: string,
  exceptId?: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: trainings.id })
    .from(trainings)
    .where(
      exceptId === undefined
        ? eq(trainings.titleKey, titleKey)
        : and(eq(trainings.titleKey, titleKey), ne(trainings.id, exceptId)),
    )
    .limit(1);
  return row?.id;
}

export async function insertTraining(db: DbOrTx, values: NewTrainingRow): Promise<TrainingRow> {
  const [row] = await db.insert(trainings).values(values).returning(trainingColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateTraining(
  db: DbOrTx,
  id: number,
  values: TrainingChanges,
): Promise<TrainingRow | undefined> {
  const [row] = await db
    .update(trainings)
    .set(values)
    .where(eq(trainings.id, id))
    .returning(trainingColumns);
  return row;
}

export async function deleteTraining(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(trainings)
    .where(eq(trainings.id, id))
    .returning({ id: trainings.id });
  return rows.length > 0;
}

export async function findReaction(
  db: DbOrTx,
  trainingId: number,
  userId: number,
): Promise<TrainingReaction | null> {
  const [row] = await db
    .select({ reaction: trainingReactions.reaction })
    .from(trainingReactions)
    .where(and(eq(trainingReactions.trainingId, trainingId), eq(trainingReactions.userId, userId)))
    .limit(1);
  return row?.reaction ?? null;
}

/** Every reaction of one user, by training id (the per-user overlay of the shared pages). */
export async function listReactionsOf(
  db: DbOrTx,
  userId: number,
): Promise<Map<number, TrainingReaction>> {
  const rows = await db
    .select({ trainingId: trainingReactions.trainingId, reaction: trainingReactions.reaction })
    .from(trainingReactions)
    .where(eq(trainingReactions.userId, userId));
  return new Map(rows.map((row) => [row.trainingId, row.reaction]));
}

/** Stores the user's reaction (null removes it). */
export async function setReaction(
  db: DbOrTx,
  trainingId: number,
  userId: number,
  reaction: TrainingReaction | null,
): Promise<void> {
  if (reaction === null) {
    await db
      .delete(trainingReactions)
      .where(
        and(eq(trainingReactions.trainingId, trainingId), eq(trainingReactions.userId, userId)),
      );
    return;
  }
  await db
    .insert(trainingReactions)
    .values({ trainingId, userId, reaction })
    .onConflictDoUpdate({
      target: [trainingReactions.trainingId, trainingReactions.userId],
      set: { reaction, createdAt: new Date() },
    });
}

/** Moves the counters by the deltas in SQL (never from a value read earlier). */
export async function adjustReactionCounts(
  db: DbOrTx,
  id: number,
  likeDelta: number,
  dislikeDelta: number,
): Promise<TrainingRow | undefined> {
  return updateTraining(db, id, {
    likeCount: sql`${trainings.likeCount} + ${likeDelta}`,
    dislikeCount: sql`${trainings.dislikeCount} + ${dislikeDelta}`,
  });
}
