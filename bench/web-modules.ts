/**
 * Where a page's first-screen JavaScript goes (issue 17; docs/decisions/0011-first-screen-javascript.md):
 * builds apps/web into bench/.tmp/web-modules (by the chunk plan of the last `npm run build`,
 * apps/web/src/app/chunk-plan.ts) with a plugin that records every chunk's modules,
 * then prints, for each URL pattern given (default /login and /montar-pacote), the chunks of the
 * entry and the page's preloads with their gzipped size, and the packages and source files in
 * them by gzipped size (each module compressed alone: for ranking, not for adding up).
 *   node --import tsx bench/web-modules.ts [/login /montar-pacote …]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, mergeConfig, type Plugin } from 'vite';
import webConfig, { type RoutePreload } from '../apps/web/vite.config.ts';
import { REPO_ROOT, TMP_DIR } from './lib/env.ts';
import { formatKB } from './lib/stats.ts';

interface ChunkInfo {
  gzip: number;
  imports: string[];
  isEntry: boolean;
  /** Module id → gzipped size of its rendered code alone. */
  modules: Record<string, number>;
}

const gzip = (code: string) => zlib.gzipSync(code, { level: 9 }).length;

function recordChunks(into: Map<string, ChunkInfo>): Plugin {
  return {
    name: 'bench-record-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        into.set(output.fileName, {
          gzip: gzip(output.code),
          imports: output.imports,
          isEntry: output.isEntry,
          modules: Object.fromEntries(
            Object.entries(output.modules).map(([id, module]) => [id, gzip(module.code ?? '')]),
          ),
        });
      }
    },
  };
}

/** 'react-dom' for a package module, the repository path for a source file. */
function ownerOf(id: string): string {
  const inPackage = id.split('node_modules/').at(-1) ?? id;
  if (inPackage === id) return path.relative(REPO_ROOT, id) || id;
  const parts = inPackage.split('/');
  return inPackage.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? inPackage);
}

const outDir = path.join(TMP_DIR, 'web-modules');
const chunks = new Map<string, ChunkInfo>();
await build(
  mergeConfig(webConfig, {
    configFile: false,
    logLevel: 'warn',
    plugins: [recordChunks(chunks)],
    build: { outDir, emptyOutDir: true },
  }),
);
const preloads = JSON.parse(
  fs.readFileSync(path.join(outDir, 'route-preloads.json'), 'utf8'),
) as Record<string, RoutePreload>;
const entry = [...chunks].find(([, chunk]) => chunk.isEntry)?.[0];
if (!entry) throw new Error('no entry chunk');
const closure = (start: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const file of chunks.get(start)?.imports ?? []) closure(file, seen);
  return seen;
};

const patterns = process.argv.slice(2);
for (const pattern of patterns.length > 0 ? patterns : ['/login', '/montar-pacote']) {
  const page = preloads[pattern];
  if (!page) throw new Error(`${pattern} is not in route-preloads.json`);
  const files = closure(entry);
  for (const script of page.scripts) files.add(script.replace(/^\//, ''));
  const infos = [...files].map((file) => ({ file, info: chunks.get(file) }));
  const total = infos.reduce((sum, { info }) => sum + (info?.gzip ?? 0), 0);
  console.log(`\n${pattern}: ${files.size} chunks, ${formatKB(total)} gzipped`);
  for (const { file, info } of infos.sort((a, b) => (b.info?.gzip ?? 0) - (a.info?.gzip ?? 0))) {
    if ((info?.gzip ?? 0) >= 1024)
      console.log(`  ${formatKB(info?.gzip ?? 0).padStart(9)}  ${file}`);
  }
  const owners = new Map<string, number>();
  for (const { info } of infos) {
    for (const [id, size] of Object.entries(info?.modules ?? {})) {
      owners.set(ownerOf(id), (owners.get(ownerOf(id)) ?? 0) + size);
    }
  }
  console.log('  by package or file (each module gzipped alone):');
  for (const [owner, size] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`  ${formatKB(size).padStart(9)}  ${owner}`);
  }
}
