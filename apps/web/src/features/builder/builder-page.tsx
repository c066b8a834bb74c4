import { Alert, Button, Grid, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  SERVICE_BLOCKS,
  blockLimitsFor,
  canGenerate,
  clickProcedure,
  computePackageTotals,
  emptySelection,
  isSelectionHealthy,
  normalizeForComparison,
  reaisToCentavos,
  receiptSessions,
  selectedServicesByBlock,
  selectionCounts,
  visibleServices,
  type BuilderStep,
  type Package,
  type ProcedureSelection,
  type ReceiptClientPreferences,
  type Service,
} from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ProcedureDetailDialogSlot } from '../../components/procedure-detail-dialog-slot';
import { SaveProposalDialog, useProposalRevision } from '../../components/save-proposal-dialog';
import { usePageTitle } from '../../components/use-page-title';
import { useIsDesktop } from '../../lib/use-is-desktop';
import { useActiveServicesQuery } from './api';
import { AssistantDialogSlot } from './assistant-slot';
import { BuilderHeader } from './builder-header';
import { PackagePicker } from './package-picker';
import { PackageSummaryBar, PackageSummaryPanel } from './package-summary';
import { ProcedureBlock } from './procedure-block';

const NO_SERVICES: Service[] = [];

/** SPEC 'Package builder' at /montar-pacote: pick a package, choose sessions per block, generate. */
export default function BuilderPage() {
  usePageTitle('Montar pacote');
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  const servicesQuery = useActiveServicesQuery();
  const catalogue = servicesQuery.data ?? NO_SERVICES;

  const [step, setStep] = useState<BuilderStep>('packages');
  const [pkg, setPkg] = useState<Package | null>(null);
  const [selection, setSelection] = useState<ProcedureSelection>(emptySelection);
  const [clientPreferences, setClientPreferences] = useState<ReceiptClientPreferences>({});
  const [search, setSearch] = useState('');
  const [assistantOpened, setAssistantOpened] = useState(false);
  const [detail, setDetail] = useState<Service | null>(null);
  const [saveOpened, setSaveOpened] = useState(false);
  // 'Nova versão' of a proposal opens the builder with its package and selection.
  const revising = useProposalRevision(
    useCallback((revisedPkg: Package, revisedSelection: ProcedureSelection) => {
      setPkg(revisedPkg);
      setSelection(revisedSelection);
      setStep('services');
    }, []),
  );

  const limits = useMemo(() => blockLimitsFor(pkg), [pkg]);
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
  const generateEnabled = canGenerate(step, pkg, selection, limits);

  const query = normalizeForComparison(search);
  const matchesSearch = (service: Service) =>
    query === '' || normalizeForComparison(service.name).includes(query);

  const pickPackage = (chosen: Package) => {
    // SPEC: choosing a package clears every selection and moves to the procedures step.
    setPkg(chosen);
    setSelection(emptySelection());
    setSearch('');
    setStep('services');
  };

  const toggleProcedure = (service: Service) =>
    setSelection((current) => clickProcedure(current, service, limits));

  const applyRecommendations = (
    recommended: ProcedureSelection,
    preferences: ReceiptClientPreferences,
  ) => {
    setSelection(recommended);
    setClientPreferences(preferences);
    setSearch('');
    setStep('services');
    setAssistantOpened(false);
  };

  // 'Gerar Pacote' saves a proposal (issue 13); its page replaces the session-only receipt.
  const generate = () => {
    if (!pkg || !generateEnabled) return;
    setSaveOpened(true);
  };

  const summaryProps = {
    pkg,
    counts: selectionCounts(selection),
    limits,
    totals,
    healthy,
    canGenerate: generateEnabled,
    onGenerate: generate,
  };

  let content;
  if (step === 'packages') {
    content = <PackagePicker selectedId={pkg?.id ?? null} search={search} onPick={pickPackage} />;
  } else if (servicesQuery.isPending) {
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
        {SERVICE_BLOCKS.map((block) => (
          <ProcedureBlock
            key={block}
            block={block}
            services={visibleServices(catalogue, pkg, block).filter(matchesSearch)}
            selection={selection}
            limits={limits}
            searching={query !== ''}
            onToggle={toggleProcedure}
            onShowDetails={setDetail}
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
              step={step}
              search={search}
              onSearchChange={setSearch}
              hasPackage={pkg !== null}
              onPersonalize={() => setAssistantOpened(true)}
              onChangePackage={() => {
                setSearch('');
                setStep('packages');
              }}
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
      <SaveProposalDialog
        opened={saveOpened}
        onClose={() => setSaveOpened(false)}
        pkg={pkg}
        selection={selection}
        revising={revising}
        clientName={clientPreferences.client_name}
        onSaved={(proposal) => void navigate(`/propostas/${proposal.id}`)}
      />
      <AssistantDialogSlot
        opened={assistantOpened}
        onClose={() => setAssistantOpened(false)}
        pkg={pkg}
        services={allowedServices}
        limits={limits}
        onApply={applyRecommendations}
      />
    </>
  );
}
