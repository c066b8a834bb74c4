export { makePackage, makeRelation, makeService } from '@portal/domain/fixtures';

/** The JSON body a recorded fetch call sent. */
export function sentBody(init: RequestInit): unknown {
  return typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
}
