import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A load failure with 'Tentar novamente' (the admin kit's QueryContent shows the same). */
export function LoadErrorAlert({ text, onRetry }: { text: string; onRetry: () => unknown }) {
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button size="xs" variant="default" onClick={() => void onRetry()}>
          Tentar novamente
        </Button>
      </Stack>
    </Alert>
  );
}
