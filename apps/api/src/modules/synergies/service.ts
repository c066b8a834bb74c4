import type { SynergyGenerateResponse, synergyGenerateRequestSchema } from '@portal/domain';
import type { z } from 'zod';
import type { AppDb } from '../../db/client.ts';
import { writeSynergySuggestions, type AiContext } from '../../ai/index.ts';
import * as repo from './repository.ts';
import { buildSynergySuggestions } from './suggestions.ts';

export type SynergyGenerateData = z.output<typeof synergyGenerateRequestSchema>;

export const synergiesService = {
  /**
   * Suggestions for the selected procedures. The names are read from the catalogue, not trusted
   * from the client; ids the catalogue does not know are ignored. With `enrich_with_ai` the AI
   * engine rewrites the texts and the answer says which engine did.
   */
  async generate(
    db: AppDb,
    data: SynergyGenerateData,
    ai?: AiContext,
  ): Promise<SynergyGenerateResponse> {
    const requestedIds = [...new Set(data.procedures.map((procedure) => procedure.id))];
    const found = new Map((await repo.findServicesByIds(db, requestedIds)).map((s) => [s.id, s]));
    const selected = requestedIds.flatMap((id) => {
      const service = found.get(id);
      return service ? [service] : [];
    });
    const relations = await repo.findRelationsAmong(
      db,
      selected.map((service) => service.id),
    );
    const items = buildSynergySuggestions(selected, relations);
    if (!data.enrich_with_ai || !ai) return { items, engine: 'local' };
    // enrich_with_ai: the AI engine rewrites the drafts (the model when configured, else local).
    const written = await writeSynergySuggestions(ai, {
      procedures: selected,
      relations,
      drafts: items,
    });
    return { items: written.result, engine: written.engine };
  },
};
