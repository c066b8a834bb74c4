import { describe, expect, it } from 'vitest';
import { makePackage, makeRelation, makeService, makeUser } from './fixtures.ts';
import { packageSchema } from './packages.ts';
import { serviceSchema } from './services.ts';
import { synergyRelationSchema } from './synergy-relations.ts';
import { userSchema } from './users.ts';

/** The web's tests and MSW handlers answer with these: they must be what the API sends. */
describe('shared fixtures', () => {
  it('match the wire schemas the API validates its answers with', () => {
    expect(serviceSchema.parse(makeService())).toEqual(makeService());
    expect(packageSchema.parse(makePackage())).toEqual(makePackage());
    expect(synergyRelationSchema.parse(makeRelation())).toEqual(makeRelation());
    expect(userSchema.parse(makeUser({ status: 'pending' }))).toEqual(
      makeUser({ status: 'pending' }),
    );
  });
});
