import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { extractYouTubeId, isYouTubeUrl, youtubeEmbedUrl, youtubeThumbnailUrl } from './youtube.ts';

const ID = 'dQw4w9WgXcQ';

describe('extractYouTubeId', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s`,
    `https://m.youtube.com/watch?feature=share&v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc123&t=10`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}?rel=0`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}?feature=share`,
    `https://www.youtube.com/live/${ID}`,
    `  https://youtu.be/${ID}  `,
    `https://WWW.YOUTUBE.COM/watch?v=${ID}`,
  ])('finds the id in %s', (url) => {
    expect(extractYouTubeId(url)).toBe(ID);
  });

  it.each([
    null,
    undefined,
    '',
    'não é uma url',
    'https://vimeo.com/123456789',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?v=curto',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ123',
    'https://www.youtube.com/embed/',
    'https://www.youtube.com/channel/UC1234567890',
    'https://youtu.be/',
    'ftp://youtu.be/dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://cdn.exemplo.com.br/videos/aula.mp4',
  ])('returns null for %s', (url) => {
    expect(extractYouTubeId(url)).toBeNull();
  });

  it('finds any well-formed id in every supported link shape', () => {
    const idChar = fc.constantFrom(
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'.split(''),
    );
    const id = fc.array(idChar, { minLength: 11, maxLength: 11 }).map((chars) => chars.join(''));
    const shape = fc.constantFrom(
      (v: string) => `https://www.youtube.com/watch?v=${v}`,
      (v: string) => `https://youtu.be/${v}`,
      (v: string) => `https://www.youtube.com/embed/${v}`,
      (v: string) => `https://www.youtube.com/shorts/${v}`,
    );
    fc.assert(
      fc.property(id, shape, (videoId, toUrl) => extractYouTubeId(toUrl(videoId)) === videoId),
    );
  });
});

describe('thumbnail and embed URLs', () => {
  it('derives the high-quality thumbnail', () => {
    expect(youtubeThumbnailUrl(`https://youtu.be/${ID}`)).toBe(
      `https://img.youtube.com/vi/${ID}/hqdefault.jpg`,
    );
    expect(youtubeThumbnailUrl(`https://www.youtube.com/shorts/${ID}`)).toBe(
      `https://img.youtube.com/vi/${ID}/hqdefault.jpg`,
    );
  });

  it('derives the privacy-enhanced embed URL', () => {
    expect(youtubeEmbedUrl(`https://www.youtube.com/watch?v=${ID}&t=1`)).toBe(
      `https://www.youtube-nocookie.com/embed/${ID}`,
    );
  });

  it('gives null for other hosts and empty values', () => {
    expect(youtubeThumbnailUrl('https://cdn.exemplo.com.br/aula.mp4')).toBeNull();
    expect(youtubeEmbedUrl(null)).toBeNull();
    expect(isYouTubeUrl('https://cdn.exemplo.com.br/aula.mp4')).toBe(false);
    expect(isYouTubeUrl(`https://youtu.be/${ID}`)).toBe(true);
  });
});
