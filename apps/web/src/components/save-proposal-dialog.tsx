import {
  Alert,
  Button,
  Combobox,
  Group,
  InputBase,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  formatCpf,
  UNITS,
  type ClientSummary,
  type Package,
  type Proposal,
  type ProcedureSelection,
  type Unit,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { clientListQuery, useCreateClientMutation } from '../api/clients';
import {
  packageForRevisionQuery,
  proposalQuery,
  useCreateProposalMutation,
  useReviseProposalMutation,
} from '../api/proposals';
import { errorMessage } from '../lib/api-client';
import { useSession } from '../lib/use-session';
import { ClientForm } from './client-form';

/**
 * 'Gerar Pacote' in the builder (issue 13): the selection is saved as a proposal for a chosen,
 * or new, client; or, when the builder was opened from a proposal's 'Nova versão'
 * (/montar-pacote?revisar={id}), as that proposal's next version. The builder renders this
 * dialog and the hook below; everything else about saving lives here.
 */

export const REVISION_PARAM = 'revisar';

/** The proposal the builder is revising (from ?revisar=), with its package and selection. */
export function useProposalRevision(onSeed: (pkg: Package, selection: ProcedureSelection) => void) {
  const [params] = useSearchParams();
  const revisingId = Number(params.get(REVISION_PARAM)) || null;
  const proposal = useQuery({ ...proposalQuery(revisingId ?? 0), enabled: revisingId !== null });
  const pkg = useQuery({
    ...packageForRevisionQuery(proposal.data?.package.id ?? 0),
    enabled: proposal.data !== undefined,
  });
  const [seeded, setSeeded] = useState<number | null>(null);
  useEffect(() => {
    if (!proposal.data || !pkg.data || seeded === proposal.data.id) return;
    const selection: ProcedureSelection = { A: [], B: [], C: [], D: [] };
    for (const item of proposal.data.items) {
      for (let session = 0; session < item.sessions; session += 1) {
        selection[item.block].push(item.service_id);
      }
    }
    setSeeded(proposal.data.id);
    onSeed(pkg.data, selection);
  }, [proposal.data, pkg.data, seeded, onSeed]);
  return proposal.data ?? null;
}

/** A client as the builder keeps it: enough to show and to save the proposal for. */
export type PickedClient = Pick<ClientSummary, 'id' | 'full_name'>;

const asUnit = (value: string | null | undefined): Unit | null =>
  (UNITS as readonly string[]).includes(value ?? '') ? (value as Unit) : null;

export interface SaveProposalDialogProps {
  opened: boolean;
  onClose: () => void;
  pkg: Package | null;
  selection: ProcedureSelection;
  /** Set when saving a new version of this proposal (same client). */
  revising: Proposal | null;
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

  if (revising) {
    return (
      <Stack gap="md">
        {warningAlert}
        <Text>
          A proposta {revising.number} de <strong>{revising.client.full_name}</strong> ganha a
          versão {revising.version + 1} com {pkg.name}. A versão {revising.version} fica como
          substituída.
        </Text>
        {errorText ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorText}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button loading={saving} onClick={() => save(revising.client.id)}>
            Salvar nova versão
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

/** Searches the clients on the server as the name, phone or CPF is typed. */
export function ClientPicker({
  value,
  onChange,
  autoFocus = false,
  label = 'Cliente',
  placeholder = 'Buscar por nome, telefone ou CPF',
}: {
  value: PickedClient | null;
  onChange: (client: ClientSummary | null) => void;
  /** Takes the focus when its dialog opens. */
  autoFocus?: boolean;
  label?: string;
  placeholder?: string;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState(value?.full_name ?? '');
  const [debounced] = useDebouncedValue(search, 250);
  const clients = useQuery({ ...clientListQuery(debounced, 20), enabled: combobox.dropdownOpened });
  // Only an answer to the text as typed is offered: a list still showing an earlier search
  // (debounce, or the previous page kept while fetching) let a quick ArrowDown + Enter pick
  // another client than the one typed.
  const answersTyped = debounced === search && !clients.isPlaceholderData;
  const options = answersTyped
    ? (clients.data ?? []).filter((client) => client.anonymized_at === null)
    : [];

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const chosen = options.find((client) => String(client.id) === id) ?? null;
        onChange(chosen);
        setSearch(chosen?.full_name ?? '');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={label}
          data-autofocus={autoFocus || undefined}
          placeholder={placeholder}
          value={search}
          rightSection={
            clients.isFetching ? <Loader size="xs" aria-hidden /> : <Combobox.Chevron />
          }
          rightSectionPointerEvents="none"
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            onChange(null);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          // Not on focus: the dialog focuses this field while it is still animating in, and a list
          // opened then is placed against the field's half-scaled box (off the phone's screen).
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
          {options.length === 0 ? (
            <Combobox.Empty>
              {!answersTyped || clients.isPending ? 'Buscando...' : 'Nenhum cliente encontrado.'}
            </Combobox.Empty>
          ) : (
            options.map((client) => (
              <Combobox.Option value={String(client.id)} key={client.id}>
                <Text size="sm" fw={500}>
                  {client.full_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {[client.phone, client.cpf ? formatCpf(client.cpf) : null, client.unit]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
