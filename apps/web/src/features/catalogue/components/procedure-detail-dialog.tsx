import {
  ActionIcon,
  Alert,
  AspectRatio,
  Box,
  Button,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { formatReais, type Service, type ServicePhotoLinks } from '@portal/domain';
import {
  IconAlertCircle,
  IconChevronLeft,
  IconChevronRight,
  IconPhotoOff,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useServicePhotosQuery } from '../../../api/catalogue/service-photos';

/** What the dialog shows of a procedure; the builder and the editing screen both have it. */
export type ProcedureDetail = Pick<
  Service,
  'id' | 'name' | 'description' | 'value' | 'session_limit'
>;

type ProcedurePhoto = ServicePhotoLinks['photos'][number];

function photoAlt(photo: ProcedurePhoto, index: number, procedureName: string): string {
  return photo.subtitle.trim() || `Foto ${index + 1} de ${procedureName}`;
}

export interface ProcedureDetailDialogProps {
  /** The procedure to show; null keeps the dialog closed. */
  procedure: ProcedureDetail | null;
  onClose: () => void;
  /** More about the procedure shown, under the photos (the editing screen's price history). */
  more?: (procedure: ProcedureDetail) => ReactNode;
}

/**
 * SPEC "Procedure detail dialog": name, description, 'MAX. SESS.', 'VALOR' and a photo carousel
 * with captions; a photo opens a full-screen viewer (arrow keys navigate, Escape closes it).
 * Opened by a 2-second press on a procedure card (see use-long-press.ts) or by the card's
 * visible details button.
 */
export function ProcedureDetailDialog({ procedure, onClose, more }: ProcedureDetailDialogProps) {
  // Kept while the exit transition runs, so the title does not blank out as the dialog closes.
  const [shown, setShown] = useState<ProcedureDetail | null>(procedure);
  if (procedure !== null && procedure !== shown) setShown(procedure);
  // Escape must close only the full-screen viewer while it is on top of this dialog.
  const [viewerOpened, setViewerOpened] = useState(false);
  const close = () => {
    setViewerOpened(false);
    onClose();
  };

  return (
    <Modal
      opened={procedure !== null}
      onClose={close}
      closeOnEscape={!viewerOpened}
      title={shown?.name ?? ''}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {shown ? (
        <ProcedureDetailBody
          key={shown.id}
          procedure={shown}
          onClose={close}
          viewerOpened={viewerOpened}
          onViewerChange={setViewerOpened}
          more={more?.(shown)}
        />
      ) : null}
    </Modal>
  );
}

interface ViewerState {
  viewerOpened: boolean;
  onViewerChange: (opened: boolean) => void;
}

function ProcedureDetailBody({
  procedure,
  onClose,
  viewerOpened,
  onViewerChange,
  more,
}: ViewerState & {
  procedure: ProcedureDetail;
  onClose: () => void;
  more?: ReactNode;
}) {
  const photosQuery = useServicePhotosQuery(procedure.id);
  const photos = photosQuery.data?.photos ?? [];

  let gallery;
  if (photosQuery.isPending) {
    gallery = (
      <AspectRatio ratio={4 / 3} aria-busy="true">
        <Skeleton radius="md" />
      </AspectRatio>
    );
  } else if (photosQuery.isError) {
    gallery = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        Falha ao carregar detalhes.
      </Alert>
    );
  } else if (photos.length === 0) {
    gallery = (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap={4}>
          <IconPhotoOff size={28} aria-hidden />
          <Text c="dimmed">Sem fotos</Text>
        </Stack>
      </Paper>
    );
  } else {
    gallery = (
      <PhotoCarousel
        photos={photos}
        procedureName={procedure.name}
        viewerOpened={viewerOpened}
        onViewerChange={onViewerChange}
      />
    );
  }

  return (
    <Stack gap="md">
      {procedure.description.trim() ? (
        <Text style={{ whiteSpace: 'pre-line' }}>{procedure.description}</Text>
      ) : null}
      <SimpleGrid cols={2}>
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" fw={700}>
            MAX. SESS.
          </Text>
          <Text fw={700} size="lg">
            {/* 0 means the procedure has no per-client session limit. */}
            {procedure.session_limit > 0 ? procedure.session_limit : '—'}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" fw={700}>
            VALOR
          </Text>
          <Text fw={700} size="lg">
            {formatReais(procedure.value)}
          </Text>
        </Paper>
      </SimpleGrid>
      {gallery}
      {more}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Voltar
        </Button>
      </Group>
    </Stack>
  );
}

function PhotoCarousel({
  photos,
  procedureName,
  viewerOpened,
  onViewerChange,
}: ViewerState & {
  photos: ProcedurePhoto[];
  procedureName: string;
}) {
  const [index, setIndex] = useState(0);
  const current = Math.min(index, photos.length - 1);
  const photo = photos[current];
  if (!photo) return null;

  const step = (delta: number) =>
    setIndex((value) => (value + delta + photos.length) % photos.length);

  return (
    <Stack gap="xs" aria-roledescription="carrossel" aria-label={`Fotos de ${procedureName}`}>
      <Box pos="relative">
        <UnstyledButton
          onClick={() => onViewerChange(true)}
          aria-label={`Ampliar foto ${current + 1} de ${photos.length}`}
          w="100%"
          style={{ display: 'block' }}
        >
          <AspectRatio ratio={4 / 3}>
            <Image
              src={photo.url}
              alt={photoAlt(photo, current, procedureName)}
              fit="contain"
              radius="md"
              bg="var(--mantine-color-default-hover)"
            />
          </AspectRatio>
        </UnstyledButton>
      </Box>
      {photo.subtitle.trim() ? (
        <Text ta="center" size="sm">
          {photo.subtitle}
        </Text>
      ) : null}
      {photos.length > 1 ? (
        <Group justify="center" gap="sm">
          <ActionIcon variant="default" aria-label="Foto anterior" onClick={() => step(-1)}>
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Text size="sm" aria-live="polite">
            {current + 1} / {photos.length}
          </Text>
          <ActionIcon variant="default" aria-label="Próxima foto" onClick={() => step(1)}>
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ) : null}
      <PhotoViewer
        opened={viewerOpened}
        onClose={() => onViewerChange(false)}
        photos={photos}
        index={current}
        onStep={step}
        procedureName={procedureName}
      />
    </Stack>
  );
}

function PhotoViewer({
  opened,
  onClose,
  photos,
  index,
  onStep,
  procedureName,
}: {
  opened: boolean;
  onClose: () => void;
  photos: ProcedurePhoto[];
  index: number;
  onStep: (delta: number) => void;
  procedureName: string;
}) {
  useWindowEvent('keydown', (event) => {
    if (!opened) return;
    if (event.key === 'ArrowRight') onStep(1);
    else if (event.key === 'ArrowLeft') onStep(-1);
  });
  const photo = photos[index];
  if (!photo) return null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      title={`${procedureName} — ${index + 1} / ${photos.length}`}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      styles={{ body: { height: 'calc(100dvh - 60px)' } }}
    >
      <Stack h="100%" gap="sm">
        <Group wrap="nowrap" gap="sm" style={{ flex: 1, minHeight: 0 }}>
          {photos.length > 1 ? (
            <ActionIcon
              variant="default"
              size="xl"
              aria-label="Foto anterior"
              onClick={() => onStep(-1)}
            >
              <IconChevronLeft aria-hidden />
            </ActionIcon>
          ) : null}
          <Image
            src={photo.url}
            alt={photoAlt(photo, index, procedureName)}
            fit="contain"
            h="100%"
            style={{ flex: 1, minWidth: 0 }}
          />
          {photos.length > 1 ? (
            <ActionIcon
              variant="default"
              size="xl"
              aria-label="Próxima foto"
              onClick={() => onStep(1)}
            >
              <IconChevronRight aria-hidden />
            </ActionIcon>
          ) : null}
        </Group>
        {photo.subtitle.trim() ? (
          <Text ta="center" fw={500}>
            {photo.subtitle}
          </Text>
        ) : null}
      </Stack>
    </Modal>
  );
}
