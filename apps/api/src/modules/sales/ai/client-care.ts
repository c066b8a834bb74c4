import { AI_CONFIG_CODES, foldLower, type ClientCarePdfData } from '@portal/domain';
import { z } from 'zod';
import { throwIfAborted } from './provider.ts';
import {
  TECHNIQUE_AFTERCARE,
  TECHNIQUE_INTERVALS,
  TECHNIQUE_LABELS,
  techniquesOf,
  type ProcedureFacts,
} from './procedure-traits.ts';
import { runAiTask, type AiContext, type AiOutcome } from './run-task.ts';

/** The lists the AI writes for a client-care guide. */
export interface ClientCareTips {
  dos: string[];
  donts: string[];
  scheduling: string[];
  personalization: string[];
  checklist: string[];
}

const LIST_MAX = 8;
const MERGED_MAX = 12;
const tipList = z.array(z.string().trim().min(1).max(300)).max(LIST_MAX);
const tipsSchema = z.object({
  dos: tipList,
  donts: tipList,
  scheduling: tipList,
  personalization: tipList,
  checklist: tipList,
});

function unique(items: readonly string[], max: number): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const item of items) {
    const text = item.trim();
    const key = foldLower(text).replace(/[.!]+$/, '');
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(text);
    if (kept.length >= max) break;
  }
  return kept;
}

/** 'Não gosta de ligações' → 'ligações'; the things a client said she dislikes. */
function dislikes(preferences: readonly string[]): string[] {
  return preferences.flatMap((pref) => {
    const match = /(?:n[ãa]o gosta de|detesta|odeia|evitar|prefere n[ãa]o)\s+(.+)/i.exec(pref);
    return match?.[1] ? [match[1].replace(/[.!]+$/, '').trim()] : [];
  });
}

/**
 * The local engine: tips drawn from the procedures' techniques (aftercare, intervals) and from
 * what the client told the clinic (preferences, channels, dates, sensitivities).
 */
export function clientCareTipsLocally(
  data: ClientCarePdfData,
  procedures: readonly ProcedureFacts[],
): ClientCareTips {
  const facts: ProcedureFacts[] =
    procedures.length > 0 ? [...procedures] : data.procedures.map((p) => ({ name: p.name }));
  const techniques = [...new Set(facts.flatMap(techniquesOf))];
  const name = data.client.preferred_name ?? data.client.full_name?.split(/\s+/)[0] ?? '';
  const channel = data.channels[0];
  const {
    allergies_or_aversion: allergies,
    privacy_notes: privacy,
    health_flags: health,
  } = data.sensitivities;

  const salutation = data.client.pronoun_or_salutation;
  const dos = [
    // Without a name there is nothing to call her by: no 'Chamar a cliente de Cliente'.
    ...(name
      ? [`Chamar a cliente de ${name}${salutation ? ` (${salutation})` : ''}`]
      : salutation
        ? [`Tratar a cliente por ${salutation}`]
        : []),
    ...techniques.flatMap((t) => TECHNIQUE_AFTERCARE[t].dos),
    'Explicar o que esperar de cada sessão e o tempo de resultado, sem prometer resultados garantidos',
    ...(privacy.length > 0
      ? ['Tratar os dados e as fotos da cliente com discrição, como ela pediu']
      : []),
  ];
  const donts = [
    ...dislikes(data.client.preferences).map((thing) => `Evitar ${thing}`),
    ...techniques.flatMap((t) => TECHNIQUE_AFTERCARE[t].donts),
    ...allergies.map((item) => `Não usar produtos com ${item}`),
    'Não oferecer procedimentos fora do plano sem antes entender o objetivo da cliente',
  ];
  const scheduling = [
    'Agendar a próxima sessão ao fim de cada atendimento',
    channel
      ? `Enviar lembrete 24 h antes pelo canal preferido (${channel})`
      : 'Enviar lembrete 24 h antes da sessão',
    ...techniques.map((t) => `Para ${TECHNIQUE_LABELS[t]}, respeitar ${TECHNIQUE_INTERVALS[t]}`),
    ...data.client.important_dates.map((date) => `Planejar as sessões levando em conta: ${date}`),
  ];
  const personalization = [
    ...data.client.preferences.map((pref) => `Lembrar da preferência: ${pref}`),
    ...data.procedures
      .slice(0, 3)
      .map((p) => `Registrar a evolução de ${p.name} com fotos no mesmo ângulo e luz`),
  ];
  const checklist = [
    'Conferir anamnese e termo de consentimento atualizados',
    ...allergies.map(
      (item) => `Confirmar a alergia ou aversão informada (${item}) antes de cada sessão`,
    ),
    ...health.map((flag) => `Verificar liberação para: ${flag}`),
    'Registrar fotos de antes e ao fim de cada ciclo',
    'Revisar o plano com a cliente na metade do pacote',
  ];
  return {
    dos: unique(dos, LIST_MAX),
    donts: unique(donts, LIST_MAX),
    scheduling: unique(scheduling, LIST_MAX),
    personalization: unique(personalization, LIST_MAX),
    checklist: unique(checklist, LIST_MAX),
  };
}

export interface ClientCareEnrichOptions {
  /**
   * The preview's ai_only=1: the AI only fills the sections the clinic left empty. Otherwise its
   * tips are added after the clinic's own. What the clinic wrote is never dropped.
   */
  aiOnly: boolean;
  /** Benefits of the procedures when the caller has them (names alone also work). */
  procedures?: readonly ProcedureFacts[];
}

/**
 * The client-care guide with AI tips merged in (enrich_with_ai): the configured model, or the
 * local engine when there is none or its answer does not validate.
 */
export async function enrichClientCare(
  ctx: AiContext,
  data: ClientCarePdfData,
  options: ClientCareEnrichOptions,
  signal: AbortSignal = new AbortController().signal,
): Promise<AiOutcome<ClientCarePdfData>> {
  const outcome = await runAiTask<ClientCareTips>(
    ctx,
    {
      codigo: AI_CONFIG_CODES.clientCare,
      // Procedures and contact channels only: the client's name, dates, preferences and health
      // data never reach a model (DESIGN section 11); the local engine personalizes from them.
      input: {
        canais: data.channels,
        procedimentos: data.procedures.map((p) => p.name),
      },
      schema: tipsSchema,
      local: (abort) => {
        throwIfAborted(abort);
        return clientCareTipsLocally(data, options.procedures ?? []);
      },
    },
    signal,
  );
  const tips = outcome.result;
  const merge = (own: readonly string[], generated: readonly string[]) =>
    options.aiOnly && own.length > 0
      ? [...own]
      : unique([...own, ...generated], Math.max(own.length, MERGED_MAX));
  const enriched: ClientCarePdfData = {
    ...data,
    scheduling: merge(data.scheduling, tips.scheduling),
    personalization: merge(data.personalization, tips.personalization),
    checklist: merge(data.checklist, tips.checklist),
    dos_and_donts: {
      dos: merge(data.dos_and_donts.dos, tips.dos),
      donts: merge(data.dos_and_donts.donts, tips.donts),
    },
  };
  return outcome.fallbackReason
    ? { result: enriched, engine: outcome.engine, fallbackReason: outcome.fallbackReason }
    : { result: enriched, engine: outcome.engine };
}
