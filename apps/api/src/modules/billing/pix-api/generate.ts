import { fileURLToPath } from 'node:url';

/** Where the types of the API Pix live, and how they are made (openapi-typescript). */
export const OPENAPI_PATH = fileURLToPath(new URL('./openapi.yaml', import.meta.url));
export const GENERATED_PATH = fileURLToPath(new URL('./generated.ts', import.meta.url));

const HEADER = `// Generated from openapi.yaml (bacen/pix-api 2.9.0) by apps/api/scripts/pix-api-types.ts.
// Do not edit: run the script again.

`;

export async function generatePixApiTypes(): Promise<string> {
  // Loaded on demand: a build-time tool, never needed by the running server.
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(new URL(`file://${OPENAPI_PATH}`));
  return HEADER + astToString(ast);
}
