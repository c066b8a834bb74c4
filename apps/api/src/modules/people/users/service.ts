import type { userCreateSchema, userUpdateSchema } from '@portal/domain';
import { MESSAGES, type Profile, type User, type UserListFilter } from '@portal/domain';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { AppDb, DbOrTx } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { conflict, HttpError, notFound } from '../../../http/errors.ts';
import type { ListPage } from '../../../http/list-page.ts';
import { auditService } from '../../../audit/service.ts';
import * as repo from './repository.ts';

/** The wire shape of a user row, for modules that read users themselves (auth). */
export const toUser = repo.toUser;

export type UserCreateData = z.output<typeof userCreateSchema> & {
  /** Self-registration only (auth): what the newcomer asked for; `profile` stays the grant. */
  requested_profile?: Profile | null;
};
export type UserUpdateData = Partial<z.output<typeof userUpdateSchema>>;

/** The users module's public face: other modules (auth) call these, never the repository. */
export const usersService = {
  async list(db: AppDb): Promise<User[]> {
    return (await repo.listUsers(db)).map(repo.toUser);
  },

  /** The list searched, ordered and paged (limit omitted: every matching user). */
  async page(db: AppDb, query: UserListFilter): Promise<ListPage<User>> {
    const { rows, total } = await repo.pageUsers(db, { ...query, offset: query.offset ?? 0 });
    return { items: rows.map(repo.toUser), total };
  },

  async get(db: AppDb, id: number): Promise<User> {
    const row = await repo.findUserById(db, id);
    if (!row) throw notFound('Usuário não encontrado.');
    return repo.toUser(row);
  },

  async create(db: DbOrTx, data: UserCreateData): Promise<User> {
    const passwordHash = await hashPassword(data.password);
    return db.transaction(async (tx) => {
      if (await repo.findUserByEmail(tx, data.email)) throw conflict(MESSAGES.emailTaken);
      const row = await repo.insertUser(tx, {
        name: data.name,
        email: data.email,
        phone: data.phone ?? null,
        unit: data.unit ?? null,
        profile: data.profile,
        requestedProfile: data.requested_profile ?? null,
        status: data.status,
        profilePhoto: data.profile_photo ?? null,
        passwordHash,
      });
      await auditService.created(tx, 'user', row.id, repo.toUser(row));
      return repo.toUser(row);
    });
  },

  async update(db: AppDb, id: number, data: UserUpdateData): Promise<User> {
    const passwordHash = data.password ? await hashPassword(data.password) : undefined;
    return db.transaction(async (tx) => {
      const current = await repo.findUserById(tx, id);
      if (!current) throw notFound('Usuário não encontrado.');
      const nextStatus = data.status ?? current.status;
      // DESIGN.md 7.3: a pending row is a professional; what the newcomer asked for is only
      // requested_profile, shown to the admin. Only an admin grants a profile, explicitly:
      // leaving 'pending' without one sent grants 'professional', so a one-click activation never
      // makes an admin. The request is answered then, so it is cleared.
      const leavesPending = current.status === 'pending' && nextStatus !== 'pending';
      const grantedProfile = leavesPending ? (data.profile ?? 'professional') : data.profile;
      const nextProfile = grantedProfile ?? current.profile;
      if (
        current.profile === 'admin' &&
        current.status === 'active' &&
        (nextProfile !== 'admin' || nextStatus !== 'active')
      ) {
        await ensureAnotherActiveAdmin(tx, id);
      }
      const row = await repo.updateUser(tx, id, {
        ...(data.name !== undefined && { name: data.name }),
        ...(data.phone !== undefined && { phone: data.phone }),
        ...(data.unit !== undefined && { unit: data.unit }),
        ...(grantedProfile !== undefined && { profile: grantedProfile }),
        ...(leavesPending && { requestedProfile: null }),
        ...(data.status !== undefined && { status: data.status }),
        ...(data.profile_photo !== undefined && { profilePhoto: data.profile_photo }),
        ...(passwordHash && { passwordHash, tokenVersion: current.tokenVersion + 1 }),
      });
      if (!row) throw notFound('Usuário não encontrado.');
      await auditService.updated(tx, 'user', id, repo.toUser(current), repo.toUser(row));
      if (passwordHash) await auditService.record(tx, passwordResetEntry(id));
      return repo.toUser(row);
    });
  },

  async remove(db: AppDb, id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const current = await repo.findUserById(tx, id);
      if (!current) throw notFound('Usuário não encontrado.');
      if (current.profile === 'admin' && current.status === 'active') {
        await ensureAnotherActiveAdmin(tx, id);
      }
      await repo.deleteUser(tx, id);
      await auditService.deleted(tx, 'user', id, repo.toUser(current));
    });
  },

  /** Credentials and state the auth module needs to sign someone in. */
  async findForSignIn(db: AppDb, email: string) {
    return repo.findUserByEmail(db, email);
  },

  async findById(db: DbOrTx, id: number) {
    return repo.findUserById(db, id);
  },

  /** Stores a new hash and invalidates every token issued before it; joins the caller's transaction. */
  async setPasswordHash(db: DbOrTx, id: number, passwordHash: string): Promise<void> {
    const row = await repo.updateUser(db, id, {
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
    });
    if (!row) throw notFound('Usuário não encontrado.');
    // Whoever followed the emailed link is the person resetting their own password.
    await auditService.record(db, { ...passwordResetEntry(id), actorId: id });
  },

  async count(db: DbOrTx): Promise<number> {
    return repo.countUsers(db);
  },
};

/** The audit entry of a new password: that it changed, never the hash. */
function passwordResetEntry(id: number) {
  return { entity: 'user', entityId: id, action: 'password_reset' } as const;
}

async function ensureAnotherActiveAdmin(
  tx: Parameters<typeof repo.lockActiveAdminIds>[0],
  id: number,
) {
  const admins = await repo.lockActiveAdminIds(tx);
  if (!admins.some((adminId) => adminId !== id)) throw new HttpError(409, MESSAGES.lastAdmin);
}
