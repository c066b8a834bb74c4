import { describe, expect, it } from 'vitest';
import {
  base64DecodedLength,
  detectImageMimeType,
  parseImageData,
  servicePhotosUpdateSchema,
  toImageDataUrl,
} from './service-photos.ts';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10];
const WEBP = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50];
const toBase64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes));

describe('service photo helpers', () => {
  it('recognises PNG, JPEG and WebP by their first bytes and nothing else', () => {
    expect(detectImageMimeType(new Uint8Array(PNG))).toBe('image/png');
    expect(detectImageMimeType(new Uint8Array(JPEG))).toBe('image/jpeg');
    expect(detectImageMimeType(new Uint8Array(WEBP))).toBe('image/webp');
    expect(detectImageMimeType(new TextEncoder().encode('GIF89a...'))).toBeNull();
    expect(detectImageMimeType(new Uint8Array([]))).toBeNull();
  });

  it('splits data URLs and accepts bare base64', () => {
    expect(parseImageData(`data:image/png;base64,${toBase64(PNG)}`)).toEqual({
      declaredMimeType: 'image/png',
      base64: toBase64(PNG),
    });
    expect(parseImageData(toBase64(JPEG))).toEqual({
      declaredMimeType: null,
      base64: toBase64(JPEG),
    });
    expect(parseImageData('não é base64!')).toBeNull();
    expect(parseImageData('')).toBeNull();
  });

  it('knows the decoded size without decoding', () => {
    for (const length of [0, 1, 2, 3, 10, 11]) {
      const base64 = toBase64(Array.from({ length }, () => 7));
      expect(base64DecodedLength(base64)).toBe(length);
    }
  });

  it('takes at most 4 photos and defaults a caption to empty', () => {
    const photo = { imageBase64: toImageDataUrl('image/png', toBase64(PNG)) };
    expect(servicePhotosUpdateSchema.parse({ photos: [photo] }).photos[0]?.subtitle).toBe('');
    expect(
      servicePhotosUpdateSchema.safeParse({ photos: [photo, photo, photo, photo, photo] }).error
        ?.issues[0]?.message,
    ).toBe('No máximo 4 fotos por procedimento.');
  });
});
