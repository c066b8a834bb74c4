import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { RETRY_DELAY_MS, shouldRetry } from './query-client';

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
});
