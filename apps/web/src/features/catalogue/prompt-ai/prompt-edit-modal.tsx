import { Alert, Badge, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  AI_CONFIG_MESSAGES,
  AI_PROMPT_MAX_LENGTH,
  graphemeLength,
  formatDateTimeBR,
  MESSAGES,
  type AiConfig,
} from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateAiPrompt } from '../../../api/catalogue/ai-configs';
import { notifySuccess } from '../../../components/admin/notify';
import { useSubmitGuard } from '../../../components/form/use-submit-guard';

export interface PromptEditModalProps {
  opened: boolean;
  onClose: () => void;
  config: AiConfig | null;
}

/** SPEC 'Edit modal "Editar prompt (IA)"': only the prompt is editable. */
export function PromptEditModal({ opened, onClose, config }: PromptEditModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Editar prompt (IA)"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {config ? (
        // Keyed by the loaded prompt: each opening starts from what the server holds.
        <PromptForm key={`${config.id}:${config.updated_at}`} config={config} onDone={onClose} />
      ) : (
        <Text c="dimmed">{AI_CONFIG_MESSAGES.noneSelected}</Text>
      )}
    </Modal>
  );
}

function PromptForm({ config, onDone }: { config: AiConfig; onDone: () => void }) {
  const update = useUpdateAiPrompt();
  // Two clicks in one frame both see isPending false: the guard keeps it to one PATCH.
  const guard = useSubmitGuard();
  const [draft, setDraft] = useState(config.prompt);
  const trimmed = draft.trim();
  // An unsaved change is detected by comparing with the loaded prompt (SPEC section 4).
  const changed = draft !== config.prompt;
  const length = graphemeLength(draft);
  const tooLong = length > AI_PROMPT_MAX_LENGTH;
  const canSave =
    changed && trimmed !== '' && trimmed !== config.prompt && !tooLong && !update.isPending;

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSave) return;
    guard(async () => {
      await update.mutateAsync({ id: config.id, prompt: draft });
      notifySuccess('Prompt salvo.');
      onDone();
    });
  };

  const serverError = update.isError
    ? errorMessage(update.error, {
        byStatus: { 422: MESSAGES.invalidData },
        fallback: AI_CONFIG_MESSAGES.saveFailed,
      })
    : null;

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Text size="sm">
            <Text span fw={600}>
              {config.codigo}
            </Text>{' '}
            · Última atualização: {formatDateTimeBR(config.updated_at)}
          </Text>
          <Badge variant="dot" color={changed ? 'yellow' : 'gray'}>
            {changed ? AI_CONFIG_MESSAGES.unsaved : AI_CONFIG_MESSAGES.unchanged}
          </Badge>
        </Group>
        {serverError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {serverError}
          </Alert>
        ) : null}
        <Textarea
          label="Prompt"
          data-autofocus
          rows={14}
          resize="vertical"
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          error={
            trimmed === ''
              ? AI_CONFIG_MESSAGES.promptRequired
              : tooLong
                ? AI_CONFIG_MESSAGES.promptTooLong
                : undefined
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={
            <Text span size="xs" c={tooLong ? 'var(--mantine-color-error)' : 'dimmed'}>
              {length}/{AI_PROMPT_MAX_LENGTH}
            </Text>
          }
        />
        <Group justify="space-between" wrap="wrap">
          <Button
            variant="subtle"
            onClick={() => setDraft(config.prompt)}
            disabled={!changed || update.isPending}
          >
            Desfazer alterações
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onDone}>
              Cancelar
            </Button>
            <Button
              type="submit"
              disabled={!canSave && !update.isPending}
              loading={update.isPending}
            >
              Salvar alterações
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
