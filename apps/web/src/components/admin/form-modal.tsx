import { Alert, Button, Group, Modal } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

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

/** The server's refusal, at the top of the form where the person is looking. */
export function ServerError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
      {message}
    </Alert>
  );
}

/** Cancelar and Salvar at the end of an admin form; Salvar spins while the request runs. */
export function FormActions({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancelar
      </Button>
      <Button type="submit" loading={pending}>
        Salvar
      </Button>
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

/** The create/edit dialog of an admin page; Escape, a backdrop click and 'Fechar' close it. */
export function AdminFormModal({
  opened,
  onClose,
  title,
  size = 'lg',
  children,
}: Omit<FormModalProps, 'formKey'> & { title: string; size?: string; children: ReactNode }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {children}
    </Modal>
  );
}
