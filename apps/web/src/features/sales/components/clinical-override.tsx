import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { ClinicalIssue } from '@portal/domain';
import { IconAlertTriangle, IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { OVERRIDE_REASON_MAX, OVERRIDE_REASON_MIN } from '../../../api/sales/proposals';

/**
 * Keeping a contraindicated procedure (issue 26): never silent. The builder asks the reason when
 * such a procedure is added, and the save dialog asks it again when the server answers 422
 * CLINICAL_BLOCK; the proposal and the audit trail keep it (`override_reason`).
 */

export const OVERRIDE_REASON_LABEL = 'Motivo para manter o procedimento';
export const OVERRIDE_REASON_HINT =
  'Registrado na proposta e na auditoria, com seu nome e a data (10 a 500 caracteres).';

/** '{procedure}: {message}', unless the server's message already starts with the name. */
export function withName(name: string, message: string): string {
  return message.startsWith(name) ? message : `${name}: ${message}`;
}

/** The reason's error text, or null when it may be sent. */
export function overrideReasonError(reason: string): string | null {
  const length = reason.trim().length;
  if (length < OVERRIDE_REASON_MIN)
    return `Registre o motivo (ao menos ${OVERRIDE_REASON_MIN} caracteres).`;
  if (length > OVERRIDE_REASON_MAX)
    return `O motivo deve ter no máximo ${OVERRIDE_REASON_MAX} caracteres.`;
  return null;
}

/** The absolute issues, each with its procedure's name: what blocks and why. */
export function BlockedIssuesAlert({
  issues,
  nameOf,
  title = 'Contraindicação absoluta',
}: {
  issues: readonly ClinicalIssue[];
  nameOf: (serviceId: number) => string;
  title?: string;
}) {
  return (
    <Alert color="red" icon={<IconBan aria-hidden />} title={title} role="alert">
      <List size="sm" spacing={4}>
        {issues.map((issue) => (
          <List.Item key={`${issue.service_id}:${issue.condition}:${issue.code}`}>
            {withName(nameOf(issue.service_id), issue.message)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The relative issues of a selection: warnings the professional reads before saving. */
export function RelativeIssuesAlert({
  issues,
  nameOf,
}: {
  issues: readonly ClinicalIssue[];
  nameOf: (serviceId: number) => string;
}) {
  if (issues.length === 0) return null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title="Avisos clínicos">
      <List size="sm" spacing={4}>
        {issues.map((issue) => (
          <List.Item key={`${issue.service_id}:${issue.condition}:${issue.code}`}>
            {withName(nameOf(issue.service_id), issue.message)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The reason field, checked as typed once the person tried to confirm. */
export function OverrideReasonField({
  value,
  onChange,
  showError,
}: {
  value: string;
  onChange: (value: string) => void;
  showError: boolean;
}) {
  const error = showError ? overrideReasonError(value) : null;
  return (
    <Textarea
      label={OVERRIDE_REASON_LABEL}
      description={OVERRIDE_REASON_HINT}
      required
      rows={3}
      maxLength={OVERRIDE_REASON_MAX}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

export interface ClinicalOverrideDialogProps {
  /** The procedure being added, with its absolute issues; null when closed. */
  pending: { name: string; issues: readonly ClinicalIssue[] } | null;
  /** The reason given earlier in this sale, to start from. */
  initialReason: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** 'Adicionar mesmo assim?': the builder's question when a blocked procedure is added. */
export function ClinicalOverrideDialog({
  pending,
  initialReason,
  onConfirm,
  onCancel,
}: ClinicalOverrideDialogProps) {
  return (
    <Modal
      opened={pending !== null}
      onClose={onCancel}
      title="Procedimento contraindicado"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {pending ? (
        <OverrideBody
          pending={pending}
          initialReason={initialReason}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      ) : null}
    </Modal>
  );
}

function OverrideBody({
  pending,
  initialReason,
  onConfirm,
  onCancel,
}: {
  pending: { name: string; issues: readonly ClinicalIssue[] };
  initialReason: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState(initialReason);
  const [tried, setTried] = useState(false);
  const confirm = () => {
    setTried(true);
    if (overrideReasonError(reason) === null) onConfirm(reason.trim());
  };
  return (
    <Stack gap="md">
      <BlockedIssuesAlert issues={pending.issues} nameOf={() => pending.name} />
      <Text size="sm">
        Para adicionar <strong>{pending.name}</strong> mesmo assim, registre o motivo.
      </Text>
      <OverrideReasonField value={reason} onChange={setReason} showError={tried} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button color="red.9" onClick={confirm}>
          Adicionar com justificativa
        </Button>
      </Group>
    </Stack>
  );
}
