import type { Service, ServicePhotoLinks, ServicePhotos } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { servicesQuery } from './services';

/** A procedure's photos (`/api/v1/service-photos/{id}`): the detail dialog and the editor. */
const PATH = '/api/v1/service-photos/';

export const servicePhotosKeys = {
  all: ['service-photos'] as const,
  detail: (serviceId: number) => [...servicePhotosKeys.all, serviceId] as const,
};

/**
 * The screens read the captions and signed links only (`…/links`, a few hundred bytes): each
 * image then loads by its link, cached by the browser, instead of megabytes of base64 per
 * opening. The base64 read (`GET /service-photos/{id}`) stays for old clients (SPEC section 3).
 */
export function servicePhotosQuery(serviceId: number) {
  return queryOptions({
    queryKey: servicePhotosKeys.detail(serviceId),
    queryFn: ({ signal }) => api.get<ServicePhotoLinks>(`${PATH}${serviceId}/links`, { signal }),
  });
}

export function useServicePhotosQuery(serviceId: number | null) {
  return useQuery({ ...servicePhotosQuery(serviceId ?? 0), enabled: serviceId !== null });
}

/** A file or an image's bytes as a data URL ('data:image/png;base64,…'). */
export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('no data'));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** A saved photo's bytes, through its signed link (no bearer token: the signature is the key). */
async function fetchAsDataUrl(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`image ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return `data:${type};base64,${btoa(binary)}`;
}

export interface PhotoToSave {
  /** A new photo's data URL, or a saved photo's signed link (its bytes are sent again). */
  src: string;
  subtitle: string;
}

export interface PhotosSave {
  serviceId: number;
  photos: PhotoToSave[];
}

/** PUT replaces the whole set; the answer is what the detail dialog shows next. */
export function useSavePhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ serviceId, photos }: PhotosSave) =>
      api.put<ServicePhotos>(`${PATH}${serviceId}`, {
        service_id: serviceId,
        photos: await Promise.all(
          photos.map(async ({ src, subtitle }) => ({
            imageBase64: src.startsWith('data:') ? src : await fetchAsDataUrl(src),
            subtitle,
          })),
        ),
      }),
    onSuccess: (saved, { serviceId }) => {
      const links: ServicePhotoLinks = {
        service_id: saved.service_id,
        photos: saved.photos.map(({ id, position, subtitle, url }) => ({
          id,
          position,
          subtitle,
          url,
        })),
      };
      queryClient.setQueryData(servicePhotosKeys.detail(serviceId), links);
      // photos_count feeds the 'n/4' label of the editing screen.
      queryClient.setQueryData<Service[]>(servicesQuery.queryKey, (services) =>
        services?.map((service) =>
          service.id === serviceId ? { ...service, photos_count: saved.photos.length } : service,
        ),
      );
    },
  });
}
