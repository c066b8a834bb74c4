import {
  ActionIcon,
  Alert,
  AspectRatio,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MIME_TYPES,
  SERVICE_PHOTO_MESSAGES,
  SERVICE_PHOTOS_LIMIT,
  type Service,
  type ServicePhotoLinks,
} from '@portal/domain';
import { IconAlertCircle, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import {
  readAsDataUrl,
  useSavePhotos,
  useServicePhotosQuery,
} from '../../../api/catalogue/service-photos';
import { ServerError } from '../../../components/admin/form-modal';
import { notifySuccess } from '../../../components/admin/notify';
import { useSubmitGuard } from '../../../components/form/use-submit-guard';
import { errorMessage } from '../../../lib/api-client';

/** Not in the spec (a failed save was only logged there); the server's detail wins when sent. */
const SAVE_FAILED = 'Não foi possível salvar as fotos.';

export interface DraftPhoto {
  /** Stable React key: the saved photo's id, or a counter for a new one. */
  key: string;
  /** A new photo's data URL, or a saved photo's signed link: the preview, and what is saved. */
  src: string;
  subtitle: string;
}

/**
 * Turns picked files into draft photos, keeping at most `slots` of them. Files that are not
 * PNG/JPEG/WebP or exceed 10 MB are skipped with the API's message, so the admin learns at once
 * instead of after uploading.
 */
export async function filesToDrafts(
  files: readonly File[],
  slots: number,
  nextKey: () => string,
): Promise<{ drafts: DraftPhoto[]; error: string | null }> {
  const drafts: DraftPhoto[] = [];
  let error: string | null = null;
  for (const file of files) {
    if (drafts.length >= slots) {
      error = SERVICE_PHOTO_MESSAGES.tooMany;
      break;
    }
    if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) {
      error = SERVICE_PHOTO_MESSAGES.notAnImage;
      continue;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      error = SERVICE_PHOTO_MESSAGES.tooLarge;
      continue;
    }
    try {
      drafts.push({ key: nextKey(), src: await readAsDataUrl(file), subtitle: '' });
    } catch {
      error = SERVICE_PHOTO_MESSAGES.readFailed;
    }
  }
  return { drafts, error };
}

export interface PhotoEditorModalProps {
  /** The procedure whose photos are edited; null keeps the dialog closed. */
  service: Service | null;
  onClose: () => void;
}

/** SPEC 'Editar Procedimento': read-only name, up to 4 captioned photos, add, remove, 'Salvar'. */
export function PhotoEditorModal({ service, onClose }: PhotoEditorModalProps) {
  // Kept while the exit transition runs, so the content does not blank out as it closes.
  const [shown, setShown] = useState<Service | null>(service);
  if (service !== null && service !== shown) setShown(service);

  return (
    <Modal
      opened={service !== null}
      onClose={onClose}
      title="Editar Procedimento"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {shown ? <PhotoEditorLoader key={shown.id} service={shown} onDone={onClose} /> : null}
    </Modal>
  );
}

/** SPEC section 4: the editor loads the existing photos when it opens. */
function PhotoEditorLoader({ service, onDone }: { service: Service; onDone: () => void }) {
  const photosQuery = useServicePhotosQuery(service.id);
  const nameField = <TextInput label="Procedimento" value={service.name} readOnly />;

  if (photosQuery.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        {nameField}
        <SimpleGrid cols={2}>
          <Skeleton h={140} />
          <Skeleton h={140} />
        </SimpleGrid>
      </Stack>
    );
  }
  if (photosQuery.isError) {
    return (
      <Stack gap="md">
        {nameField}
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          Falha ao carregar detalhes.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <PhotoEditorForm
      service={service}
      saved={photosQuery.data.photos}
      nameField={nameField}
      onDone={onDone}
    />
  );
}

function PhotoEditorForm({
  service,
  saved,
  nameField,
  onDone,
}: {
  service: Service;
  saved: readonly ServicePhotoLinks['photos'][number][];
  nameField: ReactNode;
  onDone: () => void;
}) {
  const savePhotos = useSavePhotos();
  const guard = useSubmitGuard();
  const limit = Math.min(service.photos_limit, SERVICE_PHOTOS_LIMIT);
  const [photos, setPhotos] = useState<DraftPhoto[]>(() =>
    saved.map((photo) => ({
      key: `saved-${photo.id}`,
      src: photo.url,
      subtitle: photo.subtitle,
    })),
  );
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const keyCounter = useRef(0);
  const resetFileInput = useRef<() => void>(null);

  const addFiles = async (files: File[]) => {
    resetFileInput.current?.();
    if (files.length === 0) return;
    setReading(true);
    const { drafts, error } = await filesToDrafts(files, limit - photos.length, () => {
      keyCounter.current += 1;
      return `new-${keyCounter.current}`;
    });
    setReading(false);
    setFileError(error);
    setPhotos((current) => [...current, ...drafts].slice(0, limit));
  };

  const setSubtitle = (key: string, subtitle: string) =>
    setPhotos((current) =>
      current.map((photo) => (photo.key === key ? { ...photo, subtitle } : photo)),
    );
  const remove = (key: string) => {
    setFileError(null);
    setPhotos((current) => current.filter((photo) => photo.key !== key));
  };

  const save = () => {
    if (reading) return;
    // Two clicks in one frame both see isPending false: the guard keeps it to one PUT.
    guard(async () => {
      await savePhotos.mutateAsync({
        serviceId: service.id,
        photos: photos.map(({ src, subtitle }) => ({
          src,
          subtitle: subtitle.trim(),
        })),
      });
      notifySuccess('Fotos salvas.');
      onDone();
    });
  };

  const saveError = savePhotos.isError
    ? errorMessage(savePhotos.error, { fallback: SAVE_FAILED })
    : null;
  const full = photos.length >= limit;

  return (
    <Stack gap="md">
      {nameField}
      <ServerError message={saveError} />
      {photos.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            {SERVICE_PHOTO_MESSAGES.noPhotos}
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {photos.map((photo, index) => (
            <Paper key={photo.key} withBorder radius="md" p="xs">
              <Stack gap="xs">
                <AspectRatio ratio={4 / 3}>
                  <Image
                    src={photo.src}
                    alt={photo.subtitle.trim() || `Foto ${index + 1}`}
                    fit="cover"
                    radius="sm"
                  />
                </AspectRatio>
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <TextInput
                    label={`Legenda da foto ${index + 1}`}
                    size="xs"
                    style={{ flex: 1 }}
                    value={photo.subtitle}
                    onChange={(event) => setSubtitle(photo.key, event.currentTarget.value)}
                  />
                  <ActionIcon
                    variant="light"
                    color="red"
                    size="lg"
                    aria-label={`Remover foto ${index + 1}`}
                    onClick={() => remove(photo.key)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Group justify="space-between" align="center">
        <Stack gap={2}>
          <FileButton
            onChange={(files) => void addFiles(files)}
            accept={PHOTO_MIME_TYPES.join(',')}
            multiple
            resetRef={resetFileInput}
            disabled={full || reading}
            inputProps={{ 'aria-label': 'Adicionar fotos' }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconPhotoPlus size={16} aria-hidden />}
                loading={reading}
                disabled={full}
              >
                Adicionar fotos
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {SERVICE_PHOTO_MESSAGES.hint} · {photos.length}/{limit}
          </Text>
        </Stack>
      </Group>
      {fileError ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {fileError}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={savePhotos.isPending}>
          Cancelar
        </Button>
        <Button onClick={save} loading={savePhotos.isPending} disabled={reading}>
          Salvar
        </Button>
      </Group>
    </Stack>
  );
}
