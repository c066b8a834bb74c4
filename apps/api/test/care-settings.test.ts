import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARE_SETTINGS_MESSAGES } from '@portal/domain';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';
import { userOfUnit } from './helpers/crm-fixtures.ts';

/** GET/PATCH /care-settings/ (issue 28): the cancellation fee, read by staff, set by admins. */
describe('care settings: the cancellation fee', () => {
  let t: TestApp;
  let admin: TestUser;
  let manager: TestUser;
  let professional: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await userOfUnit(t, 'admin', 'PAULISTA', 'Admin Multa');
    manager = await userOfUnit(t, 'manager', 'PAULISTA', 'Gerente Multa');
    professional = await userOfUnit(t, 'professional', 'PAULISTA', 'Profissional Multa');
  });
  afterAll(() => t.close());

  const patch = (body: unknown, token = admin.token) =>
    t.request('PATCH', '/api/v1/care-settings/', { token, body });

  it('starts at 10 %, which every staff profile reads', async () => {
    const res = await t.request('GET', '/api/v1/care-settings/', { token: professional.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cancellation_fee_percent: 10 });
  });

  it('takes a percent with two decimals from admins only, with pt-BR refusals', async () => {
    const saved = await patch({ cancellation_fee_percent: 12.5 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ cancellation_fee_percent: 12.5 });
    const read = await t.request('GET', '/api/v1/care-settings/', { token: manager.token });
    expect(read.json()).toEqual({ cancellation_fee_percent: 12.5 });

    for (const [value, message] of [
      [150, CARE_SETTINGS_MESSAGES.feeInvalid],
      [-1, CARE_SETTINGS_MESSAGES.feeInvalid],
      ['10', CARE_SETTINGS_MESSAGES.feeInvalid],
      [10.555, CARE_SETTINGS_MESSAGES.feeDecimals],
    ] as const) {
      const res = await patch({ cancellation_fee_percent: value });
      expect(res.statusCode, res.body).toBe(422);
      expect((res.json() as { detail: { msg: string }[] }).detail[0]?.msg).toBe(message);
    }
    expect((await patch({ cancellation_fee_percent: 20 }, manager.token)).statusCode).toBe(403);
    expect((await patch({ cancellation_fee_percent: 20 }, professional.token)).statusCode).toBe(
      403,
    );
  });
});
