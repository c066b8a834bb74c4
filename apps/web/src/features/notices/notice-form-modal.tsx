import type { FormModalProps } from '../../components/admin/form-modal';
import { Select, Switch, Text, Textarea, TextInput } from '@mantine/core';
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
import { useState, type FormEvent } from 'react';
import { AdminForm, AdminFormModal, useSaveRecord } from '../../components/admin/form-modal';
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
export function NoticeFormModal({ notice, ...modal }: NoticeFormModalProps) {
  return (
    <AdminFormModal {...modal} title={notice ? 'Editar notice' : 'Nova notice'}>
      <NoticeForm notice={notice ?? null} onDone={modal.onClose} />
    </AdminFormModal>
  );
}

function NoticeForm({ notice, onDone }: { notice: Notice | null; onDone: () => void }) {
  const saving = useSaveRecord(
    notice,
    {
      create: useCreateNotice(),
      update: useUpdateNotice(),
      messages: NOTICE_MESSAGES,
      byStatus: { 409: NOTICE_MESSAGES.titleTaken, 422: MESSAGES.invalidData },
    },
    onDone,
  );

  const [title, setTitle] = useState(notice?.title ?? '');
  const [text, setText] = useState(notice?.text ?? '');
  const [category, setCategory] = useState<NoticeCategory>(notice?.category ?? 'urgent');
  const [active, setActive] = useState(notice?.active ?? true);
  const [imageUrl, setImageUrl] = useState(notice?.imageUrl ?? '');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = noticeCreateSchema.safeParse({ title, text, category, active, imageUrl });
    if (!parsed.success) {
      setFieldErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    // The edit modal sends the full payload (SPEC section 7); a blank image URL clears it.
    saving.save({ ...parsed.data, imageUrl: parsed.data.imageUrl ?? null });
  };

  // Characters as people see them, the way the domain's schema counts them (an emoji is one).
  const textLength = graphemeLength(text.trim());
  const textTooLong = textLength > NOTICE_TEXT_MAX_LENGTH;

  return (
    <AdminForm onSubmit={submit} saving={saving} onCancel={onDone}>
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
    </AdminForm>
  );
}
