import type { AppDb } from '../client.ts';
import { DEFAULT_AI_CONFIGS } from '../../modules/catalogue/ai-configs/prompts.ts';
import { insertMissingAiConfigs } from '../../modules/catalogue/ai-configs/repository.ts';

/**
 * Runs on every start (db/seed.ts REQUIRED_SEEDERS): creates the configurations that are
 * missing, in one statement, and never touches one that exists, so an admin's edit survives.
 */
export async function seedAiConfigs(db: AppDb): Promise<void> {
  await insertMissingAiConfigs(
    db,
    DEFAULT_AI_CONFIGS.map((config) => ({
      codigo: config.codigo,
      prompt: config.prompt,
      rules: config.rules,
    })),
  );
}
