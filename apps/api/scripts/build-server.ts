/**
 * Compiles the API into one ES module, dist/server.js, for `npm start`. Running from TypeScript
 * source through tsx transpiles every file at each start (about a second on a 2-core machine,
 * far more under load); the bundle starts in a fraction of that. Packages from node_modules stay
 * external (PGlite finds its WebAssembly files next to itself); the workspace's own TypeScript
 * (@portal/domain) is bundled in, since Node cannot run it as is.
 */
import path from 'node:path';
import { build } from 'esbuild';

const apiRoot = path.resolve(import.meta.dirname, '..');

const started = performance.now();
await build({
  // The PDF worker is its own file beside the server: the pool (src/pdf/render-pool.ts)
  // starts worker threads from dist/pdf-render-worker.js.
  entryPoints: {
    server: path.join(apiRoot, 'src/server.ts'),
    'pdf-render-worker': path.join(apiRoot, 'src/pdf/render-worker.ts'),
  },
  outdir: path.join(apiRoot, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(builder) {
        // Bare specifiers are packages: external, except the workspace's TypeScript packages.
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log(
  `apps/api/dist/server.js and pdf-render-worker.js built in ${Math.round(performance.now() - started)} ms`,
);
