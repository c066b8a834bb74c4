/**
 * fast-check for every test project (a setupFiles entry of each vitest config): in CI the seed is
 * fixed, so a run is reproducible and a red build is not luck; elsewhere it is random and printed,
 * so a failure found on a laptop can be replayed with FC_SEED. `npm run test:fuzz` (FC_FUZZ=1)
 * multiplies the runs of every property that asks `propertyRuns` for its count.
 */
import fc from 'fast-check';

/** The seed CI uses (any fixed number; change it on purpose, never per run). */
export const CI_SEED = 20261125;
/** How much longer the properties run under `npm run test:fuzz`. */
export const FUZZ_FACTOR = 40;

const fuzzing = process.env.FC_FUZZ === '1';

function chosenSeed(): number {
  if (process.env.FC_SEED) return Number(process.env.FC_SEED);
  if (process.env.CI && !fuzzing) return CI_SEED;
  return Math.floor(Math.random() * 2 ** 31);
}

const seed = chosenSeed();
fc.configureGlobal({ seed, ...(fuzzing ? { numRuns: 100 * FUZZ_FACTOR } : {}) });
if (!process.env.CI || fuzzing) {
  console.log(`[fast-check] seed ${seed} (replay with FC_SEED=${seed})`);
}

/** A property's run count: as given, or FUZZ_FACTOR times more under `npm run test:fuzz`. */
export function propertyRuns(numRuns: number): number {
  return fuzzing ? numRuns * FUZZ_FACTOR : numRuns;
}
