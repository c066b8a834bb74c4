import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The 'Portal Estética' brand button; it always leads to /home. */
export function BrandLink() {
  return (
    <UnstyledButton component={Link} to="/home">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size="md" radius="md" aria-hidden visibleFrom="xs">
          <IconSparkles size={16} />
        </ThemeIcon>
        <Text
          fw={700}
          fz={{ base: 'md', xs: 'lg' }}
          c="var(--mantine-color-text)"
          style={{ whiteSpace: 'nowrap' }}
        >
          Portal Estética
        </Text>
      </Group>
    </UnstyledButton>
  );
}
