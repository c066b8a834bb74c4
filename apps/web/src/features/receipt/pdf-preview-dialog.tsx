import { Alert, Box, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PDF_MESSAGES } from '@portal/domain';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { fetchPdf, type PdfRequest } from './api';

export interface PdfPreviewDialogProps {
  /** The document being previewed; null keeps the dialog closed. */
  request: PdfRequest | null;
  /** Bumped on every preview click, so asking again reloads the document. */
  requestId: number;
  /** Suggested name of the downloaded file. */
  fileName: string;
  onClose: () => void;
}

const TITLES: Record<PdfRequest['kind'], string> = {
  proposal: 'Proposta (PDF)',
  'client-care': 'Client Care (PDF)',
};

/** Saves a blob under a file name through a temporary link. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next tick; the URL is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * SPEC 'PDF preview dialog': the document in an iframe on a temporary object URL (revoked when the
 * dialog closes), 'Baixar' for the kind shown and 'Fechar'. Failures are logged and the dialog
 * shows 'Não foi possível carregar o PDF.' (SPEC section 8, builder flow).
 */
export function PdfPreviewDialog({ request, requestId, fileName, onClose }: PdfPreviewDialogProps) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={request ? TITLES[request.kind] : ''}
      size="xl"
      fullScreen={isPhone}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {request ? (
        <PdfPreviewBody key={requestId} request={request} fileName={fileName} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

type PreviewState = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error' };

function PdfPreviewBody({
  request,
  fileName,
  onClose,
}: {
  request: PdfRequest;
  fileName: string;
  onClose: () => void;
}) {
  const [preview, setPreview] = useState<PreviewState>({ status: 'loading' });
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchPdf(request, 'preview', controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setPreview({ status: 'ready', url: objectUrl });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Falha ao gerar PDF', error);
        setPreview({ status: 'error' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [request]);

  const download = async () => {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      saveBlob(await fetchPdf(request, 'download'), fileName);
    } catch (error) {
      console.error('Falha ao baixar PDF', error);
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  const failed = preview.status === 'error' || downloadFailed;
  return (
    <Stack gap="md">
      {failed ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          <Text size="sm">{PDF_MESSAGES.loadFailed}</Text>
        </Alert>
      ) : null}
      {preview.status === 'loading' ? (
        <Center h={240} role="status" aria-live="polite">
          <Stack align="center" gap="xs">
            <Loader aria-hidden />
            <Text size="sm" c="dimmed">
              Gerando PDF...
            </Text>
          </Stack>
        </Center>
      ) : null}
      {preview.status === 'ready' ? (
        <Box
          component="iframe"
          title="Pré-visualização do PDF"
          src={preview.url}
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
          loading={downloading}
          onClick={() => void download()}
        >
          Baixar
        </Button>
      </Group>
    </Stack>
  );
}
