import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../components/use-page-title';

/**
 * Last-resort screen for errors thrown while rendering a route (router.tsx's RootBoundary; React
 * reports the error itself). The usual cause after a release is a lazy chunk that no longer exists
 * on the server, which a reload fixes.
 */
export function RouteErrorPage() {
  usePageTitle('Erro');
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} size="h2">
          Algo deu errado
        </Title>
        <Text c="dimmed">
          Não foi possível abrir esta tela. Recarregue a página e tente novamente.
        </Text>
        <Button onClick={() => window.location.reload()}>Recarregar página</Button>
      </Stack>
    </Center>
  );
}
