import { Anchor, AspectRatio, Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { TRAINING_CATEGORY_LABELS, type Training } from '@portal/domain';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { trainingDateLabel } from './training-dates';
import { TrainingReactionButtons } from './training-reaction-buttons';
import { TrainingThumbnailImage } from './training-thumbnail-image';
import classes from './trainings.module.css';

export const trainingPath = (id: number) => `/professional/trainings/${id}`;

/** The 16:9 still of a training, 'Sem thumbnail' without one, and the play link over it. */
export function TrainingThumbnail({ training }: { training: Training }) {
  return (
    <AspectRatio ratio={16 / 9} className={classes.thumbnailFrame}>
      <div>
        <TrainingThumbnailImage
          src={training.thumbnail_url}
          className={classes.thumbnailImage}
          fallbackClassName={classes.noThumbnail}
        />
        {training.video_url ? (
          <Link
            to={trainingPath(training.id)}
            className={classes.playOverlay}
            aria-label={`Assistir: ${training.title}`}
          >
            <span className={classes.playIcon}>
              <IconPlayerPlayFilled size={28} aria-hidden />
            </span>
          </Link>
        ) : null}
      </div>
    </AspectRatio>
  );
}

/** One training of the library grid (SPEC "Training library": card contents). */
export function TrainingCard({ training }: { training: Training }) {
  return (
    <Card withBorder radius="md" padding="sm" component="article">
      <Card.Section>
        <TrainingThumbnail training={training} />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Anchor component={Link} to={trainingPath(training.id)} fw={600} lineClamp={2}>
          {training.title}
        </Anchor>
        <Group justify="space-between" gap="xs">
          <Badge variant="default">{TRAINING_CATEGORY_LABELS[training.category]}</Badge>
          <Text size="xs" c="dimmed">
            {trainingDateLabel(training)}
          </Text>
        </Group>
        <TrainingReactionButtons training={training} />
      </Stack>
    </Card>
  );
}

/** Stand-in card while the library loads. */
export function TrainingCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="sm" aria-hidden>
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          <Skeleton />
        </AspectRatio>
      </Card.Section>
      <Stack gap={8} mt="sm">
        <Skeleton height={14} width="85%" />
        <Skeleton height={12} width="40%" />
        <Skeleton height={24} width="50%" />
      </Stack>
    </Card>
  );
}
