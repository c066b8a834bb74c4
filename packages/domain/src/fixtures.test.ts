import { describe, expect, it } from 'vitest';
import { aiConfigSchema } from './sales/ai-payloads.ts';
import { clientSchema } from './crm/clients.ts';
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
import { noticeSchema } from './people/notices.ts';
import { packageSchema } from './catalogue/packages.ts';
import { proposalSchema } from './sales/proposals.ts';
import { serviceSchema } from './catalogue/services.ts';
import { synergyRelationSchema } from './catalogue/synergy-relations.ts';
import { trainingSchema } from './people/trainings.ts';
import { userSchema } from './people/users.ts';

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
