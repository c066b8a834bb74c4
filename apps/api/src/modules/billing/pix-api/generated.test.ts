import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GENERATED_PATH, generatePixApiTypes, OPENAPI_PATH } from './generate.ts';

describe('API Pix types', () => {
  it('come from the kept OpenAPI, version 2.9.0, and are current', async () => {
    const document = parse(await readFile(OPENAPI_PATH, 'utf8')) as { info: { version: string } };
    expect(document.info.version).toBe('2.9.0');
    // Fails after openapi.yaml changes until `node --import tsx apps/api/scripts/pix-api-types.ts`.
    expect(await readFile(GENERATED_PATH, 'utf8')).toBe(await generatePixApiTypes());
  }, 60_000);
});
