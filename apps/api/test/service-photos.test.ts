import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServicePhotos } from '@portal/domain';
import {
  PHOTO_STREAM_SLICE_BYTES,
  PhotoLinkSigner,
} from '../src/modules/catalogue/service-photos/service.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (extra: number[] = [1, 2, 3, 4]) => Buffer.from([...PNG_SIGNATURE, ...extra]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([9, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
]);
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

describe('service photos API', () => {
  let t: TestApp;
  let adminToken: string;
  let serviceId: number;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = (await t.as('admin')).token;
    const res = await t.request('POST', '/api/v1/services/', {
      token: adminToken,
      body: { name: 'Preenchimento Labial', block: 'C' },
    });
    serviceId = (res.json() as { id: number }).id;
  });
  afterAll(() => t.close());

  const put = (body: unknown, token = adminToken, id = serviceId) =>
    t.request('PUT', `/api/v1/service-photos/${id}`, { token, body });
  const getPhotos = async () => {
    const res = await t.request('GET', `/api/v1/service-photos/${serviceId}`, {
      token: adminToken,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as ServicePhotos;
  };
  const firstIssue = (res: { json(): unknown }) =>
    (res.json() as { detail: { msg: string; loc: unknown[] }[] }).detail[0];

  it('starts with no photos', async () => {
    expect(await getPhotos()).toEqual({ service_id: serviceId, photos: [] });
  });

  it('streams a set larger than one read slice byte for byte, uncompressed', async () => {
    // Sizes around the slice (not multiples of 3), so the pieces' base64 must join exactly.
    const sizes = [PHOTO_STREAM_SLICE_BYTES * 2 + 1, PHOTO_STREAM_SLICE_BYTES - 1];
    const images = sizes.map((size, i) => {
      const bytes = Buffer.alloc(size, i + 7);
      bytes.set(PNG_SIGNATURE, 0);
      return bytes;
    });
    const saved = await put({
      photos: images.map((bytes, i) => ({
        imageBase64: dataUrl('image/png', bytes),
        subtitle: `Foto "${i}" </script>`,
      })),
    });
    expect(saved.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/service-photos/${serviceId}`,
      headers: { authorization: `Bearer ${adminToken}`, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-encoding']).toBeUndefined();
    // The streamed JSON is exactly what the write answered (built from the images sent).
    expect(res.json()).toEqual(saved.json());
    expect((res.json() as ServicePhotos).photos.map((p) => p.imageBase64)).toEqual(
      images.map((bytes) => dataUrl('image/png', bytes)),
    );
    expect((await put({ photos: [] })).statusCode).toBe(200);
  });

  it('replaces the whole set and serves each image through a signed link', async () => {
    const res = await put({
      service_id: serviceId,
      photos: [
        { imageBase64: dataUrl('image/png', png()), subtitle: ' Antes ' },
        // Bare base64, and a data URL that names the wrong type: the content decides.
        { imageBase64: jpeg.toString('base64'), subtitle: null },
        { imageBase64: dataUrl('image/png', webp) },
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as ServicePhotos;
    expect(saved.service_id).toBe(serviceId);
    expect(saved.photos.map((p) => [p.position, p.subtitle, p.imageBase64])).toEqual([
      [1, 'Antes', dataUrl('image/png', png())],
      [2, '', dataUrl('image/jpeg', jpeg)],
      [3, '', dataUrl('image/webp', webp)],
    ]);
    expect(await getPhotos()).toEqual(saved);

    const service = await t.request('GET', `/api/v1/services/${serviceId}`, { token: adminToken });
    expect(service.json()).toMatchObject({ photos_count: 3, photos_limit: 4 });

    // No bearer header: the signature is the permission.
    const [first, second] = saved.photos;
    const image = await t.app.inject({ method: 'GET', url: first?.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, max-age=86400, immutable');
    expect(image.rawPayload.equals(png())).toBe(true);
    const jpegImage = await t.app.inject({ method: 'GET', url: second?.url ?? '' });
    expect(jpegImage.headers['content-type']).toBe('image/jpeg');
    expect(jpegImage.rawPayload.equals(jpeg)).toBe(true);

    // The screens' read: captions and the same signed links, without any base64.
    const links = await t.request('GET', `/api/v1/service-photos/${serviceId}/links`, {
      token: (await t.as('professional')).token,
    });
    expect(links.statusCode).toBe(200);
    expect(links.json()).toEqual({
      service_id: serviceId,
      photos: saved.photos.map(({ id, position, subtitle, url }) => ({
        id,
        position,
        subtitle,
        url,
      })),
    });
    expect(links.body).not.toContain('base64');
  });

  it('refuses a tampered or borrowed signature and a stale link', async () => {
    const [photo] = (
      await put({ photos: [{ imageBase64: dataUrl('image/png', png([9])) }] })
    ).json().photos as ServicePhotos['photos'];
    const url = new URL(photo?.url ?? '', 'http://localhost');
    const sig = url.searchParams.get('sig') ?? '';
    const tampered = new URL(url);
    tampered.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    const forged = await t.app.inject({
      method: 'GET',
      url: `${tampered.pathname}${tampered.search}`,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ detail: 'Link de imagem inválido ou expirado.' });

    const later = new URL(url);
    later.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600));
    expect(
      (await t.app.inject({ method: 'GET', url: `${later.pathname}${later.search}` })).statusCode,
    ).toBe(403);
    const otherPosition = `${url.pathname.replace('/1/image', '/2/image')}${url.search}`;
    expect((await t.app.inject({ method: 'GET', url: otherPosition })).statusCode).toBe(403);
    const noSig = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(noSig.statusCode).toBe(422);

    // Replacing the set retires the old links (the photo id in them is gone).
    await put({ photos: [{ imageBase64: dataUrl('image/png', png([8])) }] });
    const stale = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(stale.statusCode).toBe(404);
  });

  it('checks images by content (422), size (413) and count (422), changing nothing', async () => {
    const before = await getPhotos();
    const notImage = await put({
      photos: [
        { imageBase64: dataUrl('image/png', png()) },
        { imageBase64: dataUrl('image/png', Buffer.from('GIF89a, não é PNG')) },
      ],
    });
    expect(notImage.statusCode).toBe(422);
    expect(firstIssue(notImage)).toMatchObject({
      loc: ['body', 'photos', 1, 'imageBase64'],
      msg: 'Arquivo não é uma imagem PNG, JPEG ou WebP.',
    });
    const notBase64 = await put({ photos: [{ imageBase64: 'isto não é base64!' }] });
    expect(firstIssue(notBase64)?.msg).toBe('Arquivo não é uma imagem PNG, JPEG ou WebP.');

    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    png().copy(big);
    const tooLarge = await put({ photos: [{ imageBase64: dataUrl('image/png', big) }] });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ detail: 'Imagem maior que 10 MB.' });

    const photo = { imageBase64: dataUrl('image/png', png()), subtitle: 'x' };
    const five = await put({ photos: [photo, photo, photo, photo, photo] });
    expect(five.statusCode).toBe(422);
    expect(firstIssue(five)?.msg).toBe('No máximo 4 fotos por procedimento.');

    const noList = await put({ service_id: serviceId });
    expect(firstIssue(noList)?.msg).toBe('Informe a lista de fotos.');
    const mismatch = await put({ service_id: serviceId + 1, photos: [photo] });
    expect(firstIssue(mismatch)?.loc).toEqual(['body', 'service_id']);

    expect(await getPhotos()).toEqual(before);
  });

  it('accepts exactly 10 MB and four photos, and an empty list clears them', async () => {
    const tenMb = Buffer.alloc(10 * 1024 * 1024);
    jpeg.copy(tenMb);
    const photo = { imageBase64: dataUrl('image/jpeg', tenMb), subtitle: 'grande' };
    const small = { imageBase64: dataUrl('image/png', png()), subtitle: 'pequena' };
    const res = await put({ photos: [photo, small, small, small] });
    expect(res.statusCode).toBe(200);
    expect((res.json() as ServicePhotos).photos).toHaveLength(4);
    const cleared = await put({ photos: [] });
    expect(cleared.json()).toEqual({ service_id: serviceId, photos: [] });
  });

  it('answers 404 for an unknown service', async () => {
    const read = await t.request('GET', '/api/v1/service-photos/999999', { token: adminToken });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ detail: 'Serviço não encontrado.' });
    const links = await t.request('GET', '/api/v1/service-photos/999999/links', {
      token: adminToken,
    });
    expect(links.statusCode).toBe(404);
    expect(links.json()).toEqual({ detail: 'Serviço não encontrado.' });
    const write = await put({ photos: [] }, adminToken, 999_999);
    expect(write.statusCode).toBe(404);
  });

  it('lets admins and managers edit photos, professionals only read them', async () => {
    const body = { photos: [{ imageBase64: dataUrl('image/png', png()), subtitle: 'gerente' }] };
    expect((await t.request('GET', `/api/v1/service-photos/${serviceId}`)).statusCode).toBe(401);
    expect(
      (await t.request('PUT', `/api/v1/service-photos/${serviceId}`, { body })).statusCode,
    ).toBe(401);

    const manager = await t.as('manager');
    const byManager = await put(body, manager.token);
    expect(byManager.statusCode).toBe(200);

    const professional = await t.as('professional');
    const denied = await put({ photos: [] }, professional.token);
    expect(denied.statusCode).toBe(403);
    const read = await t.request('GET', `/api/v1/service-photos/${serviceId}`, {
      token: professional.token,
    });
    expect(read.statusCode).toBe(200);
    expect((read.json() as ServicePhotos).photos.map((p) => p.subtitle)).toEqual(['gerente']);
  });

  it('removes photos with their service', async () => {
    const svc = (
      await t.request('POST', '/api/v1/services/', {
        token: adminToken,
        body: { name: 'Skinbooster' },
      })
    ).json() as { id: number };
    const [photo] = (
      await put({ photos: [{ imageBase64: dataUrl('image/png', png()) }] }, adminToken, svc.id)
    ).json().photos as ServicePhotos['photos'];
    await t.request('DELETE', `/api/v1/services/${svc.id}`, { token: adminToken });
    expect((await t.app.inject({ method: 'GET', url: photo?.url ?? '' })).statusCode).toBe(404);
  });
});

describe('photo link signer', () => {
  const signer = new PhotoLinkSigner(async () => 'segredo-de-teste');
  const parts = { serviceId: 3, position: 1, photoId: 7 };

  it('signs links that expire 24 to 25 hours later and stay the same within the hour', async () => {
    const now = 1_800_000_000;
    const url = new URL(await signer.url(parts, now), 'http://x');
    const exp = Number(url.searchParams.get('exp'));
    expect(exp - now).toBeGreaterThanOrEqual(24 * 3600);
    expect(exp - now).toBeLessThanOrEqual(25 * 3600);
    expect(await signer.url(parts, now + 1)).toBe(url.pathname + url.search);
    const sig = url.searchParams.get('sig') ?? '';
    expect(await signer.verify({ ...parts, expiresAt: exp }, sig, now)).toBe(true);
    expect(await signer.verify({ ...parts, expiresAt: exp }, sig, exp + 1)).toBe(false);
    expect(await signer.verify({ ...parts, photoId: 8, expiresAt: exp }, sig, now)).toBe(false);
  });
});
