import {
  AI_CONFIG_MESSAGES,
  normalizeForComparison,
  type AiConfig,
  type AiConfigCode,
  type aiConfigListQuerySchema,
} from '@portal/domain';
import type { z } from 'zod';
import type { AppDb, DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../http/errors.ts';
import { defaultPrompt, type AiPrompt } from './prompts.ts';
import { auditService } from '../../../audit/service.ts';
import * as repo from './repository.ts';

export type AiConfigListQueryData = z.output<typeof aiConfigListQuerySchema>;

const MAX_INT4 = 2_147_483_647;

/** `{id}` when the reference is a number that can be an id, otherwise `{codigo}`. */
async function findByRef(db: DbOrTx, ref: string): Promise<repo.AiConfigRow | undefined> {
  const trimmed = ref.trim();
  if (/^\d+$/.test(trimmed)) {
    const id = Number(trimmed);
    if (id >= 1 && id <= MAX_INT4) {
      const byId = await repo.findAiConfigById(db, id);
      if (byId) return byId;
    }
  }
  return repo.findAiConfigByCode(db, trimmed);
}

/** The AI configurations module's public face: the AI engine reads prompts through it. */
export const aiConfigsService = {
  /**
   * The few configurations are read whole and searched here, accent- and case-insensitively,
   * over the code, the prompt and the rules.
   */
  async list(db: AppDb, query: AiConfigListQueryData): Promise<AiConfig[]> {
    const rows = await repo.listAiConfigs(db, query.order);
    const needle = normalizeForComparison(query.q ?? '');
    const matching =
      needle === ''
        ? rows
        : rows.filter((row) =>
            [row.codigo, row.prompt, row.rules].some((text) =>
              normalizeForComparison(text).includes(needle),
            ),
          );
    return matching.map(repo.toAiConfig);
  },

  async get(db: AppDb, ref: string): Promise<AiConfig> {
    const row = await findByRef(db, ref);
    if (!row) throw notFound(AI_CONFIG_MESSAGES.notFound);
    return repo.toAiConfig(row);
  },

  /** Only the prompt changes (SPEC section 6: the rules are not editable). */
  async updatePrompt(db: AppDb, ref: string, prompt: string): Promise<AiConfig> {
    return db.transaction(async (tx) => {
      const row = await findByRef(tx, ref);
      if (!row) throw notFound(AI_CONFIG_MESSAGES.notFound);
      const updated = await repo.updateAiConfigPrompt(tx, row.id, prompt);
      if (!updated) throw notFound(AI_CONFIG_MESSAGES.notFound);
      await auditService.updated(tx, 'ai_config', row.id, { prompt: row.prompt }, { prompt });
      return repo.toAiConfig(updated);
    });
  },

  /** The prompt the AI uses for one purpose: the stored one, or the default when missing. */
  async promptFor(db: AppDb, codigo: AiConfigCode): Promise<AiPrompt> {
    const row = await repo.findAiConfigByCode(db, codigo);
    return row ? { codigo, prompt: row.prompt, rules: row.rules } : defaultPrompt(codigo);
  },
};
