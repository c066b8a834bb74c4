import { Center, Text } from '@mantine/core';
import { useState } from 'react';

export interface TrainingThumbnailImageProps {
  src: string | null;
  /** Empty for a decorative still next to the training's own title. */
  alt?: string;
  className?: string;
  /** Classes of the 'Sem thumbnail' box shown instead. */
  fallbackClassName?: string;
  fallbackSize?: 'xs' | 'sm';
}

/**
 * A training's still, or 'Sem thumbnail' when there is none or it does not load (the video was
 * removed from YouTube, or the network blocks img.youtube.com).
 */
export function TrainingThumbnailImage({
  src,
  alt = '',
  className,
  fallbackClassName,
  fallbackSize = 'sm',
}: TrainingThumbnailImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <Center className={fallbackClassName}>
        <Text size={fallbackSize} c="dimmed">
          Sem thumbnail
        </Text>
      </Center>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      className={className}
      onError={() => setFailedSrc(src)}
    />
  );
}
