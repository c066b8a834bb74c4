import type { Service, ServicePhotos, ServicePhotosUpdate } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { servicePhotosQueryKey } from '../../components/procedure-detail-dialog';
import { api } from '../../lib/api-client';

const servicesQueryKey = ['services'] as const;

/** The catalogue (shared cache with the admin screens); photos_count feeds the 'n/4' label. */
export function useProceduresQuery() {
  return useQuery({
    queryKey: servicesQueryKey,
    queryFn: ({ signal }) => api.get<Service[]>('/api/v1/services/', { signal }),
  });
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
      api.put<ServicePhotos>(`/api/v1/service-photos/${serviceId}`, {
        service_id: serviceId,
        photos,
      }),
    onSuccess: (saved, { serviceId }) => {
      queryClient.setQueryData(servicePhotosQueryKey(serviceId), saved);
      queryClient.setQueryData<Service[]>(servicesQueryKey, (services) =>
        services?.map((service) =>
          service.id === serviceId ? { ...service, photos_count: saved.photos.length } : service,
        ),
      );
    },
  });
}
