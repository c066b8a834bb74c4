import {
  applyReaction,
  normalizeForComparison,
  TRAINING_MESSAGES,
  type Profile,
  type Training,
  type TrainingCreateData,
  type TrainingListFilter,
  type TrainingReaction,
  type TrainingUpdateData,
} from '@portal/domain';
import type { AppDb } from '../../../db/client.ts';
import { conflict, notFound, registerConflictMessage } from '../../../http/errors.ts';
import type { ListPage } from '../../../http/list-page.ts';
import * as repo from './repository.ts';
import type { TrainingPageCache } from './page-cache.ts';

// Two admins saving the same title at once both pass the explicit check; the unique index
// catches the second, and this makes it the same 409.
registerConflictMessage('trainings_title_key_key', TRAINING_MESSAGES.titleTaken);

/** Who is calling: only admins see inactive trainings; my_reaction is this user's. */
export interface TrainingViewer {
  id: number;
  profile: Profile;
}

const isAdmin = (viewer: TrainingViewer) => viewer.profile === 'admin';

/** The trainings module's public face: other modules call these, never the repository. */
export const trainingsService = {
  /**
   * One page of the list and how many trainings matched (X-Total-Count): a page shared by every
   * viewer of the same kind, with the viewer's own reactions laid over it.
   */
  async list(
    db: AppDb,
    viewer: TrainingViewer,
    filter: TrainingListFilter,
    cache: TrainingPageCache,
  ): Promise<ListPage<Training>> {
    const activeOnly = !isAdmin(viewer);
    const page = await cache.page(`${activeOnly} ${JSON.stringify(filter)}`, async () => {
      const { rows, total } = await repo.listTrainings(db, {
        ...filter,
        activeOnly,
        viewerId: null,
      });
      return { items: rows.map(repo.toTraining), total };
    });
    const mine = await cache.reactionsOf(viewer.id, () => repo.listReactionsOf(db, viewer.id));
    return {
      items: page.items.map((training) => ({
        ...training,
        my_reaction: mine.get(training.id) ?? null,
      })),
      total: page.total,
    };
  },

  async get(db: AppDb, viewer: TrainingViewer, id: number): Promise<Training> {
    const row = await repo.findTrainingWithReaction(db, id, viewer.id);
    // An inactive training does not exist for a non-admin.
    if (!row || (!row.training.active && !isAdmin(viewer))) {
      throw notFound(TRAINING_MESSAGES.notFound);
    }
    return repo.toTraining(row);
  },

  async create(db: AppDb, data: TrainingCreateData): Promise<Training> {
    const titleKey = normalizeForComparison(data.title);
    return db.transaction(async (tx) => {
      if (await repo.findTrainingIdByTitleKey(tx, titleKey)) {
        throw conflict(TRAINING_MESSAGES.titleTaken);
      }
      const training = await repo.insertTraining(tx, {
        title: data.title,
        titleKey,
        description: data.description,
        category: data.category,
        videoUrl: data.video_url,
        publishedAt: data.published_at ? new Date(data.published_at) : null,
        contentSections: data.content_sections,
        active: data.active,
        searchText: repo.searchTextOf(data.title, data.description),
      });
      return repo.toTraining({ training, myReaction: null });
    });
  },

  /** Changes only the fields sent: the edit modal sends them all, the toggle only `active`. */
  async update(
    db: AppDb,
    viewer: TrainingViewer,
    id: number,
    data: TrainingUpdateData,
  ): Promise<Training> {
    return db.transaction(async (tx) => {
      // Locked so a concurrent edit cannot leave search_text out of step with the texts.
      const current = await repo.lockTraining(tx, id);
      if (!current) throw notFound(TRAINING_MESSAGES.notFound);
      const title = data.title ?? current.title;
      const description = data.description ?? current.description;
      const titleKey = normalizeForComparison(title);
      if (
        data.title !== undefined &&
        (await repo.findTrainingIdByTitleKey(tx, titleKey, id)) !== undefined
      ) {
        throw conflict(TRAINING_MESSAGES.titleTaken);
      }
      const changes: repo.TrainingChanges = {
        ...(data.title !== undefined && { title, titleKey }),
        ...(data.description !== undefined && { description }),
        ...((data.title !== undefined || data.description !== undefined) && {
          searchText: repo.searchTextOf(title, description),
        }),
        ...(data.category !== undefined && { category: data.category }),
        ...(data.video_url !== undefined && { videoUrl: data.video_url }),
        ...(data.published_at !== undefined && {
          publishedAt: data.published_at === null ? null : new Date(data.published_at),
        }),
        ...(data.content_sections !== undefined && { contentSections: data.content_sections }),
        ...(data.active !== undefined && { active: data.active }),
      };
      const training =
        Object.keys(changes).length === 0
          ? current
          : await repo.updateTraining(tx, id, { ...changes, updatedAt: new Date() });
      if (!training) throw notFound(TRAINING_MESSAGES.notFound);
      const myReaction = await repo.findReaction(tx, id, viewer.id);
      return repo.toTraining({ training, myReaction });
    });
  },

  async remove(db: AppDb, id: number): Promise<void> {
    if (!(await repo.deleteTraining(db, id))) throw notFound(TRAINING_MESSAGES.notFound);
  },

  /**
   * DESIGN 7.6: one reaction per user. The training row is locked first, so concurrent clicks
   * (from one user or many) run one after another and every count change is kept.
   */
  async react(
    db: AppDb,
    viewer: TrainingViewer,
    id: number,
    clicked: TrainingReaction,
  ): Promise<Training> {
    return db.transaction(async (tx) => {
      const locked = await repo.lockTraining(tx, id);
      if (!locked || (!locked.active && !isAdmin(viewer))) {
        throw notFound(TRAINING_MESSAGES.notFound);
      }
      const change = applyReaction(await repo.findReaction(tx, id, viewer.id), clicked);
      await repo.setReaction(tx, id, viewer.id, change.next);
      const training = await repo.adjustReactionCounts(
        tx,
        id,
        change.likeDelta,
        change.dislikeDelta,
      );
      if (!training) throw notFound(TRAINING_MESSAGES.notFound);
      return repo.toTraining({ training, myReaction: change.next });
    });
  },
};
