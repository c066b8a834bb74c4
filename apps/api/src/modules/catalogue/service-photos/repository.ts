import { and, asc, eq, sql } from 'drizzle-orm';
import type { PhotoMimeType } from '@portal/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { servicePhotos } from '../../../db/schema.ts';

/*
 * Images cross the driver as base64 text and are converted in SQL: large bytea parameters are
 * about 10× slower through PGlite (docs/decisions/0004-pglite-serialization.md). PostgreSQL's
 * encode() wraps base64 at 76 characters, so the line breaks are removed in the same expression.
 */
const imageBase64 = sql<string>`replace(encode(${servicePhotos.image}, 'base64'), chr(10), '')`;

export interface StoredPhoto {
  id: number;
  position: number;
  mimeType: PhotoMimeType;
  caption: string;
  base64: string;
}

export interface NewPhoto {
  mimeType: PhotoMimeType;
  caption: string;
  base64: string;
}

export interface PhotoHeader {
  id: number;
  position: number;
  mimeType: PhotoMimeType;
  caption: string;
  byteLength: number;
}

/** The service's photos without their bytes: what a streamed answer needs to start. */
export async function listPhotoHeaders(db: DbOrTx, serviceId: number): Promise<PhotoHeader[]> {
  return db
    .select({
      id: servicePhotos.id,
      position: servicePhotos.position,
      mimeType: servicePhotos.mimeType,
      caption: servicePhotos.caption,
      byteLength: sql<number>`octet_length(${servicePhotos.image})`.mapWith(Number),
    })
    .from(servicePhotos)
    .where(eq(servicePhotos.serviceId, serviceId))
    .orderBy(asc(servicePhotos.position));
}

/**
 * `length` bytes of a photo from `offset` (0-based), as base64; undefined when the photo is gone.
 * With `length` a multiple of 3, the pieces' base64 texts join into the whole image's.
 */
export async function readPhotoSliceBase64(
  db: DbOrTx,
  photoId: number,
  offset: number,
  length: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({
      base64: sql<string>`replace(encode(substring(${servicePhotos.image} from ${offset + 1}::int for ${length}::int), 'base64'), chr(10), '')`,
    })
    .from(servicePhotos)
    .where(eq(servicePhotos.id, photoId))
    .limit(1);
  return row?.base64;
}

/** One photo's bytes (as base64) when it is still the photo `photoId` at that position. */
export async function findPhotoImage(
  db: DbOrTx,
  serviceId: number,
  position: number,
  photoId: number,
): Promise<{ mimeType: PhotoMimeType; base64: string } | undefined> {
  const [row] = await db
    .select({ mimeType: servicePhotos.mimeType, base64: imageBase64 })
    .from(servicePhotos)
    .where(
      and(
        eq(servicePhotos.serviceId, serviceId),
        eq(servicePhotos.position, position),
        eq(servicePhotos.id, photoId),
      ),
    )
    .limit(1);
  return row;
}

/** Replaces the service's photos with these, at positions 1, 2, …; run inside a transaction. */
export async function replacePhotos(
  db: DbOrTx,
  serviceId: number,
  photos: readonly NewPhoto[],
): Promise<{ id: number; position: number }[]> {
  await db.delete(servicePhotos).where(eq(servicePhotos.serviceId, serviceId));
  if (photos.length === 0) return [];
  const rows = await db
    .insert(servicePhotos)
    .values(
      photos.map((photo, index) => ({
        serviceId,
        position: index + 1,
        mimeType: photo.mimeType,
        caption: photo.caption,
        image: sql`decode(${photo.base64}, 'base64')`,
      })),
    )
    .returning({ id: servicePhotos.id, position: servicePhotos.position });
  return rows.sort((a, b) => a.position - b.position);
}
