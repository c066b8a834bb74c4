import { Button, Group, type MantineSize } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TRAINING_MESSAGES, type Training, type TrainingReaction } from '@portal/domain';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useReactToTraining } from '../../../api/people/trainings';

export interface TrainingReactionButtonsProps {
  training: Training;
  size?: MantineSize;
}

/**
 * Like and dislike with their counters. The pressed button is the user's own reaction; clicking
 * it again undoes it (DESIGN 7.6). Clicks while a request runs are ignored (no double submit).
 */
export function TrainingReactionButtons({ training, size = 'xs' }: TrainingReactionButtonsProps) {
  const reactToTraining = useReactToTraining();

  const react = (reaction: TrainingReaction) => {
    if (reactToTraining.isPending) return;
    reactToTraining.mutate(
      { training, reaction },
      {
        onError: () =>
          notifications.show({ color: 'red', message: TRAINING_MESSAGES.reactionFailed }),
      },
    );
  };

  const liked = training.my_reaction === 'like';
  const disliked = training.my_reaction === 'dislike';
  return (
    <Group gap="xs">
      <Button
        size={size}
        variant={liked ? 'filled' : 'default'}
        leftSection={<IconThumbUp size={16} aria-hidden />}
        aria-pressed={liked}
        aria-label={`Gostei (${training.like_count})`}
        onClick={() => react('like')}
      >
        {training.like_count}
      </Button>
      <Button
        size={size}
        variant={disliked ? 'filled' : 'default'}
        leftSection={<IconThumbDown size={16} aria-hidden />}
        aria-pressed={disliked}
        aria-label={`Não gostei (${training.dislike_count})`}
        onClick={() => react('dislike')}
      >
        {training.dislike_count}
      </Button>
    </Group>
  );
}
