import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  UNITS,
  type ClinicalIssue,
  type Package,
  type ProcedureSelection,
  type Unit,
} from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useCreateClientMutation } from '../../../api/crm/clients';
import {
  clinicalBlockOf,
  useCreateProposalMutation,
  useReviseProposalMutation,
  type Proposal,
} from '../../../api/sales/proposals';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';
import { ClientForm } from '../../../components/client-form';
import { ClientPicker, type PickedClient } from '../../crm/components/client-picker';
import {
  BlockedIssuesAlert,
  OverrideReasonField,
  RelativeIssuesAlert,
  overrideReasonError,
} from './clinical-override';

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
   * The clinical check's issues of the selection (issue 26): absolute ones are kept only with a
   * recorded reason (`override_reason`), relative ones are read before saving.
   */
  blockedIssues?: readonly ClinicalIssue[];
  warningIssues?: readonly ClinicalIssue[];
  /** A procedure's name for the issues' lines. */
  nameOf?: (serviceId: number) => string;
  /** The reason given in the builder when a blocked procedure was added. */
  overrideReason?: string;
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
  blockedIssues,
  warningIssues,
  nameOf,
  overrideReason,
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
          blockedIssues={blockedIssues ?? []}
          warningIssues={warningIssues ?? []}
          nameOf={nameOf ?? ((id) => `Procedimento ${id}`)}
          overrideReason={overrideReason ?? ''}
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
  blockedIssues,
  warningIssues,
  nameOf,
  overrideReason,
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
  blockedIssues: readonly ClinicalIssue[];
  warningIssues: readonly ClinicalIssue[];
  nameOf: (serviceId: number) => string;
  overrideReason: string;
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
  // The server's 422 CLINICAL_BLOCK: its absolute issues are shown like the builder's and the
  // reason is asked here (a client chosen in this dialog was never checked in the builder).
  const serverBlock = clinicalBlockOf(create.error ?? revise.error);
  const blocks = serverBlock ? serverBlock.warnings : blockedIssues;
  const [reason, setReason] = useState(overrideReason);
  const [triedReason, setTriedReason] = useState(false);
  const needsReason = blocks.length > 0 || serverBlock !== null;

  const save = (clientId: number) => {
    setTriedReason(true);
    if (needsReason && overrideReasonError(reason) !== null) return;
    const override = needsReason ? { override_reason: reason.trim() } : {};
    if (revising) {
      revise.mutate({ package_id: pkg.id, blocks: selection, ...override }, { onSuccess: onSaved });
    } else {
      create.mutate(
        { client_id: clientId, package_id: pkg.id, blocks: selection, ...override },
        { onSuccess: onSaved },
      );
    }
  };

  const errorText =
    failure && !serverBlock
      ? errorMessage(failure, { fallback: 'Não foi possível salvar a proposta.' })
      : null;

  // Said before saving: the professional keeps a contraindicated procedure knowingly, with a
  // reason, and reads the relative warnings (issue 26).
  const warningAlert = (
    <>
      {needsReason ? (
        <Stack gap="sm">
          <BlockedIssuesAlert
            issues={blocks}
            nameOf={nameOf}
            title={serverBlock ? serverBlock.message : 'Contraindicação absoluta'}
          />
          <OverrideReasonField
            value={reason}
            onChange={setReason}
            showError={triedReason || serverBlock !== null}
          />
        </Stack>
      ) : null}
      <RelativeIssuesAlert issues={warningIssues} nameOf={nameOf} />
    </>
  );

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
