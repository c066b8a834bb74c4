import { Alert, Button, Grid, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  BUILDER_DRAFT_STORAGE_KEY,
  SERVICE_BLOCKS,
  blockLimitsFor,
  clickProcedure,
  computePackageTotals,
  emptyBuilderDraft,
  emptySelection,
  generateBlockedReason,
  isSelectionHealthy,
  listedBlocks,
  normalizeForComparison,
  parseBuilderDraft,
  reaisToCentavos,
  receiptSessions,
  removeOneSession,
  selectedServicesByBlock,
  selectionCounts,
  visibleServices,
  type BuilderDraft,
  type ClinicalIssue,
  type Package,
  type ProcedureSelection,
  type ReceiptClientPreferences,
  type Service,
} from '@portal/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useClinicalCheckQuery } from '../../../api/sales/clinical';
import { ProcedureDetailDialogSlot } from '../../catalogue/components/procedure-detail-dialog-slot';
import {
  BlockedIssuesAlert,
  ClinicalOverrideDialog,
  RelativeIssuesAlert,
} from '../components/clinical-override';
import { useProposalPrefill, useProposalRevision } from '../components/proposal-revision';
import { SaveProposalDialogSlot } from '../components/save-proposal-dialog-slot';
import { usePageTitle } from '../../../components/use-page-title';
import { useClientMode } from '../../../lib/client-mode';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { useActivePackagesQuery, useActiveServicesQuery } from './api';
import { AssistantDialogSlot } from './assistant-slot';
import { BuilderHeader } from './builder-header';
import { PackagePicker } from './package-picker';
import { PackageSummaryBar, PackageSummaryPanel } from './package-summary';
import { ProcedureBlock } from './procedure-block';

const NO_SERVICES: Service[] = [];
const NO_ISSUES: ClinicalIssue[] = [];
/** Quiet time after the last change of client or cart before the clinical check is asked. */
const CHECK_DEBOUNCE_MS = 300;

/** The sale in progress, as the tab kept it (builder-draft.ts says why sessionStorage). */
function readBuilderDraft(): BuilderDraft {
  try {
    const stored = window.sessionStorage.getItem(BUILDER_DRAFT_STORAGE_KEY);
    return parseBuilderDraft(stored ? JSON.parse(stored) : null);
  } catch {
    return emptyBuilderDraft();
  }
}

function saveBuilderDraft(draft: BuilderDraft): void {
  try {
    window.sessionStorage.setItem(BUILDER_DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Blocked storage: the sale lasts as long as the page.
  }
}

/**
 * What the assistant learnt, one item per line, for a new client's 'Preferências': the proposals
 * API keeps no free text, and the client-care PDF reads the client record.
 */
function assistantPreferencesText({
  goal,
  preferences,
}: BuilderDraft['clientPreferences']): string {
  return [goal?.trim() ? `Objetivo: ${goal.trim()}` : '', preferences?.trim() ?? '']
    .filter(Boolean)
    .join('\n');
}

/** SPEC 'Package builder' at /montar-pacote: pick a package, choose sessions per block, generate. */
export default function BuilderPage() {
  // A list's arrival is drawn as a transition, in slices. useQuery alone (a store React reads
  // synchronously) drew the whole page in one task per list: 21–28 ms after the first screen,
  // four times that on the mobile CPU budget (docs/decisions/0025-first-screen-requests.md).
  // The synchronous render gets the previous value, and BuilderScreen's memo skips it.
  const servicesQuery = useDeferredValue(useActiveServicesQuery());
  const packagesQuery = useDeferredValue(useActivePackagesQuery());
  return <BuilderScreen servicesQuery={servicesQuery} packagesQuery={packagesQuery} />;
}

interface BuilderScreenProps {
  servicesQuery: UseQueryResult<Service[]>;
  packagesQuery: UseQueryResult<Package[]>;
}

const BuilderScreen = memo(function BuilderScreen({
  servicesQuery,
  packagesQuery,
}: BuilderScreenProps) {
  usePageTitle('Montar pacote');
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const catalogue = servicesQuery.data ?? NO_SERVICES;
  const [clientMode, setClientMode] = useClientMode();

  // Package, sessions and the client's name survive Back/Forward, a reload and the receipt.
  const [draft, setDraft] = useState<BuilderDraft>(readBuilderDraft);
  useEffect(() => saveBuilderDraft(draft), [draft]);
  const { step, packageId, selection, clientName, clientId } = draft;
  const update = (change: Partial<BuilderDraft>) =>
    setDraft((current) => ({ ...current, ...change }));

  const activePackages = packagesQuery.data;
  const pkg = useMemo(
    () => activePackages?.find((candidate) => candidate.id === packageId) ?? null,
    [activePackages, packageId],
  );
  // A kept package that is no longer active: start again from the package grid.
  const packageGone = activePackages !== undefined && packageId !== null && pkg === null;
  useEffect(() => {
    if (packageGone) {
      setDraft((current) => ({
        ...current,
        packageId: null,
        step: 'packages',
        selection: emptySelection(),
      }));
    }
  }, [packageGone]);

  const [search, setSearch] = useState('');
  const [assistantOpened, setAssistantOpened] = useState(false);
  const [detail, setDetail] = useState<Service | null>(null);
  const [saveOpened, setSaveOpened] = useState(false);
  // 'Nova versão' of a proposal opens the builder with its package and selection.
  // 'Nova proposta' of a renewal opens it the same way, to save a new proposal for that client.
  // The proposal's client comes with it, so the clinical check holds while revising (issue 26).
  const seedFromProposal = useCallback(
    (
      seedPkg: Package,
      seedSelection: ProcedureSelection,
      seedClient: { id: number; full_name: string },
    ) => {
      setDraft((current) => ({
        ...current,
        packageId: seedPkg.id,
        selection: seedSelection,
        step: 'services',
        clientId: seedClient.id,
        clientName: seedClient.full_name,
      }));
    },
    [],
  );
  const revising = useProposalRevision(seedFromProposal);
  const basedOn = useProposalPrefill(seedFromProposal);

  const limits = useMemo(() => blockLimitsFor(pkg), [pkg]);
  const blocks = listedBlocks(limits);
  const allowedServices = useMemo(
    () => SERVICE_BLOCKS.flatMap((block) => visibleServices(catalogue, pkg, block)),
    [catalogue, pkg],
  );
  const sessions = useMemo(
    () => receiptSessions(selectedServicesByBlock(selection, catalogue)),
    [selection, catalogue],
  );
  const totals = computePackageTotals(reaisToCentavos(pkg?.annual_value ?? 0), sessions);
  const healthy = isSelectionHealthy(totals, sessions);
  const blockedReason = generateBlockedReason(pkg, selection, limits);

  // The chosen client's record against every card of the package and the cart (issue 26): the
  // server's one clinical check (POST /clinical/check), asked once the client and the cart have
  // been still for a moment. The check is per procedure, so the cards' ids cover the cart; a
  // procedure kept in the cart that the package no longer lists is added to them.
  const selectedIds = useMemo(
    () => new Set(SERVICE_BLOCKS.flatMap((block) => selection[block])),
    [selection],
  );
  // Only the procedures step shows cards: the package grid asks nothing.
  const checkKey = useMemo(() => {
    if (step !== 'services' || pkg === null) return `${clientId ?? ''}|`;
    const ids = new Set([...allowedServices.map((service) => service.id), ...selectedIds]);
    return `${clientId ?? ''}|${[...ids].sort((a, b) => a - b).join(',')}`;
  }, [allowedServices, selectedIds, clientId, step, pkg]);
  const [debouncedKey] = useDebouncedValue(checkKey, CHECK_DEBOUNCE_MS);
  const [checkClient, checkIdsText] = debouncedKey.split('|') as [string, string];
  const check = useClinicalCheckQuery(
    checkClient === '' ? null : Number(checkClient),
    checkIdsText === '' ? [] : checkIdsText.split(',').map(Number),
  );
  // An answer for another client (the debounce not yet over) is not shown.
  const checkIssues =
    clientId !== null && checkClient === String(clientId)
      ? (check.data?.warnings ?? NO_ISSUES)
      : NO_ISSUES;
  const issues = useMemo(() => {
    const byId = new Map<number, ClinicalIssue[]>();
    for (const issue of checkIssues) {
      byId.set(issue.service_id, [...(byId.get(issue.service_id) ?? []), issue]);
    }
    return byId;
  }, [checkIssues]);
  const selectedIssues = checkIssues.filter((issue) => selectedIds.has(issue.service_id));
  const selectedBlocks = selectedIssues.filter((issue) => issue.severity === 'absolute');
  const selectedWarnings = selectedIssues.filter((issue) => issue.severity === 'relative');
  const nameOf = (serviceId: number) =>
    catalogue.find((service) => service.id === serviceId)?.name ?? `Procedimento ${serviceId}`;

  // Adding a blocked procedure asks the reason first; one reason covers the sale's overrides.
  const [overrideReason, setOverrideReason] = useState('');
  const [pendingOverride, setPendingOverride] = useState<Service | null>(null);

  const query = normalizeForComparison(search);
  const matchesSearch = (service: Service) =>
    query === '' || normalizeForComparison(service.name).includes(query);

  const pickPackage = (chosen: Package) => {
    // SPEC: choosing a package clears every selection and moves to the procedures step.
    update({ packageId: chosen.id, selection: emptySelection(), step: 'services' });
    setSearch('');
  };

  const addProcedure = (service: Service) =>
    setDraft((current) => ({
      ...current,
      selection: clickProcedure(current.selection, service, limits),
    }));

  const toggleProcedure = (service: Service) => {
    const blocked = (issues.get(service.id) ?? []).some((issue) => issue.severity === 'absolute');
    if (blocked && !selectedIds.has(service.id)) setPendingOverride(service);
    else addProcedure(service);
  };

  const removeSession = (service: Service) =>
    setDraft((current) => ({
      ...current,
      selection: removeOneSession(current.selection, service),
    }));

  const applyRecommendations = (
    recommended: ProcedureSelection,
    preferences: ReceiptClientPreferences,
  ) => {
    const { client_name: assistantName, ...rest } = preferences;
    setDraft((current) => ({
      ...current,
      selection: recommended,
      clientPreferences: rest,
      // The name typed in the builder wins; the assistant's fills a blank field.
      clientName: current.clientName.trim() === '' ? (assistantName ?? '') : current.clientName,
      step: 'services',
    }));
    setSearch('');
    setAssistantOpened(false);
  };

  // 'Gerar Pacote' saves a proposal (issue 13); its page replaces the session-only receipt.
  const generate = () => {
    if (!pkg || blockedReason !== null) return;
    setSaveOpened(true);
  };

  // 'Nova venda' starts the header afresh too (the client picker keeps what was typed in it).
  const [saleKey, setSaleKey] = useState(0);
  const startNewSale = () => {
    setDraft(emptyBuilderDraft());
    setSaleKey((key) => key + 1);
    setSearch('');
    setOverrideReason('');
  };

  const summaryProps = {
    pkg,
    counts: selectionCounts(selection),
    limits,
    blocks,
    totals,
    healthy,
    clientMode,
    blockedReason,
    onGenerate: generate,
  };

  let content;
  if (step === 'packages') {
    content = (
      <PackagePicker
        packagesQuery={packagesQuery}
        selectedId={pkg?.id ?? null}
        search={search}
        onPick={pickPackage}
      />
    );
  } else if (servicesQuery.isPending || (packageId !== null && packagesQuery.isPending)) {
    content = (
      <SimpleGrid
        cols={{ base: 1, xs: 2, lg: 3 }}
        aria-busy="true"
        aria-label="Carregando procedimentos"
      >
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <Skeleton key={index} h={96} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (servicesQuery.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Não foi possível carregar os procedimentos.</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => void servicesQuery.refetch()}
          >
            Tentar novamente
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    content = (
      <Stack gap="xl">
        {selectedBlocks.length > 0 ? (
          <BlockedIssuesAlert
            issues={selectedBlocks}
            nameOf={nameOf}
            title="Contraindicação absoluta na seleção (mantida com justificativa)"
          />
        ) : null}
        <RelativeIssuesAlert issues={selectedWarnings} nameOf={nameOf} />
        {/* A block the package gives no session is not listed (issue 15). */}
        {blocks.map((block) => (
          <ProcedureBlock
            key={block}
            block={block}
            services={visibleServices(catalogue, pkg, block).filter(matchesSearch)}
            selection={selection}
            limits={limits}
            searching={query !== ''}
            clientMode={clientMode}
            onToggle={toggleProcedure}
            onRemoveSession={removeSession}
            onShowDetails={setDetail}
            issues={issues}
          />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 8, lg: 9 }}>
          <Stack gap="lg">
            <BuilderHeader
              key={saleKey}
              step={step}
              search={search}
              onSearchChange={setSearch}
              hasPackage={pkg !== null}
              onPersonalize={() => setAssistantOpened(true)}
              onChangePackage={() => {
                setSearch('');
                update({ step: 'packages' });
              }}
              clientName={clientName}
              onClientNameChange={(name) => update({ clientName: name })}
              client={clientId !== null ? { id: clientId, full_name: clientName } : null}
              onClientChange={(picked) =>
                setDraft((current) =>
                  picked
                    ? { ...current, clientId: picked.id, clientName: picked.full_name }
                    : current.clientId === null
                      ? current
                      : { ...current, clientId: null, clientName: '' },
                )
              }
              clientMode={clientMode}
              onClientModeChange={setClientMode}
              onNewSale={startNewSale}
            />
            {content}
          </Stack>
        </Grid.Col>
        {isDesktop ? (
          <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
            <PackageSummaryPanel {...summaryProps} />
          </Grid.Col>
        ) : null}
      </Grid>
      {isDesktop ? null : <PackageSummaryBar {...summaryProps} />}

      <ProcedureDetailDialogSlot
        preload={step === 'services'}
        procedure={detail}
        onClose={() => setDetail(null)}
      />
      <SaveProposalDialogSlot
        preload={step === 'services'}
        opened={saveOpened}
        onClose={() => setSaveOpened(false)}
        pkg={pkg}
        selection={selection}
        revising={revising}
        basedOn={basedOn}
        clientName={clientName.trim() === '' ? undefined : clientName.trim()}
        client={clientId !== null ? { id: clientId, full_name: clientName } : null}
        blockedIssues={selectedBlocks}
        warningIssues={selectedWarnings}
        nameOf={nameOf}
        overrideReason={overrideReason}
        clientPreferences={assistantPreferencesText(draft.clientPreferences)}
        onSaved={(proposal) => {
          // The sale is stored: the builder starts clean for the next client, and Back from the
          // proposal shows that clean builder, so one client's name never greets the next one
          // ('Nova versão' on the proposal page reopens its selection on purpose).
          saveBuilderDraft(emptyBuilderDraft());
          setDraft(emptyBuilderDraft());
          void navigate(`/propostas/${proposal.id}`);
        }}
      />
      <ClinicalOverrideDialog
        pending={
          pendingOverride
            ? {
                name: pendingOverride.name,
                issues: (issues.get(pendingOverride.id) ?? []).filter(
                  (issue) => issue.severity === 'absolute',
                ),
              }
            : null
        }
        initialReason={overrideReason}
        onCancel={() => setPendingOverride(null)}
        onConfirm={(reason) => {
          setOverrideReason(reason);
          if (pendingOverride) addProcedure(pendingOverride);
          setPendingOverride(null);
        }}
      />
      <AssistantDialogSlot
        opened={assistantOpened}
        onClose={() => setAssistantOpened(false)}
        pkg={pkg}
        services={allowedServices}
        limits={limits}
        clientId={clientId}
        clientMode={clientMode}
        onApply={applyRecommendations}
      />
    </>
  );
});
