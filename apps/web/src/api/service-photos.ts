import type { Service, ServicePhotos, ServicePhotosUpdate } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { servicesQuery } from './services';

/** A procedure's photos (`/api/v1/service-photos/{id}`): the detail dialog and the editor. */
const PATH = '/api/v1/service-photos/';

export const servicePhotosKeys = {
  all: ['service-photos'] as const,
  detail: (serviceId: number) => [...servicePhotosKeys.all, serviceId] as const,
};

export function servicePhotosQuery(serviceId: number) {
  return queryOptions({
    queryKey: servicePhotosKeys.detail(serviceId),
    queryFn: ({ signal }) => api.get<ServicePhotos>(`${PATH}${serviceId}`, { signal }),
  });
}

export function useServicePhotosQuery(serviceId: number | null) {
  return useQuery({ ...servicePhotosQuery(serviceId ?? 0), enabled: serviceId !== null });
}

export interface PhotosSave {
  serviceId: number;
  photos: ServicePhotosUpdate['photos'];
}

/** PUT replaces the whole set; the answer is what the detail dialog shows next. */
export function useSavePhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, photos }: PhotosSave) =>
      api.put<ServicePhotos>(`${PATH}${serviceId}`, { service_id: serviceId, photos }),
    onSuccess: (saved, { serviceId }) => {
      queryClient.setQueryData(servicePhotosKeys.detail(serviceId), saved);
      // photos_count feeds the 'n/4' label of the editing screen.
      queryClient.setQueryData<Service[]>(servicesQuery.queryKey, (services) =>
        services?.map((service) =>
          service.id === serviceId ? { ...service, photos_count: saved.photos.length } : service,
        ),
      );
    },
  });
}
