import { describe, expect, it } from 'vitest';
import { noticeCreateSchema } from '../people/notices.ts';
import { fitsCharacters, graphemeLength } from './text.ts';

describe('graphemeLength', () => {
  it('counts characters as people see them', () => {
    expect(graphemeLength('Promoção')).toBe(8);
    expect(graphemeLength('😀')).toBe(1);
    expect(graphemeLength('👍🏽')).toBe(1);
    // 'é' typed as e + combining accent is one character.
    expect(graphemeLength('e\u0301')).toBe(1);
    expect('😀'.length).toBe(2);
  });

  it('refuses a sequence whose code points exceed the stored limit', () => {
    expect(fitsCharacters('😀'.repeat(280), 280)).toBe(true);
    // A family emoji is 1 grapheme but 5 code points: 60 of them are 300 code points.
    expect(fitsCharacters('👩‍👩‍👧'.repeat(60), 280)).toBe(false);
  });
});

describe('notice text limit', () => {
  const notice = (text: string) => ({ title: 'Aviso', text, category: 'urgent' });

  it('takes 280 emoji as 280 characters, as the web counter shows them', () => {
    expect(noticeCreateSchema.safeParse(notice('😀'.repeat(280))).success).toBe(true);
  });

  it('refuses 281 characters', () => {
    const parsed = noticeCreateSchema.safeParse(notice('😀'.repeat(281)));
    expect(parsed.success).toBe(false);
  });
});
