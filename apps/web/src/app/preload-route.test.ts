import { makeNotice, makeUser } from '@portal/domain/fixtures';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { activeNoticesQueryKey } from '../api/notices';
import { createQueryClient } from './query-client';
import { preloadRoute } from './router';
import { apiData } from '../test/msw-handlers';
import { server } from '../test/msw-server';
import { signInAs } from '../test/test-utils';

describe('preloadRoute, before the first render of a signed-in page', () => {
  it('waits for the notices, so the banner is drawn with the page and does not push it down', async () => {
    signInAs(makeUser());
    apiData.notices = [makeNotice({ title: 'Semana da Criolipólise', active: true })];
    // The page's code first, so that only the notices can be what the second preload waits for.
    await preloadRoute('/montar-pacote', createQueryClient());
    server.use(
      http.get('/api/v1/notices/notices/', async () => {
        await delay(500);
        return HttpResponse.json(apiData.notices);
      }),
    );
    const queryClient = createQueryClient();
    await preloadRoute('/montar-pacote', queryClient);
    expect(queryClient.getQueryData(activeNoticesQueryKey)).toEqual([
      expect.objectContaining({ title: 'Semana da Criolipólise' }),
    ]);
  });

  it('does not hold the page back for notices that never answer', async () => {
    signInAs(makeUser());
    server.use(
      http.get('/api/v1/notices/notices/', async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const queryClient = createQueryClient();
    // Settles after the wait's bound (1.5 s), well within the test's time.
    await expect(preloadRoute('/montar-pacote', queryClient)).resolves.toBeUndefined();
    expect(queryClient.getQueryData(activeNoticesQueryKey)).toBeUndefined();
    await queryClient.cancelQueries();
  });
});
