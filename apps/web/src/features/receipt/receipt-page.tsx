import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  PACKAGE_BENEFITS_NOTE,
  RECEIPT_MESSAGES,
  RECEIPT_STORAGE_KEY,
  UNHEALTHY_MARGIN_MESSAGE,
  buildClientCarePayload,
  buildProposalPayload,
  formatBRL,
  formatSaving,
  isSelectionHealthy,
  packageSaving,
  pdfFileName,
  receiptBenefitCards,
  receiptRows,
  receiptSessions,
  receiptStateSchema,
  receiptTotals,
  type ReceiptState,
} from '@portal/domain';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconFileText,
  IconHeartHandshake,
  IconSparkles,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { usePageTitle } from '../../components/use-page-title';
import { ClientModeSwitch, useClientMode } from '../../lib/client-mode';
import { useIsDesktop } from '../../lib/use-is-desktop';
import { useSynergiesQuery, type PdfRequest } from './api';
import { PdfPreviewDialog } from './pdf-preview-dialog';
import { SynergyListDialog } from './synergy-list-dialog';

/**
 * The receipt comes as router state from the builder, or from sessionStorage after a reload.
 * Both are parsed: anything that is not a receipt counts as none.
 */
function readReceiptState(routerState: unknown): ReceiptState | null {
  const fromRouter = receiptStateSchema.safeParse(routerState);
  if (fromRouter.success) return fromRouter.data;
  try {
    const stored = window.sessionStorage.getItem(RECEIPT_STORAGE_KEY);
    if (!stored) return null;
    const fromStorage = receiptStateSchema.safeParse(JSON.parse(stored));
    return fromStorage.success ? fromStorage.data : null;
  } catch {
    return null;
  }
}

/** Today as AAAA-MM-DD in Brazil's clock, the date the server writes in the file name. */
function todayIsoInSaoPaulo(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** SPEC 'Receipt' (/recibo). A public route without a shell, so the page is its own <main>. */
export default function ReceiptPage() {
  usePageTitle('Recibo');
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => readReceiptState(location.state), [location.state]);
  const [clientMode, setClientMode] = useClientMode();

  return (
    <Container component="main" size="lg" py="xl">
      <Group justify="flex-end" mb="md" gap="md">
        {state ? <ClientModeSwitch checked={clientMode} onChange={setClientMode} /> : null}
        <ColorSchemeToggle />
      </Group>
      {state ? (
        <Receipt state={state} clientMode={clientMode} onBack={() => void navigate('/home')} />
      ) : (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="md" ta="center">
            <Title order={1} size="h3">
              {RECEIPT_MESSAGES.noPackage}
            </Title>
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => void navigate(-1)}
            >
              Voltar
            </Button>
          </Stack>
        </Paper>
      )}
    </Container>
  );
}

function Receipt({
  state,
  clientMode,
  onBack,
}: {
  state: ReceiptState;
  /** 'Modo cliente': the screen faces the client, so no margin warning. */
  clientMode: boolean;
  onBack: () => void;
}) {
  const rows = useMemo(() => receiptRows(state.blocks), [state]);
  // Figures are recomputed from the sessions, so the table and its footer always agree.
  const totals = useMemo(() => receiptTotals(state), [state]);
  const healthy = isSelectionHealthy(totals, receiptSessions(state.blocks));
  // Never a negative discount: without a saving the line is left out and the note says what
  // the package gives instead.
  const saving = packageSaving(totals);
  const benefitCards = receiptBenefitCards(rows);
  const procedures = useMemo(
    () => rows.map(({ service }) => ({ id: service.id, name: service.name })),
    [rows],
  );
  const synergies = useSynergiesQuery(procedures);

  const [synergiesOpened, setSynergiesOpened] = useState(false);
  const [pdfRequest, setPdfRequest] = useState<PdfRequest | null>(null);
  const [pdfRequestId, setPdfRequestId] = useState(0);
  const clientName = state.clientPreferences.client_name?.trim() ?? '';
  // On a phone the four columns need ~440 px: sessions and unit value move under the name, so
  // the totals a client looks at are on screen without scrolling sideways.
  const compact = !useIsDesktop();
  const columnCount = compact ? 2 : 4;

  const openPdf = (request: PdfRequest) => {
    setPdfRequestId((id) => id + 1);
    setPdfRequest(request);
  };
  const fileName = pdfRequest
    ? pdfFileName(
        pdfRequest.kind,
        pdfRequest.kind === 'proposal' ? state.package.name : clientName,
        todayIsoInSaoPaulo(),
      )
    : '';

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Recibo
        </Title>
        <Text c="dimmed">
          {state.package.name}
          {clientName ? ` · ${clientName}` : ''}
        </Text>
      </div>

      {healthy || clientMode ? null : (
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden />}>
          {UNHEALTHY_MARGIN_MESSAGE}
        </Alert>
      )}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="receipt-summary">
        <Title order={2} size="h4" id="receipt-summary" mb="sm">
          Resumo do Pacote
        </Title>
        {/* A long name can still widen it: then it scrolls, and the region lets keyboards scroll. */}
        <Table.ScrollContainer
          minWidth={compact ? 0 : 480}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Tabela do resumo do pacote"
        >
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Procedimento</Table.Th>
                {compact ? null : (
                  <>
                    <Table.Th ta="right">Sessões</Table.Th>
                    <Table.Th ta="right">Valor Unitário</Table.Th>
                  </>
                )}
                <Table.Th ta="right">Valor Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columnCount}>
                    <Text c="dimmed" size="sm">
                      Nenhum procedimento selecionado.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((row) => (
                  <Table.Tr key={row.service.id}>
                    {compact ? (
                      <Table.Td>
                        {row.service.name}
                        <Text size="xs" c="dimmed">
                          {row.sessions} × {formatBRL(row.unit)}
                        </Text>
                      </Table.Td>
                    ) : (
                      <>
                        <Table.Td>{row.service.name}</Table.Td>
                        <Table.Td ta="right">{row.sessions}</Table.Td>
                        <Table.Td ta="right">{formatBRL(row.unit)}</Table.Td>
                      </>
                    )}
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatBRL(row.total)}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
            <Table.Tfoot>
              {[
                { label: 'Valor Total Avulso', value: formatBRL(totals.servicesTotalValue) },
                { label: 'Valor do Pacote', value: formatBRL(totals.annual) },
                ...(saving.kind === 'saving'
                  ? [{ label: 'Desconto Gerado', value: formatSaving(saving) }]
                  : []),
                { label: 'Valor Mensal (12x)', value: formatBRL(totals.monthly) },
              ].map(({ label, value }) => (
                <FooterRow key={label} label={label} value={value} labelSpan={columnCount - 1} />
              ))}
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        {saving.kind === 'saving' ? null : (
          <Text size="sm" c="dimmed" mt="sm">
            {PACKAGE_BENEFITS_NOTE}
          </Text>
        )}
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="receipt-benefits">
        <Title order={2} size="h4" id="receipt-benefits" mb="sm">
          Benefícios
        </Title>
        {benefitCards.length === 0 ? (
          <Text c="dimmed">{RECEIPT_MESSAGES.noBenefits}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {benefitCards.map((card) => (
              <Paper key={card.title} withBorder radius="md" p="sm">
                <Text fw={600} mb={4}>
                  {card.title}
                </Text>
                {card.lines.map((line) => (
                  <Text key={line} size="sm">
                    {line}
                  </Text>
                ))}
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Paper>

      <Group gap="sm" wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconSparkles size={16} aria-hidden />}
          onClick={() => setSynergiesOpened(true)}
        >
          Sinergias
        </Button>
        <Button
          leftSection={<IconFileText size={16} aria-hidden />}
          // A receipt kept from before 'Gerar Pacote' needed a procedure may be empty: the
          // server refuses an empty selection (422), so there is nothing to print.
          disabled={rows.length === 0}
          onClick={() =>
            openPdf({ kind: 'proposal', payload: buildProposalPayload(state, synergies.items) })
          }
        >
          Visualizar PDF
        </Button>
        <Button
          variant="light"
          leftSection={<IconHeartHandshake size={16} aria-hidden />}
          disabled={rows.length === 0}
          onClick={() => openPdf({ kind: 'client-care', payload: buildClientCarePayload(state) })}
        >
          PDF Client
        </Button>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={onBack}
        >
          Voltar
        </Button>
      </Group>

      <SynergyListDialog
        opened={synergiesOpened}
        onClose={() => setSynergiesOpened(false)}
        items={synergies.items}
        loading={synergies.isLoading}
      />
      <PdfPreviewDialog
        request={pdfRequest}
        requestId={pdfRequestId}
        fileName={fileName}
        onClose={() => setPdfRequest(null)}
      />
    </Stack>
  );
}

/** A total under the table: its label spans every column but the last, where the value sits. */
function FooterRow({
  label,
  value,
  labelSpan,
}: {
  label: string;
  value: string;
  labelSpan: number;
}) {
  return (
    <Table.Tr>
      <Table.Th colSpan={labelSpan} scope="row">
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={700}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}
