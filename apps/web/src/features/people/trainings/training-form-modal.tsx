import {
  ActionIcon,
  AspectRatio,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  DEFAULT_TRAINING_CATEGORY,
  TRAINING_CATEGORIES,
  TRAINING_CATEGORY_LABELS,
  TRAINING_MAX_SECTIONS,
  trainingCreateSchema,
  youtubeThumbnailUrl,
  type ContentSection,
  type Training,
  type TrainingCategory,
  type TrainingCreate,
  type TrainingUpdate,
} from '@portal/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { AdminForm, adminFormModal, useSaveRecord } from '../../../components/admin/form-modal';
import { trainingMutations } from '../../../api/people/trainings';
import { labelledOptions } from '../../../components/form/options';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { TrainingThumbnailImage } from './training-thumbnail-image';
import { fromDateTimeLocalValue, toDateTimeLocalValue } from './training-dates';
import classes from './trainings.module.css';
import { ChoiceField, LongTextField } from '../../../components/form/fields';

const CATEGORY_OPTIONS = labelledOptions(TRAINING_CATEGORIES, TRAINING_CATEGORY_LABELS);

/** SPEC section 5: on edit, published_at is sent only when at least this long. */
const EDIT_PUBLISHED_AT_MIN_LENGTH = 10;

interface SectionDraft extends ContentSection {
  /** Stable React key: sections can be removed from the middle. */
  key: number;
}

/** 'Novo Treinamento' and 'Editar Treinamento' (SPEC "Admin training management"). */
export const TrainingFormModal = adminFormModal(({ training }: { training: Training | null }) => ({
  title: training ? 'Editar Treinamento' : 'Novo Treinamento',
  form: (onDone) => <TrainingForm training={training} onDone={onDone} />,
}));

/** Trimmed sections without the empty ones, cut to 4 (SPEC section 5). */
function sectionsPayload(sections: readonly ContentSection[]): ContentSection[] {
  return sections
    .map((section) => ({ title: section.title.trim(), text: section.text.trim() }))
    .filter((section) => section.title !== '' || section.text !== '')
    .slice(0, TRAINING_MAX_SECTIONS);
}

interface TrainingFormProps {
  training: Training | null;
  onDone: () => void;
}

/**
 * The domain's create schema is the form's (title, description, URL, sections): the API's rule is
 * the form's. The date is the browser's datetime-local text, turned into ISO on send.
 */
const trainingFormSchema = trainingCreateSchema.omit({ published_at: true });

interface TrainingFormValues extends Record<string, unknown> {
  title: string;
  description: string;
  category: TrainingCategory;
  published_at: string;
  video_url: string;
  content_sections: SectionDraft[];
}

function TrainingForm({ training, onDone }: TrainingFormProps) {
  const saving = useSaveRecord(training, trainingMutations, onDone);

  const nextKey = useRef(0);
  const newSection = (section: ContentSection = { title: '', text: '' }): SectionDraft => ({
    ...section,
    key: nextKey.current++,
  });

  const form = useSchemaForm<TrainingFormValues>(trainingFormSchema, {
    title: training?.title ?? '',
    description: training?.description ?? '',
    category: training?.category ?? DEFAULT_TRAINING_CATEGORY,
    published_at: toDateTimeLocalValue(training?.published_at ?? null),
    video_url: training?.video_url ?? '',
    content_sections:
      training && training.content_sections.length > 0
        ? training.content_sections.slice(0, TRAINING_MAX_SECTIONS).map((s) => newSection(s))
        : [newSection()],
  });
  const { title, description, published_at: publishedAt, content_sections: sections } = form.values;

  const canSubmit = title.trim() !== '' && description.trim() !== '';
  const thumbnailUrl = youtubeThumbnailUrl(form.values.video_url);

  const addSection = () => {
    if (sections.length < TRAINING_MAX_SECTIONS)
      form.insertListItem('content_sections', newSection());
  };
  const removeSection = (index: number) => {
    if (sections.length > 1) form.removeListItem('content_sections', index);
  };

  const submit = form.onSubmit((values) => {
    if (!canSubmit || saving.pending) return;
    const parsed = trainingFormSchema.parse(values);
    const common = {
      title: parsed.title,
      description: parsed.description,
      category: parsed.category,
      video_url: parsed.video_url,
      content_sections: sectionsPayload(parsed.content_sections),
    };
    const publishedIso = fromDateTimeLocalValue(values.published_at);

    const payload: TrainingCreate = {
      ...common,
      ...(publishedIso ? { published_at: publishedIso } : {}),
    };
    // SPEC section 5: an edit sends the date only when it is a whole one.
    const changes: TrainingUpdate = {
      ...common,
      ...(publishedAt.length >= EDIT_PUBLISHED_AT_MIN_LENGTH && publishedIso
        ? { published_at: publishedIso }
        : {}),
    };
    if (training) saving.update(changes);
    else saving.create(payload);
  });

  return (
    <AdminForm
      onSubmit={submit}
      saving={saving}
      onCancel={onDone}
      submitLabel={training ? 'Salvar alterações' : 'Adicionar Treinamento'}
      pendingLabel="Salvando..."
      disabled={!canSubmit}
    >
      <TextInput label="Título" required data-autofocus {...form.getInputProps('title')} />
      <LongTextField label="Descrição" required rows={4} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <ChoiceField
          label="Categoria"
          data={CATEGORY_OPTIONS}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('category')}
        />
        <TextInput
          label="Publicado em (opcional)"
          type="datetime-local"
          {...form.getInputProps('published_at')}
        />
      </SimpleGrid>
      <TextInput
        label="URL do vídeo (YouTube recomendado)"
        type="url"
        placeholder="https://www.youtube.com/watch?v=..."
        {...form.getInputProps('video_url')}
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
                  {...form.getInputProps(`content_sections.${index}.title`)}
                />
                {sections.length > 1 ? (
                  <ActionIcon
                    variant="light"
                    color="red"
                    size="lg"
                    aria-label={`Remover seção ${index + 1}`}
                    onClick={() => removeSection(index)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                ) : null}
              </Group>
              <LongTextField
                label={`Texto da seção ${index + 1}`}
                {...form.getInputProps(`content_sections.${index}.text`)}
              />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </AdminForm>
  );
}
