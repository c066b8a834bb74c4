/**
 * Writes apps/api/src/modules/billing/pix-api/generated.ts from the Banco Central's API Pix
 * OpenAPI (openapi.yaml beside it): `node --import tsx apps/api/scripts/pix-api-types.ts`.
 * apps/api/src/modules/billing/pix-api/generated.test.ts fails when the file is not current.
 */
import { writeFile } from 'node:fs/promises';
import { generatePixApiTypes, GENERATED_PATH } from '../src/modules/billing/pix-api/generate.ts';

await writeFile(GENERATED_PATH, await generatePixApiTypes());
console.log(`wrote ${GENERATED_PATH}`);
