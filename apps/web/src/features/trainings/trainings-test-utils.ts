import type { Training } from '@portal/domain';

/** A training as the API returns it; tests override what they are about. */
export function makeTraining(overrides: Partial<Training> = {}): Training {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Treinamento ${id}`,
    description: 'Descrição do treinamento.',
    category: 'skincare',
    video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    thumbnail_url: 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    published_at: '2026-03-10T12:00:00.000Z',
    content_sections: [],
    active: true,
    like_count: 0,
    dislike_count: 0,
    my_reaction: null,
    created_at: '2026-03-01T12:00:00.000Z',
    updated_at: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}

/** A response the test decides when to send. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The query string of a recorded fetch URL, as an object. */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
}
