/**
 * The chunk plan (docs/decisions/0025-first-screen-requests.md); plain code without imports, so
 * vite.config.ts can import it. Left to Rolldown's automatic splitting, a module goes to a chunk
 * shared by exactly the set of lazy pages that import it: with some thirty pages, the builder's
 * first screen was 69 files, most under a kilobyte, and a phone on HTTP/1.1 (six connections)
 * waited a round trip for every six of them before React could draw.
 *
 * So `npm run build` runs twice (apps/web/package.json). The first pass splits automatically and
 * records, for each module of a URL's first screen, the URLs whose first screen loads it. It reads
 * the chunks after tree shaking: the module graph alone would make every Mantine component look
 * used everywhere, through @mantine/core's index. The second pass groups the modules by that
 * record, so that a chunk holds modules that the same budgeted first screens load or leave:
 * - a module of a sign-in screen goes to the chunk of the sign-in screens that load it (and of the
 *   builder, when it does too);
 * - a module that nearly every signed-in URL loads goes to the signed-in chunk (router glue, the
 *   query client, the session), one that nearly every professional or admin URL loads to that
 *   shell's chunk; each apart for the builder's and the others';
 * - the builder's own modules go to the builder chunk, and those it shares with other pages to
 *   builder-shared;
 * - everything else keeps the automatic splitting.
 * /login and the builder therefore load only modules they use, in a few files. A module's imports
 * are loaded by every URL that loads it, so they land in its chunk or in one that more URLs load:
 * the planned chunks import each other in one direction only.
 */

/** A module of a URL's first screen, and every URL whose first screen loads it. */
export type FirstScreenUse = ReadonlyMap<string, ReadonlySet<string>>;

export interface PlanInput {
  use: FirstScreenUse;
  /** The URL patterns drawn by the signed-out shell (/login, …). */
  signedOut: readonly string[];
  /** Those of them where a visit starts: their first screens have budgets. */
  signIn: readonly string[];
  /** The signed-in URL patterns under each shell. */
  professional: readonly string[];
  admin: readonly string[];
  /** The URL whose own modules get a chunk of their own ('/montar-pacote'). */
  builder: string;
}

/** Share of a shell's URLs that must load a module for it to join that shell's chunk. */
const SHELL_SHARE = 0.9;

/** The chunk name of each planned module; modules not named keep the automatic splitting. */
export function planChunks({
  use,
  signedOut,
  signIn,
  professional,
  admin,
  builder,
}: PlanInput): Record<string, string> {
  const signedIn = [...professional, ...admin];
  const share = (routes: ReadonlySet<string>, of: readonly string[]) =>
    of.filter((route) => routes.has(route)).length / of.length;
  // One chunk per set of sign-in screens (and the builder) loading it, numbered in a stable order.
  const outSets = new Map<string, string>();
  const plan: Record<string, string> = {};
  /**
   * A chunk holds modules that the same first screens load or leave: every module of a chunk
   * that /login or the builder loads is one they use, so neither pays for another screen's code.
   */
  const chunkName = (routes: ReadonlySet<string>): string | undefined => {
    const forBuilder = routes.has(builder);
    const outs = signedOut.filter((route) => routes.has(route));
    if (outs.length > 0) {
      // The sign-in screens' modules, and the builder's, are planned; a module of only the other
      // signed-out screens (registration, password reset) keeps the automatic splitting, so a
      // signed-in page that shares one with them does not load their code.
      if (!forBuilder && !outs.some((route) => signIn.includes(route))) return undefined;
      const key = [
        ...signIn.filter((route) => routes.has(route)),
        ...(forBuilder ? [builder] : []),
      ].join(' ');
      if (!outSets.has(key)) outSets.set(key, `signed-out-${outSets.size + 1}`);
      return outSets.get(key);
    }
    const suffix = forBuilder ? '' : '-more';
    if (share(routes, signedIn) >= SHELL_SHARE) return `signed-in${suffix}`;
    if (share(routes, professional) >= SHELL_SHARE) return `professional-shell${suffix}`;
    // The builder's own code apart from what it shares, which other pages then load alone.
    if (forBuilder)
      return signedIn.some((route) => route !== builder && routes.has(route))
        ? 'builder-shared'
        : 'builder';
    if (share(routes, admin) >= SHELL_SHARE) return 'admin-shell';
    return undefined;
  };
  for (const id of [...use.keys()].sort()) {
    const routes = use.get(id) ?? new Set<string>();
    const name = chunkName(routes);
    if (name) plan[id] = name;
  }
  return plan;
}
