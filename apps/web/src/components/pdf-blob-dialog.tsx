import { Alert, Box, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { saveBlob } from './save-blob';

export interface PdfBlobDialogProps {
  /** Null keeps the dialog closed. */
  request: { title: string; fileName: string; load: () => Promise<Blob> } | null;
  onClose: () => void;
}

type State =
  { status: 'loading' } | { status: 'ready'; url: string; blob: Blob } | { status: 'error' };

/** A PDF the server drew, previewed in an iframe with 'Baixar' and 'Fechar'. */
export function PdfBlobDialog({ request, onClose }: PdfBlobDialogProps) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={request?.title ?? ''}
      size="xl"
      fullScreen={isPhone}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {request ? <PdfBody request={request} onClose={onClose} /> : null}
    </Modal>
  );
}

function PdfBody({
  request,
  onClose,
}: {
  request: NonNullable<PdfBlobDialogProps['request']>;
  onClose: () => void;
}) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    request
      .load()
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url, blob });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('Falha ao gerar PDF', error);
        setState({ status: 'error' });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [request]);

  return (
    <Stack gap="md">
      {state.status === 'error' ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          Não foi possível carregar o PDF.
        </Alert>
      ) : null}
      {state.status === 'loading' ? (
        <Center h={240} role="status" aria-live="polite">
          <Stack align="center" gap="xs">
            <Loader aria-hidden />
            <Text size="sm" c="dimmed">
              Gerando PDF...
            </Text>
          </Stack>
        </Center>
      ) : null}
      {state.status === 'ready' ? (
        <Box
          component="iframe"
          title="Pré-visualização do PDF"
          src={state.url}
          w="100%"
          h="70dvh"
          style={{ border: 0, borderRadius: 'var(--mantine-radius-sm)' }}
        />
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Fechar
        </Button>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={state.status !== 'ready'}
          onClick={() => state.status === 'ready' && saveBlob(state.blob, request.fileName)}
        >
          Baixar
        </Button>
      </Group>
    </Stack>
  );
}
