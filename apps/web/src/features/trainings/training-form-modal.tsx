import {
  ActionIcon,
  Alert,
  AspectRatio,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  DEFAULT_TRAINING_CATEGORY,
  MESSAGES,
  TRAINING_CATEGORIES,
  TRAINING_CATEGORY_LABELS,
  TRAINING_MAX_SECTIONS,
  TRAINING_MESSAGES,
  youtubeThumbnailUrl,
  type ContentSection,
  type Training,
  type TrainingCategory,
  type TrainingCreate,
  type TrainingUpdate,
} from '@portal/domain';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { AdminFormModal, type FormModalProps } from '../../components/admin/form-modal';
import { errorMessage } from '../../lib/api-client';
import { useCreateTraining, useUpdateTraining } from '../../api/trainings';
import { notifySuccess } from '../../components/admin/notify';
import { useSubmitGuard } from '../../components/form/use-schema-form';
import { TrainingThumbnailImage } from './training-thumbnail-image';
import { fromDateTimeLocalValue, toDateTimeLocalValue } from './training-dates';
import classes from './trainings.module.css';

const CATEGORY_OPTIONS = TRAINING_CATEGORIES.map((category) => ({
  value: category,
  label: TRAINING_CATEGORY_LABELS[category],
}));

/** SPEC section 5: on edit, published_at is sent only when at least this long. */
const EDIT_PUBLISHED_AT_MIN_LENGTH = 10;

interface SectionDraft extends ContentSection {
  /** Stable React key: sections can be removed from the middle. */
  key: number;
}

export interface TrainingFormModalProps extends FormModalProps {
  /** The training being edited; absent for 'Novo Treinamento'. */
  training?: Training | null;
}

/** 'Novo Treinamento' and 'Editar Treinamento' (SPEC "Admin training management"). */
export function TrainingFormModal({ opened, onClose, formKey, training }: TrainingFormModalProps) {
  return (
    <AdminFormModal
      opened={opened}
      onClose={onClose}
      title={training ? 'Editar Treinamento' : 'Novo Treinamento'}
      size="lg"
    >
      {/* The form mounts with the modal, so every opening starts from fresh values. */}
      <TrainingForm key={formKey} training={training ?? null} onCancel={onClose} onDone={onClose} />
    </AdminFormModal>
  );
}

/** Trimmed sections without the empty ones, cut to 4 (SPEC section 5). */
function sectionsPayload(sections: readonly SectionDraft[]): ContentSection[] {
  return sections
    .map((section) => ({ title: section.title.trim(), text: section.text.trim() }))
    .filter((section) => section.title !== '' || section.text !== '')
    .slice(0, TRAINING_MAX_SECTIONS);
}

interface TrainingFormProps {
  training: Training | null;
  onCancel: () => void;
  onDone: () => void;
}

function TrainingForm({ training, onCancel, onDone }: TrainingFormProps) {
  const createTraining = useCreateTraining();
  const updateTraining = useUpdateTraining();
  const mutation = training ? updateTraining : createTraining;

  const nextKey = useRef(0);
  const newSection = (section: ContentSection = { title: '', text: '' }): SectionDraft => ({
    ...section,
    key: nextKey.current++,
  });

  const [title, setTitle] = useState(training?.title ?? '');
  const [description, setDescription] = useState(training?.description ?? '');
  const [category, setCategory] = useState<TrainingCategory>(
    training?.category ?? DEFAULT_TRAINING_CATEGORY,
  );
  const [publishedAt, setPublishedAt] = useState(
    toDateTimeLocalValue(training?.published_at ?? null),
  );
  const [videoUrl, setVideoUrl] = useState(training?.video_url ?? '');
  const [sections, setSections] = useState<SectionDraft[]>(() =>
    training && training.content_sections.length > 0
      ? training.content_sections.slice(0, TRAINING_MAX_SECTIONS).map((s) => newSection(s))
      : [newSection()],
  );

  const canSubmit = title.trim() !== '' && description.trim() !== '' && !mutation.isPending;
  // Two clicks in one frame both see isPending false: the guard keeps it to one request.
  const guard = useSubmitGuard();
  const thumbnailUrl = youtubeThumbnailUrl(videoUrl);

  const updateSection = (key: number, changes: Partial<ContentSection>) =>
    setSections((current) =>
      current.map((section) => (section.key === key ? { ...section, ...changes } : section)),
    );
  const addSection = () =>
    setSections((current) =>
      current.length >= TRAINING_MAX_SECTIONS ? current : [...current, newSection()],
    );
  const removeSection = (key: number) =>
    setSections((current) =>
      current.length <= 1 ? current : current.filter((section) => section.key !== key),
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const common = {
      title: title.trim(),
      description: description.trim(),
      category,
      video_url: videoUrl.trim() === '' ? null : videoUrl.trim(),
      content_sections: sectionsPayload(sections),
    };
    const publishedIso = fromDateTimeLocalValue(publishedAt);

    if (training) {
      const changes: TrainingUpdate = {
        ...common,
        ...(publishedAt.length >= EDIT_PUBLISHED_AT_MIN_LENGTH && publishedIso
          ? { published_at: publishedIso }
          : {}),
      };
      guard(async () => {
        await updateTraining.mutateAsync({ id: training.id, changes });
        notifySuccess('Treinamento atualizado.');
        onDone();
      });
      return;
    }
    const payload: TrainingCreate = {
      ...common,
      ...(publishedIso ? { published_at: publishedIso } : {}),
    };
    guard(async () => {
      await createTraining.mutateAsync(payload);
      notifySuccess('Treinamento criado.');
      onDone();
    });
  };

  const serverError = mutation.isError
    ? errorMessage(mutation.error, {
        byStatus: { 422: MESSAGES.invalidData, 409: TRAINING_MESSAGES.titleTaken },
        fallback: training ? TRAINING_MESSAGES.updateFailed : TRAINING_MESSAGES.createFailed,
      })
    : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {serverError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {serverError}
          </Alert>
        ) : null}
        <TextInput
          label="Título"
          required
          data-autofocus
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <Textarea
          label="Descrição"
          required
          rows={4}
          resize="vertical"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select<TrainingCategory>
            label="Categoria"
            data={CATEGORY_OPTIONS}
            value={category}
            onChange={(value) => value && setCategory(value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Publicado em (opcional)"
            type="datetime-local"
            value={publishedAt}
            onChange={(event) => setPublishedAt(event.currentTarget.value)}
          />
        </SimpleGrid>
        <TextInput
          label="URL do vídeo (YouTube recomendado)"
          type="url"
          placeholder="https://www.youtube.com/watch?v=..."
          value={videoUrl}
          onChange={(event) => setVideoUrl(event.currentTarget.value)}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Thumbnail
          </Text>
          <AspectRatio ratio={16 / 9} maw={240} className={classes.thumbnailFrame}>
            <TrainingThumbnailImage
              src={thumbnailUrl}
              alt="Pré-visualização da thumbnail do vídeo"
              className={classes.thumbnailImage}
            />
          </AspectRatio>
        </div>

        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Seções de conteúdo ({sections.length}/{TRAINING_MAX_SECTIONS})
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={addSection}
              disabled={sections.length >= TRAINING_MAX_SECTIONS}
            >
              Adicionar seção
            </Button>
          </Group>
          {sections.map((section, index) => (
            <Paper key={section.key} withBorder radius="md" p="sm">
              <Stack gap="xs">
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={`Título da seção ${index + 1}`}
                    value={section.title}
                    onChange={(event) =>
                      updateSection(section.key, { title: event.currentTarget.value })
                    }
                  />
                  {sections.length > 1 ? (
                    <ActionIcon
                      variant="light"
                      color="red"
                      size="lg"
                      aria-label={`Remover seção ${index + 1}`}
                      onClick={() => removeSection(section.key)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  ) : null}
                </Group>
                <Textarea
                  label={`Texto da seção ${index + 1}`}
                  rows={3}
                  resize="vertical"
                  value={section.text}
                  onChange={(event) =>
                    updateSection(section.key, { text: event.currentTarget.value })
                  }
                />
              </Stack>
            </Paper>
          ))}
        </Stack>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" disabled={!canSubmit}>
            {mutation.isPending
              ? 'Salvando...'
              : training
                ? 'Salvar alterações'
                : 'Adicionar Treinamento'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
