/**
 * fast-check for every test project (a setupFiles entry of each vitest config), the one place a
 * property's seed is chosen: `npm test` and CI use a fixed seed, so a run is reproducible and a red
 * build is not luck; `npm run test:fuzz` (FC_FUZZ=1) draws a random seed per test file, prints it,
 * and multiplies the runs of every property (the global default, and each count given through
 * `propertyRuns`). FC_SEED=… replays a seed, fuzzing or not. A failing property also names its
 * seed (and shrink path) in fast-check's own message. Properties therefore never pass `seed`.
 */
import fc from 'fast-check';
import { vi } from 'vitest';

/** The seed `npm test` and CI use (any fixed number; change it on purpose, never per run). */
export const CI_SEED = 20261125;
/** How much longer the properties run under `npm run test:fuzz`. */
export const FUZZ_FACTOR = 40;

const fuzzing = process.env.FC_FUZZ === '1';

function chosenSeed(): number {
  const replay = process.env.FC_SEED;
  if (replay) {
    const seed = Number(replay);
    if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, got "${replay}"`);
    return seed;
  }
  return fuzzing ? Math.floor(Math.random() * 2 ** 31) : CI_SEED;
}

const seed = chosenSeed();
fc.configureGlobal({ seed, ...(fuzzing ? { numRuns: 100 * FUZZ_FACTOR } : {}) });
if (fuzzing || process.env.FC_SEED) {
  console.log(`[fast-check] seed ${seed} (replay with FC_SEED=${seed})`);
}
if (fuzzing) {
  // The projects' timeouts are sized for the normal counts; a test that sets its own (the API
  // fuzz suites scale theirs with propertyRuns) keeps it.
  vi.setConfig({ testTimeout: 10 * 60_000 });
}

/** A property's run count: as given, or FUZZ_FACTOR times more under `npm run test:fuzz`. */
export function propertyRuns(numRuns: number): number {
  return fuzzing ? numRuns * FUZZ_FACTOR : numRuns;
}
