import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  base64DecodedLength,
  detectImageMimeType,
  parseImageData,
  PHOTO_MAX_BYTES,
  SERVICE_MESSAGES,
  SERVICE_PHOTO_MESSAGES,
  toImageDataUrl,
  tooManyPhotosMessage,
  type PhotoMimeType,
  type ServicePhotoLinks,
  type ServicePhotos,
  type ServicePhotosUpdateData,
} from '@portal/domain';
import type { AppDb } from '../../../db/client.ts';
import { HttpError, invalidField, notFound } from '../../../http/errors.ts';
import { servicesService } from '../services/service.ts';
import * as repo from './repository.ts';

/** A signed link stays valid 24 to 25 hours: the expiry moves once an hour, so links are cacheable. */
const LINK_BUCKET_SECONDS = 3600;
const LINK_LIFETIME_SECONDS = 24 * 3600;

export interface PhotoLinkParts {
  serviceId: number;
  position: number;
  photoId: number;
  /** Unix seconds. */
  expiresAt: number;
}

/**
 * Signs image links with an HMAC, so an `<img src>` loads a photo without a bearer header and
 * lists do not ship base64. The photo id in the link changes whenever the set is replaced.
 */
export class PhotoLinkSigner {
  private secret: Promise<string> | null = null;

  constructor(private readonly loadSecret: () => Promise<string>) {}

  private async signature(parts: PhotoLinkParts): Promise<string> {
    this.secret ??= this.loadSecret().catch((error: unknown) => {
      // Let a later request try again rather than remember a failed read.
      this.secret = null;
      throw error;
    });
    const payload = `${parts.serviceId}:${parts.position}:${parts.photoId}:${parts.expiresAt}`;
    return crypto
      .createHmac('sha256', await this.secret)
      .update(payload)
      .digest('base64url');
  }

  async url(
    parts: Omit<PhotoLinkParts, 'expiresAt'>,
    nowSeconds = Date.now() / 1000,
  ): Promise<string> {
    const expiresAt =
      Math.floor(nowSeconds / LINK_BUCKET_SECONDS) * LINK_BUCKET_SECONDS +
      LINK_BUCKET_SECONDS +
      LINK_LIFETIME_SECONDS;
    const sig = await this.signature({ ...parts, expiresAt });
    return `/api/v1/service-photos/${parts.serviceId}/${parts.position}/image?v=${parts.photoId}&exp=${expiresAt}&sig=${sig}`;
  }

  /** True for an unexpired link this server signed. */
  async verify(
    parts: PhotoLinkParts,
    sig: string,
    nowSeconds = Date.now() / 1000,
  ): Promise<boolean> {
    if (parts.expiresAt < nowSeconds) return false;
    const expected = Buffer.from(await this.signature(parts));
    const given = Buffer.from(sig);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }
}

/** An uploaded image checked by content: its real type and base64 text. */
function checkImage(text: string, index: number): { mimeType: PhotoMimeType; base64: string } {
  const loc = ['body', 'photos', index, 'imageBase64'];
  const parsed = parseImageData(text);
  if (!parsed) throw invalidField(loc, SERVICE_PHOTO_MESSAGES.notAnImage);
  if (base64DecodedLength(parsed.base64) > PHOTO_MAX_BYTES) {
    throw new HttpError(413, SERVICE_PHOTO_MESSAGES.tooLarge);
  }
  // 16 base64 characters are 12 bytes: enough for every signature we accept (WebP needs 12).
  const head = Buffer.from(parsed.base64.slice(0, 16), 'base64');
  const mimeType = detectImageMimeType(head);
  if (!mimeType) throw invalidField(loc, SERVICE_PHOTO_MESSAGES.notAnImage);
  return { mimeType, base64: parsed.base64 };
}

/** Bytes read per query when streaming a photo set: 384 KiB, 512 KiB of base64 (a multiple of 3). */
export const PHOTO_STREAM_SLICE_BYTES = 3 * 128 * 1024;

/**
 * One slice read at a time for the whole process, however many photo sets are being streamed:
 * the embedded database runs one query at a time, so any other request waits behind at most one
 * slice rather than behind a slice of every stream in flight.
 */
class SliceGate {
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy = false;
    }
  }
}
const sliceGate = new SliceGate();

/** The service photos module's public face: other modules call these, never the repository. */
export const servicePhotosService = {
  /**
   * The service's photos with their base64 (the `servicePhotosSchema` JSON), written piece by piece: each photo is read a slice at a time and sent
   * as the client takes it, so a 56 MB answer holds neither the database (other queries run
   * between slices) nor the event loop nor 56 MB of memory. 404 before the first byte; a set
   * replaced while it is being sent ends the answer early (the client sees a broken download).
   */
  async stream(db: AppDb, signer: PhotoLinkSigner, serviceId: number): Promise<Readable> {
    if (!(await servicesService.exists(db, serviceId))) throw notFound(SERVICE_MESSAGES.notFound);
    const photos = await repo.listPhotoHeaders(db, serviceId);
    const urls = await Promise.all(
      photos.map((photo) => signer.url({ serviceId, position: photo.position, photoId: photo.id })),
    );
    async function* json(): AsyncGenerator<string> {
      yield `{"service_id":${serviceId},"photos":[`;
      for (const [index, photo] of photos.entries()) {
        yield (
          `${index ? ',' : ''}{"id":${photo.id},"position":${photo.position},"imageBase64":` +
          JSON.stringify(toImageDataUrl(photo.mimeType, '')).slice(0, -1)
        );
        for (let offset = 0; offset < photo.byteLength; offset += PHOTO_STREAM_SLICE_BYTES) {
          const slice = await sliceGate.run(() =>
            repo.readPhotoSliceBase64(db, photo.id, offset, PHOTO_STREAM_SLICE_BYTES),
          );
          if (slice === undefined) throw new Error('photo set replaced while being sent');
          yield slice;
        }
        yield `","subtitle":${JSON.stringify(photo.caption)},"url":${JSON.stringify(urls[index])}}`;
      }
      yield ']}';
    }
    return Readable.from(json());
  },

  /** The photos' ids, captions and signed links, without reading any image bytes. */
  async links(db: AppDb, signer: PhotoLinkSigner, serviceId: number): Promise<ServicePhotoLinks> {
    if (!(await servicesService.exists(db, serviceId))) throw notFound(SERVICE_MESSAGES.notFound);
    const photos = await repo.listPhotoHeaders(db, serviceId);
    return {
      service_id: serviceId,
      photos: await Promise.all(
        photos.map(async (photo) => ({
          id: photo.id,
          position: photo.position,
          subtitle: photo.caption,
          url: await signer.url({ serviceId, position: photo.position, photoId: photo.id }),
        })),
      ),
    };
  },

  /** Replaces the whole set in one transaction; nothing changes when any photo is refused. */
  async replace(
    db: AppDb,
    signer: PhotoLinkSigner,
    serviceId: number,
    data: ServicePhotosUpdateData,
  ): Promise<ServicePhotos> {
    if (data.service_id !== undefined && data.service_id !== serviceId) {
      throw invalidField(['body', 'service_id'], SERVICE_PHOTO_MESSAGES.serviceIdMismatch);
    }
    const photos = data.photos.map((photo, index) => ({
      ...checkImage(photo.imageBase64, index),
      caption: photo.subtitle,
    }));
    const saved = await db.transaction(async (tx) => {
      const limit = await servicesService.lockForPhotos(tx, serviceId);
      if (limit === null) throw notFound(SERVICE_MESSAGES.notFound);
      if (photos.length > limit) {
        throw invalidField(['body', 'photos'], tooManyPhotosMessage(limit));
      }
      return repo.replacePhotos(tx, serviceId, photos);
    });
    // Answer from what was sent rather than reading up to 40 MB back.
    return {
      service_id: serviceId,
      photos: await Promise.all(
        saved.map(async ({ id, position }) => {
          const photo = photos[position - 1];
          if (!photo) throw new Error(`photo at position ${position} missing`);
          return {
            id,
            position,
            imageBase64: toImageDataUrl(photo.mimeType, photo.base64),
            subtitle: photo.caption,
            url: await signer.url({ serviceId, position, photoId: id }),
          };
        }),
      ),
    };
  },

  /** The bytes behind a signed link; 403 for a bad or expired signature, 404 for a stale photo. */
  async image(
    db: AppDb,
    signer: PhotoLinkSigner,
    parts: PhotoLinkParts,
    sig: string,
  ): Promise<{ mimeType: string; bytes: Buffer }> {
    if (!(await signer.verify(parts, sig))) {
      throw new HttpError(403, SERVICE_PHOTO_MESSAGES.invalidImageLink);
    }
    const photo = await repo.findPhotoImage(db, parts.serviceId, parts.position, parts.photoId);
    if (!photo) throw notFound(SERVICE_PHOTO_MESSAGES.photoNotFound);
    return { mimeType: photo.mimeType, bytes: Buffer.from(photo.base64, 'base64') };
  },
};
