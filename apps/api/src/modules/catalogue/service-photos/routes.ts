import { z } from 'zod';
import {
  SERVICE_PHOTO_MESSAGES,
  servicePhotoImageQuerySchema,
  servicePhotoLinksSchema,
  servicePhotosSchema,
  servicePhotosUpdateSchema,
  type ServicePhotos,
} from '@portal/domain';
import type { ModuleRoutes } from '../../../app-context.ts';
import { PHOTO_BODY_LIMIT_BYTES } from '../../../http/limits.ts';
import { getOrCreateSecret } from '../../../db/secrets.ts';
import { binaryResponse } from '../../../http/openapi.ts';
import { errorBody, errorResponses } from '../../../http/schemas.ts';
import { PhotoLinkSigner, servicePhotosService } from './service.ts';
import { perUserRateLimit } from '../../../http/rate-limits.ts';

const invalidId = 'Identificador inválido.';
const serviceIdParams = z.object({
  serviceId: z.coerce
    .number({ error: invalidId })
    .int(invalidId)
    .positive(invalidId)
    .max(2_147_483_647, invalidId),
});
const imageParams = serviceIdParams.extend({
  position: z.coerce
    .number({ error: SERVICE_PHOTO_MESSAGES.photoNotFound })
    .int(SERVICE_PHOTO_MESSAGES.photoNotFound)
    .min(1, SERVICE_PHOTO_MESSAGES.photoNotFound)
    .max(4, SERVICE_PHOTO_MESSAGES.photoNotFound),
});

/** Photos of a service: read by everyone signed in, edited by admins and managers. */
export const servicePhotosRoutes: ModuleRoutes = (app, { db }) => {
  const tags = ['service-photos'];
  // Its own secret, so rotating the token key does not break cached image links (and vice versa).
  const signer = new PhotoLinkSigner(() => getOrCreateSecret(db, 'photo-url'));

  app.get(
    '/service-photos/:serviceId',
    {
      config: { access: 'user', ...perUserRateLimit('photoRead'), entityTag: false },
      schema: {
        tags,
        params: serviceIdParams,
        response: { 200: servicePhotosSchema, ...errorResponses, 429: errorBody },
      },
      // Streamed (SPEC section 3 keeps this base64 answer for old clients; the app's screens load
      // the signed image links): not compressed, since base64 of images barely shrinks and
      // compressing tens of megabytes would hold the event loop.
      compress: false,
    },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        // A stream skips the response serializer; its JSON is the 200 schema's, written by hand.
        .send(
          (await servicePhotosService.stream(
            db,
            signer,
            request.params.serviceId,
          )) as unknown as ServicePhotos,
        ),
  );

  // What the app's screens read: captions and signed links, no base64 (a few hundred bytes
  // instead of megabytes); the images then load by their links, cached by the browser.
  app.get(
    '/service-photos/:serviceId/links',
    {
      config: { access: 'user', ...perUserRateLimit('photoRead') },
      schema: {
        tags,
        params: serviceIdParams,
        response: { 200: servicePhotoLinksSchema, ...errorResponses, 429: errorBody },
      },
    },
    (request) => servicePhotosService.links(db, signer, request.params.serviceId),
  );

  app.put(
    '/service-photos/:serviceId',
    {
      config: { access: 'manager', ...perUserRateLimit('photoWrite') },
      // Up to 4 images of 10 MB each, in base64.
      bodyLimit: PHOTO_BODY_LIMIT_BYTES,
      schema: {
        tags,
        params: serviceIdParams,
        body: servicePhotosUpdateSchema,
        response: { 200: servicePhotosSchema, 413: errorBody, 429: errorBody, ...errorResponses },
      },
    },
    (request) => servicePhotosService.replace(db, signer, request.params.serviceId, request.body),
  );

  // Public, but only through a link signed by GET/PUT above: <img src> sends no bearer header.
  app.get(
    '/service-photos/:serviceId/:position/image',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: imageParams,
        querystring: servicePhotoImageQuerySchema,
        // The answer is the image bytes; a link badly signed or expired is refused.
        response: {
          200: binaryResponse('image/*', 'A imagem (PNG, JPEG ou WebP).'),
          403: errorBody,
          404: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { serviceId, position } = request.params;
      const { v, exp, sig } = request.query;
      const image = await servicePhotosService.image(
        db,
        signer,
        { serviceId, position, photoId: v, expiresAt: exp },
        sig,
      );
      return (
        reply
          .header('content-type', image.mimeType)
          .header('cache-control', 'private, max-age=86400, immutable')
          // A Buffer is sent as is; the 200 schema only documents the binary answer.
          .send(image.bytes as never)
      );
    },
  );
};
