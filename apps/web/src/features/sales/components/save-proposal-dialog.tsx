import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  UNITS,
  type Package,
  type Proposal,
  type ProcedureSelection,
  type Unit,
} from '@portal/domain';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useCreateClientMutation } from '../../../api/crm/clients';
import { useCreateProposalMutation, useReviseProposalMutation } from '../../../api/sales/proposals';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';
import { ClientForm } from '../../../components/client-form';
import { ClientPicker, type PickedClient } from '../../crm/components/client-picker';

/**
 * 'Gerar Pacote' in the builder (issue 13): the selection is saved as a proposal for a chosen,
 * or new, client; or, when the builder was opened from a proposal's 'Nova versão'
 * (/montar-pacote?revisar={id}), as that proposal's next version. The builder renders this
 * dialog through save-proposal-dialog-slot.tsx and reads the revision with proposal-revision.ts;
 * everything else about saving lives here.
 */

const asUnit = (value: string | null | undefined): Unit | null =>
  (UNITS as readonly string[]).includes(value ?? '') ? (value as Unit) : null;

export interface SaveProposalDialogProps {
  opened: boolean;
  onClose: () => void;
  pkg: Package | null;
  selection: ProcedureSelection;
  /** Set when saving a new version of this proposal (same client). */
  revising: Proposal | null;
  /** Set when starting a new proposal from this one (a renewal): same client, new number. */
  basedOn?: Proposal | null;
  /** The name the assistant was told, to start a new client's record with. */
  clientName?: string;
  /** The registered client picked in the builder: the proposal is for them unless changed. */
  client?: PickedClient | null;
  /**
   * The procedures of the selection that meet the client's allergies or contraindications
   * (pt-BR sentences), shown before saving.
   */
  warnings?: readonly string[];
  /** The assistant's goal and preferences, one per line: the new client's 'Preferências'. */
  clientPreferences?: string;
  onSaved: (proposal: Proposal) => void;
}

export function SaveProposalDialog({
  opened,
  onClose,
  pkg,
  selection,
  revising,
  basedOn = null,
  clientName,
  client,
  warnings,
  clientPreferences,
  onSaved,
}: SaveProposalDialogProps) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={revising ? 'Salvar nova versão' : 'Gerar proposta'}
      size="lg"
      fullScreen={isPhone}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {opened && pkg ? (
        <SaveProposalBody
          pkg={pkg}
          selection={selection}
          revising={revising}
          basedOn={basedOn}
          clientName={clientName?.trim() ?? ''}
          pickedClient={client ?? null}
          warnings={warnings ?? []}
          clientPreferences={clientPreferences ?? ''}
          onSaved={onSaved}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}

function SaveProposalBody({
  pkg,
  selection,
  revising,
  basedOn,
  clientName,
  pickedClient,
  warnings,
  clientPreferences,
  onSaved,
  onCancel,
}: {
  pkg: Package;
  selection: ProcedureSelection;
  revising: Proposal | null;
  basedOn: Proposal | null;
  clientName: string;
  pickedClient: PickedClient | null;
  warnings: readonly string[];
  clientPreferences: string;
  onSaved: (proposal: Proposal) => void;
  onCancel: () => void;
}) {
  const { user } = useSession();
  const [mode, setMode] = useState<'existing' | 'new'>(
    clientName && !pickedClient ? 'new' : 'existing',
  );
  const [client, setClient] = useState<PickedClient | null>(pickedClient);
  const create = useCreateProposalMutation();
  const revise = useReviseProposalMutation(revising?.id ?? 0);
  const createClient = useCreateClientMutation();
  const saving = create.isPending || revise.isPending || createClient.isPending;
  const failure = create.error ?? revise.error ?? createClient.error;

  const save = (clientId: number) => {
    if (revising) {
      revise.mutate({ package_id: pkg.id, blocks: selection }, { onSuccess: onSaved });
    } else {
      create.mutate(
        { client_id: clientId, package_id: pkg.id, blocks: selection },
        { onSuccess: onSaved },
      );
    }
  };

  const errorText = failure
    ? errorMessage(failure, { fallback: 'Não foi possível salvar a proposta.' })
    : null;

  // Said before saving: the professional confirms a conflicting procedure knowingly (issue 13).
  const warningAlert =
    warnings.length > 0 ? (
      <Alert
        color="orange"
        icon={<IconAlertTriangle aria-hidden />}
        title="Alergias e contraindicações do cliente"
      >
        <Stack gap={4}>
          {warnings.map((warning) => (
            <Text key={warning} size="sm">
              {warning}
            </Text>
          ))}
        </Stack>
      </Alert>
    ) : null;

  const sameClientAs = revising ?? basedOn;
  if (sameClientAs) {
    const client = sameClientAs.client;
    return (
      <Stack gap="md">
        {warningAlert}
        {revising ? (
          <Text>
            A proposta {revising.number} de <strong>{revising.client.full_name}</strong> ganha a
            versão {revising.version + 1} com {pkg.name}. A versão {revising.version} fica como
            substituída.
          </Text>
        ) : (
          <Text>
            Nova proposta para <strong>{client.full_name}</strong> com {pkg.name}, a partir da
            proposta {sameClientAs.number}. A proposta anterior não muda.
          </Text>
        )}
        {errorText ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorText}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button loading={saving} onClick={() => save(client.id)}>
            {revising ? 'Salvar nova versão' : 'Salvar proposta'}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {pkg.name}: a proposta fica salva com os valores de hoje e pode ser enviada ao cliente.
      </Text>
      {warningAlert}
      <SegmentedControl
        value={mode}
        onChange={(value) => setMode(value as 'existing' | 'new')}
        data={[
          { value: 'existing', label: 'Cliente cadastrado' },
          { value: 'new', label: 'Novo cliente' },
        ]}
        aria-label="Cliente da proposta"
      />
      {mode === 'existing' ? (
        <>
          <ClientPicker value={client} onChange={setClient} autoFocus />
          {errorText ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {errorText}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
            <Button loading={saving} disabled={!client} onClick={() => client && save(client.id)}>
              Salvar proposta
            </Button>
          </Group>
        </>
      ) : (
        <ClientForm
          compact
          initialName={clientName}
          initialPreferences={clientPreferences}
          defaultUnit={asUnit(user?.unit)}
          submitting={saving}
          error={errorText}
          submitLabel="Salvar cliente e proposta"
          onCancel={onCancel}
          onSubmit={(value) =>
            createClient.mutate(value, { onSuccess: (created) => save(created.id) })
          }
        />
      )}
    </Stack>
  );
}
