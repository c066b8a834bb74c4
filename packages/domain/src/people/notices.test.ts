import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countNotices,
  NOTICE_CATEGORY_LABELS,
  NOTICE_MESSAGES,
  noticeCreateSchema,
  noticeDeleteConfirmation,
  noticeListQuerySchema,
  noticeUpdateSchema,
} from './notices.ts';

const valid = { title: 'Semana da Criolipólise', text: '20% off no pacote', category: 'urgent' };

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe('notice schemas', () => {
  it('trims title and text, defaults active to true and imageUrl to absent', () => {
    const parsed = noticeCreateSchema.parse({ ...valid, title: '  Oferta  ', text: ' Texto ' });
    expect(parsed).toEqual({ title: 'Oferta', text: 'Texto', category: 'urgent', active: true });
  });

  it('refuses blank title and text with the SPEC messages', () => {
    expect(firstMessage(noticeCreateSchema.safeParse({ ...valid, title: '   ' }))).toBe(
      'Título é obrigatório.',
    );
    expect(firstMessage(noticeCreateSchema.safeParse({ ...valid, title: undefined }))).toBe(
      'Título é obrigatório.',
    );
    expect(firstMessage(noticeCreateSchema.safeParse({ ...valid, text: '' }))).toBe(
      'Texto é obrigatório.',
    );
  });

  it('accepts 280 characters of text and refuses 281 (after trimming)', () => {
    expect(noticeCreateSchema.safeParse({ ...valid, text: `  ${'a'.repeat(280)}  ` }).success).toBe(
      true,
    );
    expect(firstMessage(noticeCreateSchema.safeParse({ ...valid, text: 'a'.repeat(281) }))).toBe(
      'O texto deve ter no máximo 280 caracteres.',
    );
  });

  it('knows the four categories only', () => {
    expect(firstMessage(noticeCreateSchema.safeParse({ ...valid, category: 'promo' }))).toBe(
      NOTICE_MESSAGES.categoryInvalid,
    );
    expect(firstMessage(noticeCreateSchema.safeParse({ ...valid, category: undefined }))).toBe(
      NOTICE_MESSAGES.categoryRequired,
    );
    expect(Object.values(NOTICE_CATEGORY_LABELS)).toEqual([
      'Urgente',
      'Vagas Limitadas',
      'Exclusivo',
      'Nova Compra',
    ]);
  });

  it('accepts only http(s) image URLs; blank clears it', () => {
    const ok = noticeCreateSchema.parse({ ...valid, imageUrl: ' https://cdn.example.com/a.png ' });
    expect(ok.imageUrl).toBe('https://cdn.example.com/a.png');
    expect(noticeCreateSchema.parse({ ...valid, imageUrl: '' }).imageUrl).toBeNull();
    expect(noticeCreateSchema.parse({ ...valid, imageUrl: null }).imageUrl).toBeNull();
    for (const bad of ['ftp://x.com/a.png', 'javascript:alert(1)', 'www.example.com']) {
      expect(firstMessage(noticeCreateSchema.safeParse({ ...valid, imageUrl: bad }))).toBe(
        'A URL da imagem deve começar com http:// ou https://',
      );
    }
    expect(firstMessage(noticeCreateSchema.safeParse({ ...valid, imageUrl: 'http://' }))).toBe(
      NOTICE_MESSAGES.imageUrlInvalid,
    );
  });

  it('lets an update carry only active, and leaves the other fields out', () => {
    expect(noticeUpdateSchema.parse({ active: false })).toEqual({ active: false });
    expect(firstMessage(noticeUpdateSchema.safeParse({ active: 'sim' }))).toBe(
      NOTICE_MESSAGES.activeInvalid,
    );
    expect(firstMessage(noticeUpdateSchema.safeParse({ title: ' ' }))).toBe(
      'Título é obrigatório.',
    );
  });

  it('strips unknown fields', () => {
    const parsed = noticeCreateSchema.parse({ ...valid, id: 7, created_at: '2000-01-01' });
    expect(parsed).not.toHaveProperty('id');
    expect(parsed).not.toHaveProperty('created_at');
  });

  it('reads the list filters from the query string', () => {
    expect(noticeListQuerySchema.parse({ active: 'true', category: 'scarcity' })).toEqual({
      active: true,
      category: 'scarcity',
    });
    expect(noticeListQuerySchema.parse({ active: 'false' })).toEqual({ active: false });
    expect(noticeListQuerySchema.safeParse({ active: 'talvez' }).success).toBe(false);
  });

  it('any text of at most 280 characters after trimming is accepted', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 400 }), (input) => {
        const trimmed = input.trim();
        const ok = noticeCreateSchema.safeParse({ ...valid, text: input }).success;
        expect(ok).toBe(trimmed.length > 0 && trimmed.length <= 280);
      }),
    );
  });
});

describe('notice helpers', () => {
  it('counts totals, status and categories', () => {
    const counts = countNotices([
      { active: true, category: 'urgent' },
      { active: false, category: 'urgent' },
      { active: true, category: 'new_purchase' },
    ]);
    expect(counts).toEqual({
      total: 3,
      active: 2,
      inactive: 1,
      byCategory: { urgent: 2, scarcity: 0, exclusive: 0, new_purchase: 1 },
    });
  });

  it('asks the SPEC confirmation before deleting', () => {
    expect(noticeDeleteConfirmation('Black Friday')).toBe('Excluir a notice "Black Friday"?');
  });
});
