import {
  normalizeForComparison,
  type SynergyGenerateResponse,
  type synergyGenerateRequestSchema,
} from '@portal/domain';
import type { z } from 'zod';
import type { AppDb } from '../../../db/client.ts';
import type { Viewer } from '../../../auth/scope.ts';
import { clinicalService } from '../../crm/clinical/service.ts';
import { writeSynergySuggestions, type AiContext } from '../ai/index.ts';
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
    viewer?: Viewer,
  ): Promise<SynergyGenerateResponse> {
    // Each procedure is an id (its name is not trusted) or a name as the existing front end
    // sends it, matched like the catalogue's unique name key.
    type Wanted = { kind: 'id'; id: number } | { kind: 'name'; nameKey: string };
    const wanted = data.procedures.map((procedure): Wanted =>
      typeof procedure === 'string'
        ? { kind: 'name', nameKey: normalizeForComparison(procedure) }
        : { kind: 'id', id: procedure.id },
    );
    const ids = wanted.flatMap((w) => (w.kind === 'id' ? [w.id] : []));
    const nameKeys = wanted.flatMap((w) => (w.kind === 'name' ? [w.nameKey] : []));
    const rows = await repo.findServicesByIdsOrNameKeys(db, ids, nameKeys);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const byNameKey = new Map(rows.map((row) => [row.nameKey, row]));
    const seen = new Set<number>();
    const found = wanted.flatMap((w) => {
      const row = w.kind === 'id' ? byId.get(w.id) : byNameKey.get(w.nameKey);
      if (!row || seen.has(row.id)) return [];
      seen.add(row.id);
      const { nameKey: _nameKey, ...service } = row;
      return [service];
    });
    // Issue 26: a procedure the client's record or the request rules out absolutely is paired
    // with nothing, so no suggested pair meets a contraindication.
    const record =
      data.client_id && viewer ? await clinicalService.recordFor(db, viewer, data.client_id) : null;
    const check =
      record || data.request?.trim()
        ? clinicalService.run(
            record ?? { conditions: [], allergies: [] },
            data.request,
            found.map((service) => ({
              id: service.id,
              name: service.name,
              traits: service.clinicalTraits,
            })),
          )
        : null;
    const blocked = new Set(check?.blocked_ids ?? []);
    const selected = found.filter((service) => !blocked.has(service.id));
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
