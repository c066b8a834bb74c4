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

async function messagesOf(rule: string, code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === rule)
    .map((message) => message.message);
}

const restrictedImportMessages = (code: string, filePath: string) =>
  messagesOf('no-restricted-imports', code, filePath);

/** The context map's rule (docs/decisions/0028-context-map.md). */
const boundaryMessages = (code: string, filePath: string) =>
  messagesOf('boundaries/dependencies', code, filePath);

const NO_POLICY = expect.stringContaining('There is no policy allowing');

describe('lint boundaries', () => {
  it('refuses a feature importing another feature, even of its own context', async () => {
    const messages = await boundaryMessages(
      "import { ServiceFormModal } from '../services/service-form-modal';\nexport const x = ServiceFormModal;\n",
      'apps/web/src/features/catalogue/packages/example.tsx',
    );
    expect(messages).toEqual([NO_POLICY]);
  });

  it('lets a feature import its own files, its and lower contexts, src/components', async () => {
    const code = [
      "import { useServicesQuery } from '../../../api/catalogue/services';",
      "import { clientListQuery } from '../../../api/crm/clients';",
      "import { ClientPickerSlot } from '../../crm/components/client-picker-slot';",
      "import { StatCard } from '../../../components/stat-card';",
      "import { ProcedureBlock } from './procedure-block';",
      'export const x = [useServicesQuery, clientListQuery, ClientPickerSlot, StatCard, ProcedureBlock];',
      '',
    ].join('\n');
    const path = 'apps/web/src/features/sales/builder/example.tsx';
    expect(await restrictedImportMessages(code, path)).toEqual([]);
    expect(await boundaryMessages(code, path)).toEqual([]);
  });

  it('refuses an upward import between contexts, in each workspace', async () => {
    const web = await boundaryMessages(
      "import { proposalsQuery } from '../../../api/sales/proposals';\nexport const x = proposalsQuery;\n",
      'apps/web/src/features/crm/clients/example.tsx',
    );
    expect(web).toEqual([NO_POLICY]);
    const webApi = await boundaryMessages(
      "import { auditKeys } from '../insights/audit';\nexport const x = auditKeys;\n",
      'apps/web/src/api/catalogue/example.ts',
    );
    expect(webApi).toEqual([NO_POLICY]);
    const api = await boundaryMessages(
      "import { proposalsService } from '../../sales/proposals/service.ts';\nexport const x = proposalsService;\n",
      'apps/api/src/modules/crm/clients/example.ts',
    );
    expect(api).toEqual([NO_POLICY]);
    const domain = await boundaryMessages(
      "import { proposalSchema } from '../sales/proposals.ts';\nexport const x = proposalSchema;\n",
      'packages/domain/src/catalogue/example.ts',
    );
    expect(domain).toEqual([NO_POLICY]);
  });

  it('lets a context import those to its left', async () => {
    const api = await boundaryMessages(
      "import { clientsService } from '../../crm/clients/service.ts';\nexport const x = clientsService;\n",
      'apps/api/src/modules/sales/proposals/example.ts',
    );
    expect(api).toEqual([]);
    const domain = await boundaryMessages(
      "import { clientSchema } from '../crm/clients.ts';\nexport const x = clientSchema;\n",
      'packages/domain/src/sales/example.ts',
    );
    expect(domain).toEqual([]);
  });

  it('refuses infrastructure and shared UI reaching into contexts or requests', async () => {
    const infra = await boundaryMessages(
      "import { usersService } from '../modules/people/users/service.ts';\nexport const x = usersService;\n",
      'apps/api/src/audit/example.ts',
    );
    expect(infra).toEqual([NO_POLICY]);
    const components = await boundaryMessages(
      "import { clientListQuery } from '../api/crm/clients';\nexport const x = clientListQuery;\n",
      'apps/web/src/components/example.tsx',
    );
    expect(components).toEqual([NO_POLICY]);
    const kernel = await boundaryMessages(
      "import { userSchema } from '../people/users.ts';\nexport const x = userSchema;\n",
      'packages/domain/src/shared/example.ts',
    );
    expect(kernel).toEqual([NO_POLICY]);
  });

  it('refuses an import cycle between API modules', async () => {
    // The procedures' service imports the audit trail; the trail importing it back is a cycle.
    const messages = await messagesOf(
      'import-x/no-cycle',
      "import { servicesService } from '../modules/catalogue/services/service.ts';\nexport const x = servicesService;\n",
      'apps/api/src/audit/service.ts',
    );
    expect(messages).toEqual([expect.stringContaining('Dependency cycle')]);
  });

  it('refuses a feature declaring a request of its own, and lets it read errors', async () => {
    const request = await restrictedImportMessages(
      "import { api } from '../../lib/api-client';\nexport const x = () => api.get('/services/');\n",
      'apps/web/src/features/catalogue/packages/example.ts',
    );
    expect(request).toEqual([expect.stringContaining('declares no request of its own')]);
    const errors = await restrictedImportMessages(
      "import { errorMessage } from '../../lib/api-client';\nexport const x = errorMessage;\n",
      'apps/web/src/features/catalogue/packages/example.ts',
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
      'apps/api/src/modules/people/auth/example.ts',
    );
    expect(messages).toEqual([expect.stringContaining('its repository.ts is private')]);
  });
});
