import { describe, expect, it } from 'vitest';
import { aiConfigSchema } from './ai-payloads.ts';
import { clientSchema } from './clients.ts';
import {
  makeAiConfig,
  makeClient,
  makeNotice,
  makePackage,
  makeProposal,
  makeRelation,
  makeService,
  makeTraining,
  makeUser,
} from './fixtures.ts';
import { noticeSchema } from './notices.ts';
import { packageSchema } from './packages.ts';
import { proposalSchema } from './proposals.ts';
import { serviceSchema } from './services.ts';
import { synergyRelationSchema } from './synergy-relations.ts';
import { trainingSchema } from './trainings.ts';
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
    expect(clientSchema.parse(makeClient())).toEqual(makeClient());
    expect(proposalSchema.parse(makeProposal())).toEqual(makeProposal());
    expect(noticeSchema.parse(makeNotice())).toEqual(makeNotice());
    expect(trainingSchema.parse(makeTraining())).toEqual(makeTraining());
    expect(aiConfigSchema.parse(makeAiConfig())).toEqual(makeAiConfig());
  });
});
