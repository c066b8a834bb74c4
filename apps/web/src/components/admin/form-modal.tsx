import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { MESSAGES } from '@portal/domain';
import {
  Fragment,
  useEffect,
  useRef,
  useState,
  type FormEventHandler,
  type ReactNode,
} from 'react';
import type { ResourceMutations } from '../../lib/resource-mutations';
import { errorMessage } from '../../lib/api-client';
import { useSubmitGuard } from '../form/use-submit-guard';
import { notifySuccess } from './notify';

/**
 * The create/edit modal state of an admin page: which record is edited (null for a new one) and
 * a key that restarts the form from that record's current values at every opening.
 */
export function useFormModal<T>() {
  const [opened, setOpened] = useState(false);
  // Kept after closing so the modal title does not flip during its exit transition.
  const [editing, setEditing] = useState<T | null>(null);
  // A key on the modal itself would remount it already open, and Mantine only remembers the
  // element to give the focus back to when `opened` changes on a mounted modal.
  const [formKey, setFormKey] = useState(0);
  const close = () => setOpened(false);
  return {
    opened,
    editing,
    formKey,
    /** What the page's form modal takes: `<ServiceFormModal {...formModal.props} … />`. */
    props: { opened, formKey, onClose: close },
    open: (record: T | null) => {
      setEditing(record);
      setFormKey((key) => key + 1);
      setOpened(true);
    },
    close,
  };
}

/**
 * The server's refusal at the top of the form, brought into view when it arrives: the person
 * clicked Salvar at the bottom of a long form and is looking there.
 */
export function ServerError({ message }: { message: string | null }) {
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // jsdom has no scrollIntoView; browsers all do.
    if (message) alertRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [message]);
  if (!message) return null;
  return (
    <Alert ref={alertRef} color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      {message}
    </Alert>
  );
}

export interface FormActionsProps {
  pending: boolean;
  onCancel: () => void;
  /** 'Salvar' unless the form names its action ('Adicionar Treinamento'). */
  submitLabel?: string;
  /** Read while saving instead of a spinner ('Salvando...'). */
  pendingLabel?: string;
  /** Saving is not possible yet (the form lacks what it sends). */
  disabled?: boolean;
}

/** Cancelar and Salvar at the end of an admin form; Salvar spins while the request runs. */
export function FormActions({
  pending,
  onCancel,
  submitLabel = 'Salvar',
  pendingLabel,
  disabled = false,
}: FormActionsProps) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancelar
      </Button>
      {pendingLabel === undefined ? (
        <Button type="submit" loading={pending} disabled={disabled}>
          {submitLabel}
        </Button>
      ) : (
        <Button type="submit" disabled={pending || disabled}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      )}
    </Group>
  );
}

/** What every create/edit modal of an admin page takes, besides its record. */
export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  /**
   * A new value per opening restarts the form from the record's current values (useFormModal).
   * A key on the modal itself would remount it already open, and Mantine only remembers the
   * element to give the focus back to when `opened` changes on a mounted modal.
   */
  formKey?: number;
}

export interface AdminFormModalProps extends FormModalProps {
  /** 'Cadastro de Serviço' or 'Editar Serviço'. */
  title: string;
  size?: string;
  /** The form, restarted from its record's current values at every opening. */
  children: ReactNode;
}

/** What a form modal's form is given: its record's form closes the modal once saved. */
export interface FormModalContent {
  /** 'Cadastro de Serviço' or 'Editar Serviço'. */
  title: string;
  size?: string;
  /** The form, given what closes the modal once saved. */
  form: (onDone: () => void) => ReactNode;
}

/**
 * A resource's create/edit modal from its title and form: the modal's opening, closing, focus
 * return and restart at every opening are the kit's; `describe` reads the page's own props.
 */
export function adminFormModal<P extends object>(describe: (props: P) => FormModalContent) {
  return function FormModal({ opened, onClose, formKey, ...props }: P & FormModalProps) {
    const { title, size, form } = describe(props as unknown as P);
    return (
      <AdminFormModal opened={opened} onClose={onClose} formKey={formKey} title={title} size={size}>
        {form(onClose)}
      </AdminFormModal>
    );
  };
}

/** The create/edit dialog of an admin page; Escape, a backdrop click and 'Fechar' close it. */
export function AdminFormModal({
  opened,
  onClose,
  formKey,
  title,
  size = 'lg',
  children,
}: AdminFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Fragment key={formKey}>{children}</Fragment>
    </Modal>
  );
}

/** A resource's texts for a save: the domain's `*_MESSAGES` carry them. */
export interface SaveMessages {
  /** The short confirmations: 'Serviço criado.' and 'Serviço atualizado.'. */
  created: string;
  updated: string;
  /** SPEC's messages when the server sends none of its own. */
  createFailed: string;
  updateFailed: string;
  /** SPEC's text of a 409 the server sent without a message ('Já existe um serviço com esse nome.'). */
  nameTaken?: string;
  titleTaken?: string;
}

export interface RecordSave<TCreate, TUpdate> {
  /** Creates or updates with the same fields; once per intent however fast the clicks. */
  save: (payload: TCreate) => void;
  /** The two ways apart, for a form whose edit sends other fields than its create. */
  create: (payload: TCreate) => void;
  update: (changes: TUpdate) => void;
  pending: boolean;
  /** The server's refusal, for the top of the form. */
  serverError: string | null;
}

/**
 * Create or update of a modal form's record: one request per intent, then its confirmation and
 * the modal closed, or the server's refusal.
 */
export function useSaveRecord<TCreate extends TUpdate, TUpdate>(
  /** The record edited, or null when the form creates one. */
  record: { id: number } | null,
  /** The resource's mutations and their texts (api/<context>/<resource>.ts). */
  resource: Pick<
    ResourceMutations<TCreate, TUpdate, SaveMessages>,
    'useCreate' | 'useUpdate' | 'messages'
  >,
  /** Closes the modal once saved. */
  onDone: () => void,
): RecordSave<TCreate, TUpdate> {
  const guard = useSubmitGuard();
  const { messages } = resource;
  const createMutation = resource.useCreate();
  const updateMutation = resource.useUpdate();
  const id = record?.id ?? null;
  const mutation = id === null ? createMutation : updateMutation;
  const send = (request: () => Promise<unknown>, confirmation: string) =>
    guard(async () => {
      await request();
      notifySuccess(confirmation);
      onDone();
    });
  const create = (payload: TCreate) =>
    send(() => createMutation.mutateAsync(payload), messages.created);
  const update = (changes: TUpdate) => {
    if (id !== null) send(() => updateMutation.mutateAsync({ id, changes }), messages.updated);
  };
  const byStatus: Record<number, string> = { 422: MESSAGES.invalidData };
  const taken = messages.nameTaken ?? messages.titleTaken;
  if (taken) byStatus[409] = taken;
  return {
    save: (payload) => (id === null ? create(payload) : update(payload)),
    create,
    update,
    pending: mutation.isPending,
    serverError: mutation.isError
      ? errorMessage(mutation.error, {
          byStatus,
          fallback: id === null ? messages.createFailed : messages.updateFailed,
        })
      : null,
  };
}

export interface AdminFormProps extends Omit<FormActionsProps, 'pending'> {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** What useSaveRecord tells of the request. */
  saving: { pending: boolean; serverError: string | null };
  /** The form's fields. */
  children: ReactNode;
}

/**
 * The body of an admin form modal: the server's refusal at the top, where the person is looking,
 * the fields, then Cancelar and Salvar. Fields are checked by the form (useSchemaForm), not the
 * browser.
 */
export function AdminForm({ onSubmit, saving, children, ...actions }: AdminFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ServerError message={saving.serverError} />
        {children}
        <FormActions pending={saving.pending} {...actions} />
      </Stack>
    </form>
  );
}
