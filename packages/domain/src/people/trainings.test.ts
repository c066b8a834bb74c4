import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyReaction,
  countTrainings,
  escapeLikePattern,
  TRAINING_MESSAGES,
  trainingCreateSchema,
  trainingDeleteConfirmation,
  trainingListQuerySchema,
  trainingUpdateSchema,
  withReaction,
  type TrainingReaction,
} from '../index.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('trainingCreateSchema', () => {
  const valid = { title: '  Peeling químico  ', description: ' Passo a passo ' };

  it('trims, defaults the category to sales and empty values to null', () => {
    expect(trainingCreateSchema.parse({ ...valid, video_url: '', published_at: '' })).toEqual({
      title: 'Peeling químico',
      description: 'Passo a passo',
      category: 'sales',
      video_url: null,
      published_at: null,
      content_sections: [],
      active: true,
    });
  });

  it('requires title and description after trim', () => {
    expect(firstMessage(trainingCreateSchema.safeParse({ ...valid, title: '   ' }))).toBe(
      'Título é obrigatório.',
    );
    expect(firstMessage(trainingCreateSchema.safeParse({ description: 'x' }))).toBe(
      'Título é obrigatório.',
    );
    expect(firstMessage(trainingCreateSchema.safeParse({ ...valid, description: ' ' }))).toBe(
      'Descrição é obrigatória.',
    );
  });

  it('accepts only the five categories', () => {
    expect(firstMessage(trainingCreateSchema.safeParse({ ...valid, category: 'hair' }))).toBe(
      'Categoria inválida.',
    );
    expect(trainingCreateSchema.parse({ ...valid, category: 'body' }).category).toBe('body');
  });

  it('accepts only http and https video links', () => {
    expect(
      firstMessage(trainingCreateSchema.safeParse({ ...valid, video_url: 'ftp://x.com/a.mp4' })),
    ).toBe(TRAINING_MESSAGES.videoUrlScheme);
    expect(
      trainingCreateSchema.parse({ ...valid, video_url: ' https://youtu.be/dQw4w9WgXcQ ' })
        .video_url,
    ).toBe('https://youtu.be/dQw4w9WgXcQ');
  });

  it('stores published_at as a UTC ISO string and rejects other formats', () => {
    expect(
      trainingCreateSchema.parse({ ...valid, published_at: '2026-03-10T09:30:00-03:00' })
        .published_at,
    ).toBe('2026-03-10T12:30:00.000Z');
    for (const bad of ['10/03/2026', '2026-02-30T10:00:00Z', 'amanhã', '2026-03-10T10:00']) {
      expect(firstMessage(trainingCreateSchema.safeParse({ ...valid, published_at: bad }))).toBe(
        TRAINING_MESSAGES.publishedAtInvalid,
      );
    }
  });

  it('trims sections, drops empty ones and allows at most 4', () => {
    const parsed = trainingCreateSchema.parse({
      ...valid,
      content_sections: [
        { title: ' Introdução ', text: ' Texto ' },
        { title: '  ', text: '' },
        { title: 'Só título' },
        { title: '', text: 'Só texto' },
        { title: ' ', text: ' ' },
        { title: 'Quarta', text: 'x' },
      ],
    });
    expect(parsed.content_sections).toEqual([
      { title: 'Introdução', text: 'Texto' },
      { title: 'Só título', text: '' },
      { title: '', text: 'Só texto' },
      { title: 'Quarta', text: 'x' },
    ]);
    const five = Array.from({ length: 5 }, (_, i) => ({ title: `Seção ${i + 1}`, text: 't' }));
    expect(firstMessage(trainingCreateSchema.safeParse({ ...valid, content_sections: five }))).toBe(
      'No máximo 4 seções de conteúdo.',
    );
  });

  it('ignores unknown fields', () => {
    const parsed = trainingCreateSchema.parse({ ...valid, id: 99, like_count: 1000 });
    expect(parsed).not.toHaveProperty('id');
    expect(parsed).not.toHaveProperty('like_count');
  });
});

describe('trainingUpdateSchema', () => {
  it('accepts only {active}', () => {
    expect(trainingUpdateSchema.parse({ active: false })).toEqual({ active: false });
  });

  it('leaves omitted fields undefined and clears with null or blank', () => {
    const parsed = trainingUpdateSchema.parse({
      video_url: '',
      published_at: null,
      content_sections: null,
    });
    expect(parsed).toEqual({ video_url: null, published_at: null, content_sections: [] });
  });

  it('rejects a blank title or description when sent', () => {
    expect(firstMessage(trainingUpdateSchema.safeParse({ title: ' ' }))).toBe(
      'Título é obrigatório.',
    );
    expect(firstMessage(trainingUpdateSchema.safeParse({ description: '' }))).toBe(
      'Descrição é obrigatória.',
    );
    expect(firstMessage(trainingUpdateSchema.safeParse({ active: 'sim' }))).toBe(
      TRAINING_MESSAGES.activeInvalid,
    );
  });
});

describe('trainingListQuerySchema', () => {
  it('defaults to the newest 24 from offset 0', () => {
    expect(trainingListQuerySchema.parse({})).toEqual({
      category: undefined,
      q: undefined,
      order: 'newest',
      limit: 24,
      offset: 0,
      publishedFrom: undefined,
      publishedBefore: undefined,
    });
  });

  it('reads one category or a comma list, and blank as none', () => {
    expect(trainingListQuerySchema.parse({ category: 'body' }).category).toEqual(['body']);
    expect(trainingListQuerySchema.parse({ category: 'body, skincare,body' }).category).toEqual([
      'body',
      'skincare',
    ]);
    expect(trainingListQuerySchema.parse({ category: '' }).category).toBeUndefined();
    expect(firstMessage(trainingListQuerySchema.safeParse({ category: 'body,hair' }))).toBe(
      'Categoria inválida.',
    );
  });

  it('bounds limit and offset', () => {
    expect(trainingListQuerySchema.parse({ limit: '100', offset: '48' })).toMatchObject({
      limit: 100,
      offset: 48,
    });
    for (const limit of ['0', '101', '2.5', 'abc', '']) {
      expect(firstMessage(trainingListQuerySchema.safeParse({ limit }))).toBe(
        TRAINING_MESSAGES.limitInvalid,
      );
    }
    expect(firstMessage(trainingListQuerySchema.safeParse({ offset: '-1' }))).toBe(
      TRAINING_MESSAGES.offsetInvalid,
    );
    expect(firstMessage(trainingListQuerySchema.safeParse({ order: 'random' }))).toBe(
      TRAINING_MESSAGES.orderInvalid,
    );
  });

  it('reads calendar days in clinic time, date_to inclusive of the whole day', () => {
    const parsed = trainingListQuerySchema.parse({
      date_from: '2026-03-01',
      date_to: '2026-03-31',
    });
    expect(parsed.publishedFrom?.toISOString()).toBe('2026-03-01T03:00:00.000Z');
    expect(parsed.publishedBefore?.toISOString()).toBe('2026-04-01T03:00:00.000Z');
    const exact = trainingListQuerySchema.parse({ date_to: '2026-03-31T10:00:00Z' });
    expect(exact.publishedBefore?.toISOString()).toBe('2026-03-31T10:00:00.001Z');
  });

  it('rejects bad dates and an inverted range', () => {
    expect(firstMessage(trainingListQuerySchema.safeParse({ date_from: '31/03/2026' }))).toBe(
      TRAINING_MESSAGES.dateInvalid,
    );
    expect(firstMessage(trainingListQuerySchema.safeParse({ date_to: '2026-02-30' }))).toBe(
      TRAINING_MESSAGES.dateInvalid,
    );
    expect(
      firstMessage(
        trainingListQuerySchema.safeParse({ date_from: '2026-04-02', date_to: '2026-04-01' }),
      ),
    ).toBe(TRAINING_MESSAGES.dateRangeInvalid);
    // One day is a valid range.
    expect(
      trainingListQuerySchema.safeParse({ date_from: '2026-04-01', date_to: '2026-04-01' }).success,
    ).toBe(true);
  });
});

describe('reactions', () => {
  it('likes, undoes a second like and moves a dislike', () => {
    expect(applyReaction(null, 'like')).toEqual({ next: 'like', likeDelta: 1, dislikeDelta: 0 });
    expect(applyReaction('like', 'like')).toEqual({ next: null, likeDelta: -1, dislikeDelta: 0 });
    expect(applyReaction('dislike', 'like')).toEqual({
      next: 'like',
      likeDelta: 1,
      dislikeDelta: -1,
    });
    expect(applyReaction('like', 'dislike')).toEqual({
      next: 'dislike',
      likeDelta: -1,
      dislikeDelta: 1,
    });
    expect(applyReaction('dislike', 'dislike')).toEqual({
      next: null,
      likeDelta: 0,
      dislikeDelta: -1,
    });
  });

  it('keeps counts equal to the number of users per reaction, whatever they click', () => {
    const click = fc.record({
      user: fc.integer({ min: 0, max: 4 }),
      reaction: fc.constantFrom<TrainingReaction>('like', 'dislike'),
    });
    fc.assert(
      fc.property(fc.array(click, { maxLength: 40 }), (clicks) => {
        const reactions = new Map<number, TrainingReaction>();
        let likes = 0;
        let dislikes = 0;
        for (const { user, reaction } of clicks) {
          const change = applyReaction(reactions.get(user) ?? null, reaction);
          likes += change.likeDelta;
          dislikes += change.dislikeDelta;
          if (change.next) reactions.set(user, change.next);
          else reactions.delete(user);
        }
        const values = [...reactions.values()];
        return (
          likes === values.filter((r) => r === 'like').length &&
          dislikes === values.filter((r) => r === 'dislike').length
        );
      }),
    );
  });

  it('applies a click to a training without going below zero', () => {
    const training = { like_count: 0, dislike_count: 3, my_reaction: 'like' as const };
    expect(withReaction(training, 'like')).toEqual({
      like_count: 0,
      dislike_count: 3,
      my_reaction: null,
    });
    expect(withReaction(training, 'dislike')).toEqual({
      like_count: 0,
      dislike_count: 4,
      my_reaction: 'dislike',
    });
  });
});

describe('helpers', () => {
  it('counts the trainings on the page', () => {
    expect(
      countTrainings([
        { category: 'body', like_count: 2, dislike_count: 1 },
        { category: 'body', like_count: 3, dislike_count: 0 },
        { category: 'sales', like_count: 0, dislike_count: 4 },
      ]),
    ).toEqual({
      total: 3,
      likes: 5,
      dislikes: 5,
      byCategory: { skincare: 0, body: 2, equipment: 0, sales: 1, other: 0 },
    });
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLikePattern('50%_off\\')).toBe('50\\%\\_off\\\\');
  });

  it('words the delete confirmation as the spec', () => {
    expect(trainingDeleteConfirmation('Peeling')).toBe('Excluir o treinamento "Peeling"?');
  });
});
