import {
  Alert,
  Anchor,
  AspectRatio,
  Badge,
  Button,
  Center,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  TRAINING_CATEGORY_LABELS,
  TRAINING_MESSAGES,
  TRAINING_RELATED_LIMIT,
  youtubeEmbedUrl,
  type Training,
} from '@portal/domain';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';
import { useTrainingQuery, useTrainingsQuery } from '../../../api/people/trainings';
import { trainingPath } from './training-card';
import { trainingDateLabel } from './training-dates';
import { TrainingReactionButtons } from './training-reaction-buttons';
import { TrainingThumbnailImage } from './training-thumbnail-image';
import classes from './trainings.module.css';

const RELATED_SKELETONS = 6;
const MAX_ID = 2_147_483_647;

function parseTrainingId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= MAX_ID ? id : null;
}

/** YouTube in the privacy-enhanced player, other links in the native player, else a notice. */
export function TrainingPlayer({ training }: { training: Training }) {
  const embedUrl = youtubeEmbedUrl(training.video_url);
  return (
    <AspectRatio ratio={16 / 9} className={classes.thumbnailFrame}>
      {embedUrl ? (
        <iframe
          src={embedUrl}
          title={training.title}
          className={classes.player}
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : training.video_url ? (
        <video
          src={training.video_url}
          controls
          preload="metadata"
          className={classes.player}
          aria-label={training.title}
        />
      ) : (
        <Center>
          <Text c="dimmed">Vídeo indisponível</Text>
        </Center>
      )}
    </AspectRatio>
  );
}

/** 'Relacionados': other trainings of the same category, most liked first. */
function RelatedTrainings({ training }: { training: Training }) {
  const relatedQuery = useTrainingsQuery({
    categories: [training.category],
    order: 'popular',
    limit: TRAINING_RELATED_LIMIT,
    offset: 0,
  });
  const related = (relatedQuery.data ?? []).filter((item) => item.id !== training.id);

  let content;
  if (relatedQuery.isPending) {
    content = (
      <Stack gap="sm" aria-hidden>
        {Array.from({ length: RELATED_SKELETONS }, (_, index) => (
          <Group key={index} gap="sm" wrap="nowrap">
            <Skeleton width={96} height={54} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} />
              <Skeleton height={10} width="50%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  } else if (related.length === 0) {
    content = <Text c="dimmed">Sem vídeos relacionados.</Text>;
  } else {
    content = (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {related.map((item) => (
          <li key={item.id}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <TrainingThumbnailImage
                src={item.thumbnail_url}
                className={classes.smallThumb}
                fallbackClassName={`${classes.smallThumb} ${classes.thumbnailFrame}`}
                fallbackSize="xs"
              />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={trainingPath(item.id)}
                  size="sm"
                  fw={600}
                  lineClamp={2}
                >
                  {item.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {item.like_count} {item.like_count === 1 ? 'like' : 'likes'}
                </Text>
              </Stack>
            </Group>
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="aside" aria-labelledby="related-title">
      <Title order={2} size="h4" mb="sm" id="related-title">
        Relacionados
      </Title>
      {relatedQuery.isPending ? (
        <VisuallyHidden role="status">Carregando vídeos relacionados...</VisuallyHidden>
      ) : null}
      {content}
    </Paper>
  );
}

/** SPEC "Training detail" (/professional/trainings/:id). */
export default function TrainingDetailPage() {
  const params = useParams();
  const id = parseTrainingId(params.id);
  const trainingQuery = useTrainingQuery(id);
  const navigate = useNavigate();
  const training = trainingQuery.data;
  usePageTitle(training?.title ?? 'Treinamento');

  // Opened from a link outside the app there is no step to go back to: go to the library.
  const goBack = () => {
    const state: unknown = window.history.state;
    const index =
      typeof state === 'object' && state !== null && 'idx' in state ? Number(state.idx) : 0;
    if (index > 0) void navigate(-1);
    else void navigate('/professional/trainings');
  };

  const backButton = (
    <Button
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      onClick={goBack}
      style={{ alignSelf: 'flex-start' }}
    >
      Voltar
    </Button>
  );

  if (id === null || trainingQuery.isError) {
    return (
      <Stack gap="md">
        {backButton}
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {TRAINING_MESSAGES.loadFailed}
        </Alert>
      </Stack>
    );
  }

  if (!training) {
    return (
      <Stack gap="md">
        {backButton}
        <VisuallyHidden role="status">Carregando treinamento...</VisuallyHidden>
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <AspectRatio ratio={16 / 9}>
              <Skeleton />
            </AspectRatio>
            <Skeleton height={28} mt="md" width="70%" />
            <Skeleton height={14} mt="sm" />
            <Skeleton height={14} mt="xs" width="80%" />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {backButton}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <TrainingPlayer training={training} />
            <Stack gap="xs">
              <Title order={1} size="h2">
                {training.title}
              </Title>
              <Group justify="space-between" gap="sm">
                <Group gap="sm">
                  <Badge variant="default">{TRAINING_CATEGORY_LABELS[training.category]}</Badge>
                  <Text size="sm" c="dimmed">
                    Publicado em {trainingDateLabel(training)}
                  </Text>
                </Group>
                <TrainingReactionButtons training={training} size="sm" />
              </Group>
            </Stack>
            <Text style={{ whiteSpace: 'pre-line' }}>{training.description}</Text>
            {training.content_sections.length > 0 ? (
              <Stack gap="sm">
                {training.content_sections.slice(0, 4).map((section, index) => (
                  <Paper key={index} withBorder radius="md" p="md" component="section">
                    {section.title ? (
                      <Title order={2} size="h4" mb={section.text ? 'xs' : 0}>
                        {section.title}
                      </Title>
                    ) : null}
                    {section.text ? (
                      <Text style={{ whiteSpace: 'pre-line' }}>{section.text}</Text>
                    ) : null}
                  </Paper>
                ))}
              </Stack>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <RelatedTrainings training={training} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
