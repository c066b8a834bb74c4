import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's boundaries are lint rules (eslint.config.js): each case lints a snippet as
 * if it were saved at `filePath` and expects the boundary's error, or none for allowed imports.
 */
function findRepoRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'eslint.config.js'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('eslint.config.js not found above the test run');
    dir = parent;
  }
  return `${dir}/`;
}

const repoRoot = findRepoRoot(process.cwd());
const eslint = new ESLint({ cwd: repoRoot });

async function restrictedImportMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('lint boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    const messages = await restrictedImportMessages(
      "import { ServiceFormModal } from '../services/service-form-modal';\nexport const x = ServiceFormModal;\n",
      'apps/web/src/features/packages/example.tsx',
    );
    expect(messages).toEqual([
      expect.stringContaining('A feature does not import another feature'),
    ]);
  });

  it('lets a feature import its own files, src/api and src/components', async () => {
    const messages = await restrictedImportMessages(
      [
        "import { useServicesQuery } from '../../api/services';",
        "import { StatCard } from '../../components/stat-card';",
        "import { ProceduresCell } from './procedures-cell';",
        'export const x = [useServicesQuery, StatCard, ProceduresCell];',
        '',
      ].join('\n'),
      'apps/web/src/features/packages/example.tsx',
    );
    expect(messages).toEqual([]);
  });

  it('refuses a feature declaring a request of its own, and lets it read errors', async () => {
    const request = await restrictedImportMessages(
      "import { api } from '../../lib/api-client';\nexport const x = () => api.get('/services/');\n",
      'apps/web/src/features/packages/example.ts',
    );
    expect(request).toEqual([expect.stringContaining('declares no request of its own')]);
    const errors = await restrictedImportMessages(
      "import { errorMessage } from '../../lib/api-client';\nexport const x = errorMessage;\n",
      'apps/web/src/features/packages/example.ts',
    );
    expect(errors).toEqual([]);
  });

  it('refuses the web importing the API', async () => {
    const messages = await restrictedImportMessages(
      "import { buildApp } from '../../../api/src/app';\nexport const x = buildApp;\n",
      'apps/web/src/lib/example.ts',
    );
    expect(messages).toEqual([expect.stringContaining('never by import')]);
  });

  it('refuses the domain importing the API or the web', async () => {
    const messages = await restrictedImportMessages(
      "import { api } from '../../../apps/web/src/lib/api-client';\nexport const x = api;\n",
      'packages/domain/src/example.ts',
    );
    expect(messages).toEqual([expect.stringContaining('The domain is pure')]);
  });

  it("refuses an API module importing another module's repository", async () => {
    const messages = await restrictedImportMessages(
      "import { toUser } from '../users/repository.ts';\nexport const x = toUser;\n",
      'apps/api/src/modules/auth/example.ts',
    );
    expect(messages).toEqual([expect.stringContaining('its repository.ts is private')]);
  });
});
