import { z } from '../shared/zod.ts';
import { multiLineText } from '../shared/text-fields.ts';
import { SERVICE_PHOTOS_LIMIT } from './service-constants.ts';

/** DESIGN section 7.11: photos are checked by content, 10 MB each, 4 per service. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_SUBTITLE_MAX_LENGTH = 200;
export const PHOTO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type PhotoMimeType = (typeof PHOTO_MIME_TYPES)[number];

/** The photo texts of SPEC sections 2 and 5 and of the API, shared by the API and the web. */
export const SERVICE_PHOTO_MESSAGES = {
  notAnImage: 'Arquivo não é uma imagem PNG, JPEG ou WebP.',
  tooLarge: 'Imagem maior que 10 MB.',
  tooMany: `No máximo ${SERVICE_PHOTOS_LIMIT} fotos por procedimento.`,
  photosRequired: 'Informe a lista de fotos.',
  subtitleTooLong: `A legenda deve ter no máximo ${PHOTO_SUBTITLE_MAX_LENGTH} caracteres.`,
  serviceIdMismatch: 'O service_id do corpo não corresponde ao procedimento da URL.',
  invalidImageLink: 'Link de imagem inválido ou expirado.',
  photoNotFound: 'Foto não encontrada.',
  readFailed: 'Falha ao ler arquivo.',
  hint: 'PNG, JPG até 10MB',
  noPhotos: 'Sem fotos',
} as const;

/** "No máximo N fotos por procedimento." for a service whose limit is below the default 4. */
export function tooManyPhotosMessage(limit: number): string {
  return `No máximo ${limit} fotos por procedimento.`;
}

export const servicePhotoSchema = z.object({
  id: z.number().int(),
  /** 1 to 4, the order the photos were saved in. */
  position: z.number().int(),
  /** "data:image/jpeg;base64,…" */
  imageBase64: z.string(),
  subtitle: z.string(),
  /** A signed, cacheable link to the image bytes that needs no bearer token. */
  url: z.string(),
});
export type ServicePhoto = z.infer<typeof servicePhotoSchema>;

export const servicePhotosSchema = z.object({
  service_id: z.number().int(),
  photos: z.array(servicePhotoSchema),
});
export type ServicePhotos = z.infer<typeof servicePhotosSchema>;

/**
 * GET /service-photos/{serviceId}/links: the photos without their bytes, each with its signed
 * link, for the app's screens (an <img> loads the image, cached by the browser).
 */
export const servicePhotoLinksSchema = z.object({
  service_id: z.number().int(),
  photos: z.array(servicePhotoSchema.omit({ imageBase64: true })),
});
export type ServicePhotoLinks = z.infer<typeof servicePhotoLinksSchema>;

/** One photo to save: a data URL or bare base64, and its caption (blank allowed). */
export const servicePhotoInputSchema = z.object({
  imageBase64: z.string({ error: SERVICE_PHOTO_MESSAGES.notAnImage }),
  subtitle: multiLineText({
    max: PHOTO_SUBTITLE_MAX_LENGTH,
    tooLong: SERVICE_PHOTO_MESSAGES.subtitleTooLong,
  })
    .nullish()
    .transform((value) => value ?? ''),
});
export type ServicePhotoInput = z.input<typeof servicePhotoInputSchema>;

/** PUT /service-photos/{serviceId}: the whole set, replacing what was there. */
export const servicePhotosUpdateSchema = z.object({
  /** Optional echo of the path's id; a different id is refused. */
  service_id: z
    .union([z.number(), z.string()], { error: SERVICE_PHOTO_MESSAGES.serviceIdMismatch })
    .transform((value) => Number(value))
    .optional(),
  photos: z
    .array(servicePhotoInputSchema, { error: SERVICE_PHOTO_MESSAGES.photosRequired })
    .max(SERVICE_PHOTOS_LIMIT, SERVICE_PHOTO_MESSAGES.tooMany),
});
export type ServicePhotosUpdate = z.input<typeof servicePhotosUpdateSchema>;
export type ServicePhotosUpdateData = z.output<typeof servicePhotosUpdateSchema>;

/** The query of the signed image link: photo id (cache buster), expiry and signature. */
export const servicePhotoImageQuerySchema = z.object({
  v: z
    .string()
    .regex(/^\d{1,10}$/, SERVICE_PHOTO_MESSAGES.invalidImageLink)
    .transform(Number),
  exp: z
    .string()
    .regex(/^\d{1,12}$/, SERVICE_PHOTO_MESSAGES.invalidImageLink)
    .transform(Number),
  sig: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, SERVICE_PHOTO_MESSAGES.invalidImageLink),
});

export interface ParsedImageData {
  /** The type a data URL declared, or null for bare base64. */
  declaredMimeType: string | null;
  /** Base64 text without the data URL prefix or whitespace. */
  base64: string;
}

const DATA_URL = /^data:([^;,]*)(?:;[^,]*)?;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Splits "data:image/png;base64,…" (or bare base64) into its type and base64 text; null when the
 * text is not base64 at all.
 */
export function parseImageData(text: string): ParsedImageData | null {
  const match = DATA_URL.exec(text);
  const declaredMimeType = match ? (match[1] ?? '').toLowerCase() || null : null;
  const base64 = (match ? text.slice(match[0].length) : text).replace(/\s+/g, '');
  if (base64.length === 0 || base64.length % 4 === 1 || !BASE64.test(base64)) return null;
  return { declaredMimeType, base64 };
}

/** Bytes the base64 text decodes to, without decoding it. */
export function base64DecodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** The image type its first bytes (magic numbers) say, or null when not PNG, JPEG or WebP. */
export function detectImageMimeType(bytes: Uint8Array): PhotoMimeType | null {
  const startsWith = (signature: number[], offset = 0) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // "RIFF" <size> "WEBP"
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

/** "data:image/png;base64,…" */
export function toImageDataUrl(mimeType: string, base64: string): string {
  return `data:${mimeType};base64,${base64}`;
}
