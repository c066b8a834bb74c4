import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { RATE_LIMITED_RETRIES, RETRY_DELAY_MS, retryDelay, shouldRetry } from './query-client';

describe('retry policy', () => {
  it('asks a failed list once more, soon, so the error shows within a second', () => {
    const serverError = new ApiError(500, { detail: 'Erro interno.' });
    expect(shouldRetry(0, serverError)).toBe(true);
    expect(shouldRetry(1, serverError)).toBe(false);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(RETRY_DELAY_MS).toBeLessThan(1000);
  });

  it('never repeats a 4xx, which would answer the same', () => {
    expect(shouldRetry(0, new ApiError(404, { detail: 'Não encontrado.' }))).toBe(false);
    expect(shouldRetry(0, new ApiError(422, { detail: [] }))).toBe(false);
  });

  it('waits out a short 429 and asks again a few times; a long one shows the error', () => {
    const busy = new ApiError(429, { detail: 'Muitas requisições.' }, '', 1000);
    expect(shouldRetry(0, busy)).toBe(true);
    expect(shouldRetry(RATE_LIMITED_RETRIES - 1, busy)).toBe(true);
    expect(shouldRetry(RATE_LIMITED_RETRIES, busy)).toBe(false);
    expect(retryDelay(0, busy)).toBe(1000);
    expect(shouldRetry(0, new ApiError(429, null, '', 60_000))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, null))).toBe(false);
    expect(retryDelay(0, new ApiError(500, null))).toBe(RETRY_DELAY_MS);
  });
});
