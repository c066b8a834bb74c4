import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import {
  PAGE_MODULES,
  ROUTE_MODULES,
  SIGNED_IN_APP_MODULE,
  SIGNED_OUT_SCREENS,
} from './src/app/route-modules.ts';
import { planChunks } from './src/app/chunk-plan.ts';
import { MANTINE_CLASS, withoutUnusedMantineRules } from './src/app/mantine-rules.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The first pass of `npm run build` (PORTAL_CHUNK_PLAN=write) splits automatically and writes
 * the chunk plan; the second groups the first screens' modules by it (chunk-plan.ts).
 */
const writingChunkPlan = process.env.PORTAL_CHUNK_PLAN === 'write';

/** Where the first pass leaves what the second reads: the chunk plan, the Mantine classes. */
const PASS_RECORDS = path.join(webRoot, 'node_modules/.cache/portal');

function writePassRecord(name: string, value: unknown): void {
  fs.mkdirSync(PASS_RECORDS, { recursive: true });
  fs.writeFileSync(path.join(PASS_RECORDS, name), JSON.stringify(value));
}

/** A record of the last first pass; none while writing them, or before any first pass. */
function readPassRecord<T>(name: string): T | undefined {
  const file = path.join(PASS_RECORDS, name);
  if (writingChunkPlan || !fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/** The plan the first pass wrote; without one, the automatic splitting only. */
const chunkPlan = readPassRecord<Record<string, string>>('chunk-plan.json') ?? {};

/** Packages that must exist once in the bundle: two copies of a React context provider break it. */
export const singletonPackages = ['react', 'react-dom', '@mantine/core', '@mantine/hooks'];

/** What the server links in the HTML of the URLs matching a pattern (see route-modules.ts). */
export interface RoutePreload {
  scripts: string[];
  styles: string[];
}

/**
 * Libraries a first screen must not load (docs/decisions/0011-first-screen-javascript.md): zod is
 * for forms and the API, charts for the managers' dashboard. The build fails when the entry, or a
 * listed URL's preloaded code, reaches one of them, so a stray import is caught where it is made,
 * not by the bench weeks later.
 */
const SCHEMAS_AND_CHARTS =
  /[\\/]node_modules[\\/](zod|recharts|@mantine[\\/]charts|d3-[^\\/]+|victory-vendor)[\\/]/;
export const FIRST_SCREEN_FORBIDDEN: Readonly<Record<string, RegExp>> = {
  '(entry)': SCHEMAS_AND_CHARTS,
  '/login': SCHEMAS_AND_CHARTS,
  '/montar-pacote': SCHEMAS_AND_CHARTS,
};

/**
 * Libraries that the first screen needs get their own long-lived chunks, so an app release does
 * not invalidate them. Libraries used only by lazy pages stay with those pages and never weigh on
 * /login.
 */
const LIBRARY_GROUPS = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
    priority: 30,
  },
  // The router library apart from React: the signed-out screens' first screen does not
  // load it (docs/decisions/0022-signed-out-shell.md).
  {
    name: 'router',
    test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 30,
  },
  // The dashboard's charts (recharts, d3) in one chunk of their own, loaded by the pages
  // that draw a chart. Lowest priority: a group also takes its modules' dependencies not
  // taken by a group before it, and above 'react' or 'vendor' it took React and
  // Mantine's core, which the entry then loaded from this chunk. @mantine/charts (built on
  // Mantine's core) and its stylesheet stay with the page that imports them.
  {
    name: 'charts',
    test: /[\\/]node_modules[\\/](recharts|d3-[^\\/]+|victory-vendor|internmap|decimal\.js-light|eventemitter3|es-toolkit|immer|reselect|redux|@reduxjs[\\/]toolkit|react-redux|redux-thunk)[\\/](?!.*\.css$)/,
    priority: 5,
  },
  // zod only where a form or an answer is validated: on its own, a screen that imports
  // a schema-free domain file (text.ts, money.ts) never pulls it in by sharing a chunk.
  // The domain's schema helpers (text-fields.ts) travel with zod. Left to the shared-chunk
  // heuristics they shared a chunk with text.ts, which the builder needs without zod; and a
  // group takes the dependencies no group above it took, so text.ts has its own, above.
  {
    name: 'domain-text',
    test: /[\\/]packages[\\/]domain[\\/]src[\\/]shared[\\/]text\.ts$/,
    priority: 26,
  },
  {
    name: 'zod',
    test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]domain[\\/]src[\\/]shared[\\/](zod|text-fields)\.ts$/,
    priority: 25,
  },
  {
    name: 'vendor',
    test: /[\\/]node_modules[\\/]/,
    tags: ['$initial'],
    priority: 10,
  },
] satisfies Rolldown.CodeSplittingGroup[];

/** The library groups' chunks: the chunk plan leaves their modules where they are. */
const LIBRARY_CHUNKS = new Set<string>(LIBRARY_GROUPS.map((group) => group.name));

const KB = 1024;

/**
 * Gzipped JavaScript a URL's first screen may load: the entry and everything it imports, plus the
 * scripts its HTML preloads (issue 17: the builder ≤ 200 KB, /login ≤ 110 KB). /login is below
 * its budget since the signed-out shell (docs/decisions/0022-signed-out-shell.md): its ceiling is
 * what it loads now, so it can only go down. The build fails above a ceiling, naming the URL and
 * its heaviest chunks. The public proposal page is server-rendered without a script.
 */
export const FIRST_SCREEN_BUDGETS: Readonly<Record<string, number>> = {
  '/login': 101 * KB,
  '/montar-pacote': 200 * KB,
};

/**
 * Script files a URL's first screen may load (the entry's and its preloads): each costs a phone
 * a round trip on one of its six connections. What the chunk plan gives now, so it only goes down.
 */
export const FIRST_SCREEN_FILES: Readonly<Record<string, number>> = {
  '/login': 7,
  '/montar-pacote': 13,
};

/** Gzipped bytes of a chunk, as the server sends it (level 9, see the compression plugin). */
const gzippedSize = (chunk: Rolldown.OutputChunk) => zlib.gzipSync(chunk.code, { level: 9 }).length;

/** The first module of `chunks` that `forbidden` matches, if any. */
function forbiddenModule(chunks: Rolldown.OutputChunk[], forbidden: RegExp): string | undefined {
  for (const chunk of chunks) {
    const found = chunk.moduleIds.find((id) => forbidden.test(id));
    if (found) return `${found} (in ${chunk.fileName})`;
  }
  return undefined;
}

/**
 * Writes route-preloads.json: for each URL pattern of ROUTE_MODULES, the script and style files
 * of its lazy modules and everything they import statically, minus what index.html already loads.
 */
function routePreloads(): Plugin {
  return {
    name: 'portal-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Rolldown.OutputChunk>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      }
      const closure = (start: Rolldown.OutputChunk): Rolldown.OutputChunk[] => {
        const seen = new Map<string, Rolldown.OutputChunk>();
        const visit = (chunk: Rolldown.OutputChunk) => {
          if (seen.has(chunk.fileName)) return;
          seen.set(chunk.fileName, chunk);
          for (const file of chunk.imports) {
            const imported = chunks.get(file);
            if (imported) visit(imported);
          }
        };
        visit(start);
        return [...seen.values()];
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return this.error('route-preloads: no entry chunk');
      const entryChunks = closure(entry);
      const entryForbidden = FIRST_SCREEN_FORBIDDEN['(entry)'];
      const inEntry = entryForbidden && forbiddenModule(entryChunks, entryForbidden);
      if (inEntry) return this.error(`route-preloads: the entry loads ${inEntry}`);
      const initial = new Set<string>();
      for (const chunk of entryChunks) {
        initial.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) initial.add(css);
      }
      const chunkOf = new Map<string, Rolldown.OutputChunk>();
      // A page's own chunk, or the planned chunk its module joined (chunk-plan.ts).
      for (const chunk of chunks.values()) {
        for (const id of chunk.moduleIds) chunkOf.set(id, chunk);
      }
      const preloads: Record<string, RoutePreload> = {};
      // For the chunk plan: each module of a first screen, outside the entry and the named
      // library chunks, and the URLs whose first screen loads it.
      const firstScreenUse = new Map<string, Set<string>>();
      for (const [pattern, names] of Object.entries(ROUTE_MODULES)) {
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const forbidden = FIRST_SCREEN_FORBIDDEN[pattern];
        // main.tsx draws a signed-out screen without the signed-in app, every other URL with it.
        const modules = [
          ...(SIGNED_OUT_SCREENS[pattern] ? [] : [SIGNED_IN_APP_MODULE]),
          ...names.map((name) => PAGE_MODULES[name]),
        ];
        for (const module of modules) {
          const chunk = chunkOf.get(path.join(webRoot, module));
          if (!chunk) return this.error(`route-preloads: no chunk for ${module}`);
          const parts = closure(chunk);
          const reached = forbidden && forbiddenModule(parts, forbidden);
          if (reached) return this.error(`route-preloads: ${pattern} preloads ${reached}`);
          for (const part of parts) {
            if (!initial.has(part.fileName) && !LIBRARY_CHUNKS.has(part.name)) {
              for (const id of part.moduleIds) {
                const routes = firstScreenUse.get(id) ?? new Set<string>();
                firstScreenUse.set(id, routes.add(pattern));
              }
            }
            if (!initial.has(part.fileName)) scripts.add(`/${part.fileName}`);
            for (const css of part.viteMetadata?.importedCss ?? []) {
              if (!initial.has(css)) styles.add(`/${css}`);
            }
          }
        }
        preloads[pattern] = { scripts: [...scripts], styles: [...styles] };
        // The plan's pass splits automatically: the budgets are those of the planned build.
        const budget = writingChunkPlan ? undefined : FIRST_SCREEN_BUDGETS[pattern];
        if (budget !== undefined) {
          const pageChunks = [...scripts].flatMap((file) => chunks.get(file.slice(1)) ?? []);
          const sizes = [...entryChunks, ...pageChunks].map((chunk) => ({
            file: chunk.fileName,
            bytes: gzippedSize(chunk),
          }));
          const total = sizes.reduce((sum, size) => sum + size.bytes, 0);
          const files = FIRST_SCREEN_FILES[pattern];
          if (files !== undefined && sizes.length > files) {
            return this.error(
              `route-preloads: ${pattern} loads ${sizes.length} script files, over its ` +
                `${files} (docs/decisions/0025-first-screen-requests.md); \`npm run build\` ` +
                `writes the chunk plan before it builds`,
            );
          }
          if (total > budget) {
            const heaviest = sizes
              .sort((a, b) => b.bytes - a.bytes)
              .slice(0, 5)
              .map((size) => `${size.file} ${(size.bytes / KB).toFixed(1)} KB`)
              .join(', ');
            return this.error(
              `route-preloads: ${pattern} loads ${(total / KB).toFixed(1)} KB of gzipped ` +
                `JavaScript, over its ${(budget / KB).toFixed(0)} KB budget (heaviest: ${heaviest})`,
            );
          }
        }
      }
      if (writingChunkPlan) {
        const under = (layout: string) =>
          Object.keys(ROUTE_MODULES).filter((pattern) =>
            ROUTE_MODULES[pattern]?.includes(layout as never),
          );
        writePassRecord(
          'chunk-plan.json',
          planChunks({
            use: firstScreenUse,
            signedOut: Object.keys(SIGNED_OUT_SCREENS),
            signIn: ['/login', '/admin/login'],
            professional: under('professionalLayout'),
            admin: under('adminLayout'),
            builder: '/montar-pacote',
          }),
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify(preloads),
      });
    },
  };
}

const MANTINE_STYLES = /[\\/]@mantine[\\/]core[\\/]styles\.css$/;
const USED_CLASSES_RECORD = 'mantine-classes.json';

/** Every Mantine class the built scripts name: their components' class maps. */
function mantineClassesIn(bundle: Rolldown.OutputBundle): Set<string> {
  const classes = new Set<string>();
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    for (const name of output.code.match(MANTINE_CLASS) ?? []) classes.add(name);
  }
  return classes;
}

/**
 * Mantine's stylesheet holds every component's rules, half of them for components the app never
 * draws: 35.5 KB gzipped on every first screen, and style work on a phone's CPU. The chunk plan's
 * pass records the classes the built scripts name; the second pass keeps only the rules of those,
 * in the stylesheet's source, so its file name's hash follows what it holds
 * (docs/decisions/0025-first-screen-requests.md). The build fails when a script names a class the
 * record lacks (a record older than the code).
 */
function unusedMantineRules(): Plugin {
  const record = readPassRecord<string[]>(USED_CLASSES_RECORD);
  const used: ReadonlySet<string> | undefined = record && new Set(record);
  return {
    name: 'portal-unused-mantine-rules',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!used || !MANTINE_STYLES.test(id.split('?')[0] ?? '')) return undefined;
      return { code: withoutUnusedMantineRules(code, used), map: null };
    },
    generateBundle(_options, bundle) {
      const named = mantineClassesIn(bundle);
      if (writingChunkPlan) {
        writePassRecord(USED_CLASSES_RECORD, [...named].sort());
        return;
      }
      const missing = used ? [...named].filter((name) => !used.has(name)) : [];
      if (missing.length > 0) {
        this.error(
          `unused-mantine-rules: the scripts name ${missing.slice(0, 5).join(', ')}, which the ` +
            'record of the first pass lacks; `npm run build` records them before it builds',
        );
      }
    },
  };
}

/** Mantine's useId module, as @mantine/hooks' own index imports it. */
const MANTINE_USE_ID = /[\\/]use-id[\\/]use-id\.mjs$/;
const MANTINE_HOOKS = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]/;

/**
 * Mantine's useId swaps a random id in after mount, re-rendering every component that asked for
 * one; src/lib/mantine-use-id.ts returns React's id instead
 * (docs/decisions/0027-first-frame-on-the-issue-machine.md). Used by vitest.config.ts too, so
 * the tests run the same ids. `npm run dev` pre-bundles Mantine without it (ids still work).
 */
export function mantineUseId(): Plugin {
  const replacement = path.join(webRoot, 'src/lib/mantine-use-id.ts');
  return {
    name: 'portal-mantine-use-id',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !MANTINE_USE_ID.test(source) || !MANTINE_HOOKS.test(importer)) {
        return undefined;
      }
      return replacement;
    },
  };
}

/**
 * The entry's stylesheet is preloaded, not applied, in index.html: as a stylesheet link it held
 * the boot splash until it arrived (on a phone on 4G, a second after the HTML). main.tsx applies
 * it in place before React's first render, so no screen is ever drawn without it.
 */
function appStylesheetPreload(): Plugin {
  return {
    name: 'portal-app-stylesheet-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g,
          '<link rel="preload" as="style" crossorigin href="$1" data-app-stylesheet>',
        ),
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    mantineUseId(),
    unusedMantineRules(),
    routePreloads(),
    appStylesheetPreload(),
    // The API serves these files as they are (Content-Encoding br/gzip), so no request pays
    // for on-the-fly compression.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress', {})],
    }),
  ],
  resolve: {
    // A package hoisted next to its own copy of @mantine/core or React would otherwise read a
    // different provider context than the app.
    dedupe: singletonPackages,
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Vite 8 (Rolldown) replacement for manualChunks: the library groups, then the plan.
        codeSplitting: {
          groups: [
            ...LIBRARY_GROUPS,
            // The first screens' modules, grouped by the URLs that load them (chunk-plan.ts).
            // Their imports are planned too, so no group takes them along.
            ...(Object.keys(chunkPlan).length > 0
              ? [
                  {
                    name: (id: string) => chunkPlan[id] ?? null,
                    debugName: 'first-screens',
                    priority: 15,
                    includeDependenciesRecursively: false,
                  },
                ]
              : []),
          ],
        },
      },
    },
  },
});
