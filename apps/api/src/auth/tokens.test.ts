import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens.ts';

const SECRET = 'unit-secret-that-is-long-enough-for-hs256-signing';

describe('TokenService', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts a token checked before until it expires, then refuses it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    const tokens = new TokenService(SECRET, 60);
    const token = await tokens.issue({ userId: 7, tokenVersion: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, tokenVersion: 2 });
    expect(await tokens.verify(token)).toEqual({ userId: 7, tokenVersion: 2 });
    vi.setSystemTime(new Date('2026-11-25T12:01:01Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('never takes a token signed with another key for a remembered one', async () => {
    const ours = new TokenService(SECRET, 60);
    const theirs = new TokenService(`${SECRET}-other`, 60);
    const token = await theirs.issue({ userId: 7, tokenVersion: 0 });
    expect(await theirs.verify(token)).not.toBeNull();
    expect(await ours.verify(token)).toBeNull();
    expect(await ours.verify(`${token}x`)).toBeNull();
  });
});
