import { Switch, Text, TextInput } from '@mantine/core';
import {
  NOTICE_CATEGORIES,
  NOTICE_CATEGORY_LABELS,
  NOTICE_TEXT_MAX_LENGTH,
  graphemeLength,
  noticeCreateSchema,
  type Notice,
} from '@portal/domain';
import { AdminForm, adminFormModal, useSaveRecord } from '../../../components/admin/form-modal';
import { labelledOptions } from '../../../components/form/options';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { noticeMutations } from '../../../api/people/notices';
import { ChoiceField, LongTextField } from '../../../components/form/fields';

export const CATEGORY_OPTIONS = labelledOptions(NOTICE_CATEGORIES, NOTICE_CATEGORY_LABELS);

/** 'Nova notice' and 'Editar notice': Escape, a backdrop click and the close button dismiss them. */
export const NoticeFormModal = adminFormModal(({ notice }: { notice: Notice | null }) => ({
  title: notice ? 'Editar notice' : 'Nova notice',
  form: (onDone) => <NoticeForm notice={notice} onDone={onDone} />,
}));

function NoticeForm({ notice, onDone }: { notice: Notice | null; onDone: () => void }) {
  const saving = useSaveRecord(notice, noticeMutations, onDone);
  // The same zod schema the API validates with: its messages, once each field is fixed, go.
  const form = useSchemaForm(noticeCreateSchema, {
    title: notice?.title ?? '',
    text: notice?.text ?? '',
    category: notice?.category ?? 'urgent',
    active: notice?.active ?? true,
    imageUrl: notice?.imageUrl ?? '',
  });

  const submit = form.onSubmit((values) => {
    const parsed = noticeCreateSchema.parse(values);
    // The edit modal sends the full payload (SPEC section 7); a blank image URL clears it.
    saving.save({ ...parsed, imageUrl: parsed.imageUrl ?? null });
  });

  // Characters as people see them, the way the domain's schema counts them (an emoji is one).
  const textLength = graphemeLength(form.values.text.trim());
  const textTooLong = textLength > NOTICE_TEXT_MAX_LENGTH;

  return (
    <AdminForm onSubmit={submit} saving={saving} onCancel={onDone}>
      <TextInput label="Título" required data-autofocus {...form.getInputProps('title')} />
      <LongTextField
        label="Texto"
        required
        rows={4}
        {...form.getInputProps('text')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        description={
          <Text span size="xs" c={textTooLong ? 'var(--mantine-color-error)' : 'dimmed'}>
            {textLength}/{NOTICE_TEXT_MAX_LENGTH}
          </Text>
        }
      />
      <ChoiceField
        label="Categoria"
        required
        data={CATEGORY_OPTIONS}
        {...form.getInputProps('category')}
      />
      <TextInput
        label="URL da imagem (opcional)"
        type="url"
        placeholder="https://"
        {...form.getInputProps('imageUrl')}
      />
      <Switch label="Ativa" {...form.getInputProps('active', { type: 'checkbox' })} />
    </AdminForm>
  );
}
