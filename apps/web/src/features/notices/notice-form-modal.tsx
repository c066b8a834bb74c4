import {
  Alert,
  Button,
  Group,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  isNoticeCategory,
  MESSAGES,
  NOTICE_CATEGORIES,
  NOTICE_CATEGORY_LABELS,
  NOTICE_MESSAGES,
  NOTICE_TEXT_MAX_LENGTH,
  graphemeLength,
  noticeCreateSchema,
  type Notice,
  type NoticeCategory,
} from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { AdminFormModal, type FormModalProps } from '../../components/admin/form-modal';
import { errorMessage } from '../../lib/api-client';
import { useCreateNotice, useUpdateNotice } from '../../api/notices';

export const CATEGORY_OPTIONS = NOTICE_CATEGORIES.map((category) => ({
  value: category,
  label: NOTICE_CATEGORY_LABELS[category],
}));

type FieldName = 'title' | 'text' | 'category' | 'imageUrl';
type FieldErrors = Partial<Record<FieldName, string>>;
const FIELD_NAMES: readonly string[] = ['title', 'text', 'category', 'imageUrl'];

/** First message per field, from the same zod schema the API validates with. */
function toFieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && FIELD_NAMES.includes(field) && !(field in errors)) {
      errors[field as FieldName] = issue.message;
    }
  }
  return errors;
}

export interface NoticeFormModalProps extends FormModalProps {
  /** The notice being edited; absent when creating one. */
  notice?: Notice | null;
}

/** Create and edit modals: Escape, a backdrop click and the close button dismiss them. */
export function NoticeFormModal({ opened, onClose, formKey, notice }: NoticeFormModalProps) {
  return (
    <AdminFormModal
      opened={opened}
      onClose={onClose}
      title={notice ? 'Editar notice' : 'Nova notice'}
      size="lg"
    >
      {/* The form mounts with the modal's content, so each opening starts from fresh fields. */}
      <NoticeForm key={formKey} notice={notice ?? null} onDone={onClose} />
    </AdminFormModal>
  );
}

function NoticeForm({ notice, onDone }: { notice: Notice | null; onDone: () => void }) {
  const createNotice = useCreateNotice();
  const updateNotice = useUpdateNotice();
  const mutation = notice ? updateNotice : createNotice;

  const [title, setTitle] = useState(notice?.title ?? '');
  const [text, setText] = useState(notice?.text ?? '');
  const [category, setCategory] = useState<NoticeCategory>(notice?.category ?? 'urgent');
  const [active, setActive] = useState(notice?.active ?? true);
  const [imageUrl, setImageUrl] = useState(notice?.imageUrl ?? '');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = noticeCreateSchema.safeParse({ title, text, category, active, imageUrl });
    if (!parsed.success) {
      setFieldErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    // The edit modal sends the full payload (SPEC section 7); a blank image URL clears it.
    const payload = { ...parsed.data, imageUrl: parsed.data.imageUrl ?? null };
    if (notice) updateNotice.mutate({ id: notice.id, changes: payload }, { onSuccess: onDone });
    else createNotice.mutate(payload, { onSuccess: onDone });
  };

  const serverError = mutation.isError
    ? errorMessage(mutation.error, {
        byStatus: { 409: NOTICE_MESSAGES.titleTaken, 422: MESSAGES.invalidData },
        fallback: notice ? NOTICE_MESSAGES.updateFailed : NOTICE_MESSAGES.createFailed,
      })
    : null;
  // Characters as people see them, the way the domain's schema counts them (an emoji is one).
  const textLength = graphemeLength(text.trim());
  const textTooLong = textLength > NOTICE_TEXT_MAX_LENGTH;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {serverError ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {serverError}
          </Alert>
        ) : null}
        <TextInput
          label="Título"
          required
          data-autofocus
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={fieldErrors.title}
        />
        <Textarea
          label="Texto"
          required
          rows={4}
          resize="vertical"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={fieldErrors.text}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={
            <Text span size="xs" c={textTooLong ? 'var(--mantine-color-error)' : 'dimmed'}>
              {textLength}/{NOTICE_TEXT_MAX_LENGTH}
            </Text>
          }
        />
        <Select
          label="Categoria"
          required
          data={CATEGORY_OPTIONS}
          value={category}
          onChange={(value) => {
            if (isNoticeCategory(value)) setCategory(value);
          }}
          allowDeselect={false}
          error={fieldErrors.category}
        />
        <TextInput
          label="URL da imagem (opcional)"
          type="url"
          placeholder="https://"
          value={imageUrl}
          onChange={(event) => setImageUrl(event.currentTarget.value)}
          error={fieldErrors.imageUrl}
        />
        <Switch
          label="Ativa"
          checked={active}
          onChange={(event) => setActive(event.currentTarget.checked)}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
