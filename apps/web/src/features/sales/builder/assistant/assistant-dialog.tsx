import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import {
  AI_MESSAGES,
  MESSAGES,
  parseAiItemsText,
  selectionFromRecommendations,
  type AiWarning,
  type AiWarningCode,
  type BlockLimits,
  type ChatMessage,
  type ClinicalIssue,
  type Package,
  type ProcedureSelection,
  type ReceiptClientPreferences,
  type Service,
  type ServiceBlock,
} from '@portal/domain';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconBan,
  IconBulb,
  IconMicrophone,
  IconPlayerStopFilled,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import {
  requestChat,
  requestRecommendations,
  useCatalogueStatus,
  type BlockedProcedure,
  type ClinicalAnswer,
} from '../../../../api/sales/assistant';
import { useDictation } from './use-dictation';

export interface AssistantDialogProps {
  opened: boolean;
  /** Closing resets everything (SPEC section 4). */
  onClose: () => void;
  pkg: Package | null;
  /** Active services the package allows. */
  services: Service[];
  limits: BlockLimits;
  /** The registered client the sale is for: conflicting procedures are left out (issue 13). */
  clientId?: number | null;
  /** 'Modo cliente': no internal figure (margin, cost, profit) is shown, here either. */
  clientMode?: boolean;
  /** 'Aplicar Recomendações': the items per block (cut to the limits) and what the client said. */
  onApply: (selection: ProcedureSelection, clientPreferences: ReceiptClientPreferences) => void;
}

/**
 * SPEC 'AI package assistant'. The body lives inside the modal, so closing it unmounts the body:
 * fields, results and conversation are gone, the request in flight is aborted and dictation
 * stops.
 */
export function AssistantDialog(props: AssistantDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Assistente de pacote (IA)"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <AssistantBody {...props} />
    </Modal>
  );
}

type Field = 'goal' | 'preferences';
const HISTORY_MAX = 20;

interface Suggestion {
  service_id: number;
  block: ServiceBlock;
  name: string;
  reason: string;
  benefit?: string;
}

interface Analysis {
  items: Suggestion[];
  summary: string | null;
  /** What the professional must know about the client's request (budget first). */
  notices: AiWarning[];
  /** Problems that did not stop the answer (the chat failed, its JSON was wrong). */
  warnings: string[];
  /** 'Entendi: …': what the server read, so the professional can correct the request. */
  understood: string | null;
  /** The relative clinical issues of the items, by procedure. */
  issues: ReadonlyMap<number, ClinicalIssue[]>;
  /** What was left out and why. */
  blocked: BlockedProcedure[];
  /** The honest answer when nothing can be offered safely (and no item is shown). */
  noAnswer: string | null;
}

/** The clinical part of the answers (issue 26): the recommendation's wins, the chat's fills in. */
function clinicalPart(
  ...answers: ReadonlyArray<ClinicalAnswer | undefined>
): Pick<Analysis, 'understood' | 'issues' | 'blocked' | 'noAnswer'> {
  const issues = new Map<number, ClinicalIssue[]>();
  const blocked = new Map<number, BlockedProcedure>();
  let understood: string | null = null;
  let noAnswer: string | null = null;
  for (const answer of answers) {
    if (!answer) continue;
    understood ??= answer.understood?.trim() || null;
    noAnswer ??= answer.no_answer?.trim() || null;
    for (const warning of answer.warnings ?? []) {
      if (warning.severity !== 'relative') continue;
      const list = issues.get(warning.service_id) ?? [];
      if (!list.some((known) => known.message === warning.message)) list.push(warning);
      issues.set(warning.service_id, list);
    }
    for (const entry of answer.blocked ?? []) {
      if (!blocked.has(entry.service_id)) blocked.set(entry.service_id, entry);
    }
  }
  return { understood, issues, blocked: [...blocked.values()], noAnswer };
}

/** Words of the internal figures a client must not read (DESIGN: 'modo cliente'). */
const INTERNAL_FIGURES = /\b(margem|margens|lucro|custo|custos|score|receita l[ií]quida)\b/i;

/** The text without its sentences about internal figures ('Margem do pacote: 45,0%'). */
export function withoutInternalFigures(text: string): string {
  return text
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => !INTERNAL_FIGURES.test(sentence))
    .join(' ')
    .trim();
}

/** The server's warnings of both answers, one per code (the recommendation's wording wins). */
function mergeNotices(...lists: ReadonlyArray<readonly AiWarning[] | undefined>): AiWarning[] {
  const byCode = new Map<AiWarningCode, AiWarning>();
  for (const list of lists) {
    for (const warning of list ?? [])
      if (!byCode.has(warning.code)) byCode.set(warning.code, warning);
  }
  const notices = [...byCode.values()];
  // The budget is said first (the server puts it first in each list, too).
  return [
    ...notices.filter((n) => n.code === 'budget_below_package'),
    ...notices.filter((n) => n.code !== 'budget_below_package'),
  ];
}

const NOTICE_COLORS: Record<AiWarningCode, string> = {
  budget_below_package: 'orange',
  contraindication: 'red',
  exclusion_removed_all: 'orange',
  needle_aversion: 'yellow',
  sensitive_skin: 'yellow',
  sun_exposure: 'yellow',
};

function appendText(current: string, addition: string): string {
  if (current.trim() === '') return addition;
  return /\s$/.test(current) ? `${current}${addition}` : `${current} ${addition}`;
}

function AssistantBody({
  pkg,
  services,
  limits,
  clientId = null,
  clientMode = false,
  onApply,
}: AssistantDialogProps) {
  const catalogue = useCatalogueStatus();
  const [goal, setGoal] = useState('');
  const [preferences, setPreferences] = useState('');
  const [processing, setProcessing] = useState(false);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [error, setError] = useState<{ title: string; message?: string } | null>(null);
  const [history, setHistory] = useState<ChatMessage[]>([]);
  const controllerRef = useRef<AbortController | null>(null);

  const onFinal = useCallback((field: Field, text: string) => {
    if (field === 'goal') setGoal((current) => appendText(current, text));
    else setPreferences((current) => appendText(current, text));
  }, []);
  const dictation = useDictation<Field>(onFinal);

  const cancelRequest = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setProcessing(false);
  }, []);
  // Leaving the dialog aborts what is in flight.
  useEffect(() => cancelRequest, [cancelRequest]);

  const catalogueFailed = catalogue.isError;
  const canGenerate = goal.trim() !== '' && !processing && !catalogueFailed;

  const generate = async () => {
    if (!canGenerate) return;
    if (!pkg) {
      setError({ title: AI_MESSAGES.packageRequired, message: AI_MESSAGES.noPackageSelected });
      return;
    }
    dictation.stop();
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setProcessing(true);
    setError(null);
    setAnalysis(null);
    const text = preferences.trim()
      ? `${goal.trim()}\nPreferências: ${preferences.trim()}`
      : goal.trim();

    const [recommendation, chat] = await Promise.allSettled([
      requestRecommendations(text, pkg, limits, controller.signal, clientId),
      requestChat(text, services, pkg, history, controller.signal, clientId),
    ]);
    if (controller.signal.aborted) return;
    controllerRef.current = null;

    const warnings: string[] = [];
    const byId = new Map(services.map((s) => [s.id, s]));
    let chatItems: Suggestion[] = [];
    if (chat.status === 'fulfilled') {
      const parsed = parseAiItemsText(chat.value.text);
      if (parsed.ok) {
        chatItems = parsed.items.flatMap((item) => {
          const service = byId.get(item.service_id);
          return service
            ? [
                {
                  service_id: service.id,
                  block: service.block,
                  name: service.name,
                  reason: item.reason,
                  benefit: item.benefit_for_client || undefined,
                },
              ]
            : [];
        });
      } else {
        warnings.push(parsed.message);
      }
      setHistory((current) =>
        [
          ...current,
          { role: 'user' as const, content: text },
          { role: 'assistant' as const, content: chat.value.text },
        ].slice(-HISTORY_MAX),
      );
    } else {
      warnings.push(AI_MESSAGES.chatFailed);
    }

    if (recommendation.status === 'fulfilled') {
      // The recommendation (exact, budget- and block-aware) is what gets applied; the chat
      // adds what each procedure does for the client.
      const benefits = new Map(chatItems.map((item) => [item.service_id, item.benefit]));
      const clinical = clinicalPart(
        recommendation.value,
        chat.status === 'fulfilled' ? chat.value : undefined,
      );
      setAnalysis({
        // An honest 'não consigo' has no items, whatever else came back.
        items: clinical.noAnswer
          ? []
          : recommendation.value.items.map((item) => ({
              ...item,
              benefit: benefits.get(item.service_id),
            })),
        summary: recommendation.value.summary,
        notices: mergeNotices(
          recommendation.value.notices,
          chat.status === 'fulfilled' ? chat.value.notices : undefined,
        ),
        warnings,
        ...clinical,
      });
    } else {
      setError({
        title: errorMessage(recommendation.reason, {
          byStatus: { 422: MESSAGES.invalidData },
          fallback: AI_MESSAGES.recommendFailed,
        }),
      });
      const clinical = clinicalPart(chat.status === 'fulfilled' ? chat.value : undefined);
      setAnalysis({
        items: clinical.noAnswer ? [] : chatItems,
        summary: null,
        notices: mergeNotices(chat.status === 'fulfilled' ? chat.value.notices : undefined),
        warnings,
        ...clinical,
      });
    }
    setProcessing(false);
  };

  /** 'Nova Consulta': a fresh analysis and conversation; the texts stay for another try. */
  const newConsultation = () => {
    cancelRequest();
    dictation.stop();
    setAnalysis(null);
    setError(null);
    setHistory([]);
  };

  /** 'Limpar Tudo': the texts too. */
  const clearAll = () => {
    newConsultation();
    setGoal('');
    setPreferences('');
  };

  const apply = () => {
    if (!analysis || analysis.items.length === 0) return;
    dictation.stop();
    onApply(selectionFromRecommendations(analysis.items, limits), {
      ...(goal.trim() ? { goal: goal.trim() } : {}),
      ...(preferences.trim() ? { preferences: preferences.trim() } : {}),
    });
  };

  const shown = (field: Field, value: string) =>
    dictation.active === field && dictation.interim ? appendText(value, dictation.interim) : value;

  const dictationButton = (field: Field, label: string) => {
    const on = dictation.active === field;
    return (
      <Tooltip label={on ? 'Parar ditado' : 'Ditar'}>
        <ActionIcon
          variant={on ? 'filled' : 'light'}
          color={on ? 'red' : undefined}
          size="lg"
          aria-label={on ? `Parar ditado (${label})` : `Ditar ${label}`}
          aria-pressed={on}
          onClick={() => dictation.toggle(field)}
        >
          {on ? (
            <IconPlayerStopFilled size={18} aria-hidden />
          ) : (
            <IconMicrophone size={18} aria-hidden />
          )}
        </ActionIcon>
      </Tooltip>
    );
  };

  return (
    <Stack gap="md">
      {!pkg ? (
        <Alert color="yellow" icon={<IconAlertCircle aria-hidden />}>
          {AI_MESSAGES.noPackageSelected}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          Pacote: <strong>{pkg.name}</strong> · limites A {limits.A}, B {limits.B}, C {limits.C}, D{' '}
          {limits.D}
        </Text>
      )}
      {catalogueFailed ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
          {AI_MESSAGES.servicesFailed}
        </Alert>
      ) : null}

      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          label="Objetivo e Requisitos"
          required
          data-autofocus
          placeholder="Ex.: reduzir gordura na barriga e flacidez, sem agulhas, até R$ 800 por mês"
          rows={3}
          style={{ flex: 1 }}
          value={shown('goal', goal)}
          onChange={(event) => setGoal(event.currentTarget.value)}
        />
        {dictationButton('goal', 'objetivo')}
      </Group>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          label="Preferências (opcional)"
          placeholder="Ex.: prefere sessões aos sábados, pele sensível"
          rows={2}
          style={{ flex: 1 }}
          value={shown('preferences', preferences)}
          onChange={(event) => setPreferences(event.currentTarget.value)}
        />
        {dictationButton('preferences', 'preferências')}
      </Group>
      {dictation.error ? (
        <Alert color="orange" icon={<IconAlertCircle aria-hidden />} role="alert">
          {dictation.error}
        </Alert>
      ) : null}

      <Group gap="sm" wrap="wrap">
        <Button onClick={() => void generate()} disabled={!canGenerate} loading={processing}>
          Gerar
        </Button>
        <Button variant="default" onClick={newConsultation}>
          Nova Consulta
        </Button>
        <Button variant="default" onClick={clearAll}>
          Limpar Tudo
        </Button>
        <Button onClick={apply} disabled={processing || !analysis || analysis.items.length === 0}>
          Aplicar Recomendações
        </Button>
      </Group>

      <div aria-live="polite">
        {processing ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{AI_MESSAGES.processing}</Text>
          </Group>
        ) : null}
        {error ? (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden />}
            title={error.title}
            role="alert"
          >
            {error.message}
          </Alert>
        ) : null}
        {analysis && !processing ? (
          <AnalysisView analysis={analysis} hasError={error !== null} clientMode={clientMode} />
        ) : null}
      </div>
    </Stack>
  );
}

function AnalysisView({
  analysis,
  hasError,
  clientMode,
}: {
  analysis: Analysis;
  hasError: boolean;
  clientMode: boolean;
}) {
  const shown = (text: string) => (clientMode ? withoutInternalFigures(text) : text);
  const summary = analysis.summary ? shown(analysis.summary) : '';
  return (
    <Stack gap="sm" mt={hasError ? 'sm' : 0}>
      {analysis.understood ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconBulb aria-hidden />}
          data-testid="assistant-understood"
        >
          <Text size="sm" fw={600}>
            {analysis.understood}
          </Text>
          <Text size="xs" c="dimmed">
            Se algo não estiver certo, corrija o pedido e clique em Gerar de novo.
          </Text>
        </Alert>
      ) : null}
      {analysis.notices.length > 0 ? (
        <Stack gap="xs" role="group" aria-label="Avisos sobre o pedido da cliente">
          {analysis.notices.map((notice) => (
            <Alert
              key={notice.code}
              color={NOTICE_COLORS[notice.code]}
              icon={<IconAlertCircle aria-hidden />}
              data-warning={notice.code}
            >
              {shown(notice.message)}
            </Alert>
          ))}
        </Stack>
      ) : null}
      {analysis.warnings.map((warning) => (
        <Alert key={warning} color="yellow" icon={<IconAlertCircle aria-hidden />}>
          {warning}
        </Alert>
      ))}
      {analysis.noAnswer ? (
        <Alert color="gray" icon={<IconAlertCircle aria-hidden />} role="status">
          {analysis.noAnswer}
        </Alert>
      ) : analysis.items.length === 0 ? (
        hasError ? null : (
          <Text>{AI_MESSAGES.nothingSuggested}</Text>
        )
      ) : (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Text fw={600}>{AI_MESSAGES.intro}</Text>
            <List spacing="sm" listStyleType="none" aria-label="Procedimentos sugeridos">
              {analysis.items.map((item) => (
                <List.Item key={item.service_id}>
                  <Group gap="xs" wrap="wrap">
                    <Badge variant="light">Bloco {item.block}</Badge>
                    <Text component="h3" fw={600} size="md" m={0}>
                      {item.name}
                    </Text>
                  </Group>
                  {item.reason && shown(item.reason) ? (
                    <Text size="sm">{shown(item.reason)}</Text>
                  ) : null}
                  {item.benefit ? (
                    <Text size="sm" c="dimmed">
                      {item.benefit}
                    </Text>
                  ) : null}
                  {(analysis.issues.get(item.service_id) ?? []).map((issue) => (
                    <Group
                      key={`${issue.code}:${issue.condition}`}
                      gap={4}
                      wrap="nowrap"
                      align="flex-start"
                      data-testid="assistant-item-warning"
                    >
                      <IconAlertTriangle
                        size={14}
                        aria-hidden
                        color="var(--mantine-color-orange-filled)"
                        style={{ flexShrink: 0, marginTop: 3 }}
                      />
                      <Text size="sm" c="var(--mantine-color-orange-text)">
                        {issue.message}
                      </Text>
                    </Group>
                  ))}
                </List.Item>
              ))}
            </List>
            {summary ? (
              <Text size="sm" c="dimmed">
                {summary}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      )}
      {analysis.blocked.length > 0 ? (
        <Paper withBorder p="md" radius="md" component="section" aria-label="Deixados de fora">
          <Group gap="xs" mb="xs">
            <IconBan size={16} aria-hidden color="var(--mantine-color-red-filled)" />
            <Text fw={600}>Deixados de fora</Text>
          </Group>
          <List size="sm" spacing={4}>
            {analysis.blocked.map((entry) => (
              <List.Item key={entry.service_id}>
                <strong>{entry.name}</strong>: {entry.reasons.join('; ')}
              </List.Item>
            ))}
          </List>
        </Paper>
      ) : null}
    </Stack>
  );
}
