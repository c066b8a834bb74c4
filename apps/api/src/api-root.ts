import fs from 'node:fs';
import path from 'node:path';

/**
 * The apps/api folder. Found by walking up from this module to the package.json of @portal/api,
 * because the module runs from two places: src/ (tests, `tsx`) and the single compiled
 * dist/server.js that `npm start` runs, where every module shares the bundle's location.
 */
function findApiRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: unknown };
      if (name === '@portal/api') return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`apps/api não encontrado acima de ${start}`);
  }
}

export const API_ROOT = findApiRoot(import.meta.dirname);
/** The repository (workspace) root: apps/web/dist is served from here. */
export const REPO_ROOT = path.resolve(API_ROOT, '../..');
