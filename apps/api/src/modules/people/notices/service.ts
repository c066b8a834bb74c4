import {
  normalizeForComparison,
  NOTICE_MESSAGES,
  type Notice,
  type NoticeCreateData,
  type NoticeListQuery,
  type NoticeUpdateData,
  type Profile,
} from '@portal/domain';
import type { AppDb } from '../../../db/client.ts';
import { conflict, notFound, registerConflictMessage } from '../../../http/errors.ts';
import * as repo from './repository.ts';

// Two admins saving the same title at once both pass the explicit check; the unique index
// catches the second, and this makes it the same 409.
registerConflictMessage('notices_title_key_key', NOTICE_MESSAGES.titleTaken);

/** Who is reading: only admins see inactive notices. */
export interface NoticeViewer {
  profile: Profile;
}

/** The notices module's public face: other modules call these, never the repository. */
export const noticesService = {
  /** Admins get what they filter; everyone else only ever gets active notices. */
  async list(db: AppDb, viewer: NoticeViewer, query: NoticeListQuery): Promise<Notice[]> {
    const active = viewer.profile === 'admin' ? query.active : true;
    const rows = await repo.listNotices(db, { active, category: query.category });
    return rows.map(repo.toNotice);
  },

  async get(db: AppDb, viewer: NoticeViewer, id: number): Promise<Notice> {
    const row = await repo.findNoticeById(db, id);
    // An inactive notice does not exist for a non-admin.
    if (!row || (!row.active && viewer.profile !== 'admin'))
      throw notFound(NOTICE_MESSAGES.notFound);
    return repo.toNotice(row);
  },

  async create(db: AppDb, data: NoticeCreateData): Promise<Notice> {
    const titleKey = normalizeForComparison(data.title);
    return db.transaction(async (tx) => {
      if (await repo.findNoticeIdByTitleKey(tx, titleKey))
        throw conflict(NOTICE_MESSAGES.titleTaken);
      const row = await repo.insertNotice(tx, {
        title: data.title,
        titleKey,
        text: data.text,
        category: data.category,
        active: data.active,
        imageUrl: data.imageUrl ?? null,
      });
      return repo.toNotice(row);
    });
  },

  /** Changes only the fields sent: the edit modal sends them all, the toggle only `active`. */
  async update(db: AppDb, id: number, data: NoticeUpdateData): Promise<Notice> {
    return db.transaction(async (tx) => {
      const current = await repo.findNoticeById(tx, id);
      if (!current) throw notFound(NOTICE_MESSAGES.notFound);
      const titleKey = data.title !== undefined ? normalizeForComparison(data.title) : undefined;
      if (titleKey !== undefined && (await repo.findNoticeIdByTitleKey(tx, titleKey, id))) {
        throw conflict(NOTICE_MESSAGES.titleTaken);
      }
      const changes = {
        ...(data.title !== undefined && { title: data.title, titleKey }),
        ...(data.text !== undefined && { text: data.text }),
        ...(data.category !== undefined && { category: data.category }),
        ...(data.active !== undefined && { active: data.active }),
        ...(data.imageUrl !== undefined && { imageUrl: data.imageUrl }),
      };
      // Nothing to change: answer with the notice as it is, without touching updated_at.
      if (Object.keys(changes).length === 0) return repo.toNotice(current);
      const row = await repo.updateNotice(tx, id, changes);
      if (!row) throw notFound(NOTICE_MESSAGES.notFound);
      return repo.toNotice(row);
    });
  },

  async remove(db: AppDb, id: number): Promise<void> {
    if (!(await repo.deleteNotice(db, id))) throw notFound(NOTICE_MESSAGES.notFound);
  },
};
