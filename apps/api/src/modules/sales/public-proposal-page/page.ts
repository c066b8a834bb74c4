import fs from 'node:fs';
import path from 'node:path';
import { Eta } from 'eta';
import QRCode from 'qrcode';
import {
  formatDateBR,
  formatDateTimeBR,
  formatPercent,
  formatReais,
  type PublicProposal,
} from '@portal/domain';
import { API_ROOT } from '../../../api-root.ts';

/**
 * The public proposal page (/p/{token}) as one server-rendered HTML document: what a client
 * opens from WhatsApp on their own phone. No script at all (the forms are plain POSTs), one
 * inline stylesheet (the CSP allows inline styles), light and dark by prefers-color-scheme.
 * It shows only what the client needs to decide: no cost, margin or other internal figure.
 *
 * The markup is ./page.eta, rendered by Eta with escaping on by default (issue 27; decision
 * 0038): this file only chooses and formats the texts, and a text printed without thinking about
 * escaping is escaped. The one raw output is the QR drawn here (TrustedSvg).
 */

export type PublicPageNotice = { kind: 'error'; text: string } | { kind: 'success'; text: string };

/**
 * Markup this server drew itself, the only kind the template prints raw. Only qrSvg makes one,
 * so no text from the database can reach the page unescaped by being passed where it goes.
 */
class TrustedSvg {
  constructor(readonly markup: string) {}
}

type Tone = 'ok' | 'warn' | 'err';

/** What page.eta prints: every text formatted, every choice made. */
type PublicPageView =
  | {
      kind: 'message';
      title: string;
      note: { tone: Tone; role: 'status' | 'alert' | null; text: string };
    }
  | {
      kind: 'proposal';
      title: string;
      clientName: string;
      subtitle: string;
      notice: { tone: Tone; text: string } | null;
      state:
        | { kind: 'accepted'; title: string; withdrawalNotice: string }
        | { kind: 'warn'; title: string; text: string }
        | null;
      plan: {
        summary: string;
        items: { name: string; detail: string }[];
        withdrawal: { until: string; action: string } | null;
      } | null;
      payments: {
        installments: { paid: boolean; label: string; detail: string }[];
        pix: {
          title: string;
          intro: string;
          /** What happens once she pays: her bank tells the clinic, or the clinic confirms. */
          afterPay: string;
          qrSvg: TrustedSvg;
          copiaECola: string;
        } | null;
        pending: string | null;
        /** Her Pix Automático authorisation, in a sentence; null without one. */
        mandate: string | null;
      } | null;
      procedures: { title: string; items: { name: string; sessions: string }[] } | null;
      figures: {
        rows: { label: string; value: string }[];
        instalments: number;
        instalmentValue: string;
        showBenefits: boolean;
      };
      answer: {
        withdrawalNotice: string;
        termsText: string;
        nameValue: string;
        acceptAction: string;
        declineAction: string;
      } | null;
      clinic: {
        name: string;
        professionalName: string;
        address: string | null;
        phone: string | null;
        whatsappUrl: string | null;
      };
    };

// autoEscape is Eta's default; stated so that no configuration change can turn it off unseen.
const eta = new Eta({ autoEscape: true, autoTrim: false, cache: true });
/**
 * Read from the source tree through API_ROOT, as the migrations are (src/db/migrate.ts): the same
 * file serves tsx and the bundled dist/server.js. Compiled once, when the module loads.
 */
const TEMPLATE_FILE = path.join(API_ROOT, 'src/modules/sales/public-proposal-page/page.eta');
const pageTemplate = eta.compile(fs.readFileSync(TEMPLATE_FILE, 'utf8'));
const render = (view: PublicPageView): string => pageTemplate.call(eta, view);

type ProposalView = Extract<PublicPageView, { kind: 'proposal' }>;

function stateOf(proposal: PublicProposal): ProposalView['state'] {
  if (proposal.accepted_at || proposal.status === 'accepted') {
    if (proposal.plan?.status === 'desistencia') {
      return {
        kind: 'warn',
        title: 'Desistência registrada.',
        text: 'A clínica vai devolver o que foi pago e confirmar com você.',
      };
    }
    const when = proposal.accepted_at ? ` em ${formatDateTimeBR(proposal.accepted_at)}` : '';
    return {
      kind: 'accepted',
      title: `Proposta aceita${when}.`,
      withdrawalNotice: proposal.withdrawal_notice,
    };
  }
  if (proposal.declined_at || proposal.status === 'declined') {
    return {
      kind: 'warn',
      title: 'Proposta recusada.',
      text: 'Obrigado por responder. Se mudar de ideia, fale com a clínica.',
    };
  }
  if (proposal.status === 'expired') {
    return {
      kind: 'warn',
      title: `Esta proposta expirou em ${formatDateBR(proposal.valid_until)}.`,
      text: 'Fale com a clínica para receber uma proposta atualizada.',
    };
  }
  if (proposal.status === 'superseded') {
    return {
      kind: 'warn',
      title: 'Esta proposta foi substituída por uma versão mais recente.',
      text: 'Peça à clínica o link da nova versão.',
    };
  }
  if (!proposal.can_answer) {
    return {
      kind: 'warn',
      title: 'Esta proposta não pode mais ser respondida.',
      text: 'Fale com a clínica.',
    };
  }
  return null;
}

/**
 * The QR of a Pix 'copia e cola' as inline SVG, drawn here (issue 29: the page carries no script,
 * so the image cannot be drawn on the phone): one path of the dark modules, a 4-module margin.
 */
export function qrSvg(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (modules.get(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
  }
  const box = size + 8;
  return `<svg class="pix" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box} ${box}" role="img" aria-label="QR Code Pix" shape-rendering="crispEdges"><rect width="${box}" height="${box}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/** Her instalments beside her sessions, and the next one's Pix (issue 29). */
function paymentsOf(proposal: PublicProposal): ProposalView['payments'] {
  const payments = proposal.plan?.payments;
  if (!payments) return null;
  const { next } = payments;
  const dateOf = (day: string) => formatDateBR(`${day}T12:00:00Z`);
  const mandate = payments.mandate?.status ?? null;
  // Journey 3: the first instalment's code also authorises the rest.
  const journeyThree = payments.pix_automatico && mandate === 'aguardando' && next?.n === 1;
  const later = payments.installments.length - 1;
  // A charge of the institution is confirmed by its webhook; a static code by the clinic.
  const afterPay =
    payments.method === 'api_pix' &&
    mandate !== 'cancelada' &&
    mandate !== 'recusada' &&
    mandate !== 'expirada'
      ? 'Assim que o banco confirmar o pagamento, ele aparece aqui.'
      : 'Depois de pagar, a clínica confirma o recebimento aqui.';
  return {
    installments: payments.installments.map((item) => ({
      paid: item.status === 'paga',
      label: `${item.n}ª parcela · ${dateOf(item.due_date)}`,
      detail: `${formatReais(item.amount)} · ${item.status_label}`,
    })),
    pix: next?.pix_copia_e_cola
      ? journeyThree
        ? {
            title: `1ª parcela e ativar o Pix Automático: ${formatReais(next.amount)}`,
            afterPay,
            intro: `Ao pagar este Pix, você também autoriza o Pix Automático das outras ${later} parcelas: seu banco mostra os valores, as datas e o contrato antes de você confirmar. Depois, cada parcela é debitada no vencimento, e você pode cancelar a autorização no app do seu banco quando quiser.`,
            qrSvg: new TrustedSvg(qrSvg(next.pix_copia_e_cola)),
            copiaECola: next.pix_copia_e_cola,
          }
        : {
            title: `${next.n}ª parcela: ${formatReais(next.amount)}`,
            afterPay,
            intro: `Vencimento em ${dateOf(next.due_date)}. Abra o app do seu banco, escolha Pix e leia o QR Code ou use o Pix copia e cola.`,
            qrSvg: new TrustedSvg(qrSvg(next.pix_copia_e_cola)),
            copiaECola: next.pix_copia_e_cola,
          }
      : null,
    pending:
      next && !next.pix_copia_e_cola
        ? mandate === 'ativa'
          ? `A ${next.n}ª parcela (${formatReais(next.amount)}) será debitada pelo Pix Automático em ${dateOf(next.due_date)}.`
          : `A ${next.n}ª parcela (${formatReais(next.amount)}) vence em ${dateOf(next.due_date)}. Peça à clínica o código Pix.`
        : null,
    mandate: mandateSentence(mandate),
  };
}

/** Her authorisation in words (MANDATE_STATUSES of packages/domain/src/billing). */
function mandateSentence(status: string | null): string | null {
  switch (status) {
    case 'ativa':
      return 'Pix Automático autorizado: seu banco debita cada parcela no vencimento.';
    case 'cancelada':
      return 'A autorização do Pix Automático foi cancelada: pague as próximas parcelas pelo código Pix.';
    case 'recusada':
      return 'Seu banco recusou a autorização do Pix Automático: pague as próximas parcelas pelo código Pix.';
    case 'expirada':
      return 'A autorização do Pix Automático expirou: pague as próximas parcelas pelo código Pix.';
    default:
      return null;
  }
}

/**
 * The unit's WhatsApp link, only as the service builds it (https://wa.me/…): escaping keeps a
 * text inside its attribute, but only a known scheme keeps a `javascript:` address out of href.
 */
function safeWhatsappUrl(url: string | null): string | null {
  return url && url.startsWith('https://wa.me/') ? url : null;
}

/** A phone's digits as Brazilians write it: (11) 98765-4321. */
function formatPhoneBR(digits: string): string {
  const match = /^(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : digits;
}

/** The page for a proposal the token opens, in whatever state it is. */
export function renderProposalPage(
  token: string,
  proposal: PublicProposal,
  options: { notice?: PublicPageNotice; nameValue?: string } = {},
): string {
  const base = `/p/${encodeURIComponent(token)}`;
  const { plan } = proposal;
  // A package that costs more than its procedures one by one has no discount to show, and it is
  // never written as a negative figure (the client would read a surcharge): benefits instead.
  const hasDiscount = proposal.discount > 0;
  const version = proposal.version > 1 ? ` · versão ${proposal.version}` : '';
  return render({
    kind: 'proposal',
    title: `Proposta ${proposal.number}`,
    clientName: proposal.client_name,
    subtitle: `Nº ${proposal.number}${version} · válida até ${formatDateBR(proposal.valid_until)}`,
    notice: options.notice
      ? { tone: options.notice.kind === 'error' ? 'err' : 'ok', text: options.notice.text }
      : null,
    state: stateOf(proposal),
    // After acceptance the link is the client's 'Meu plano' (issue 28): her procedures with
    // sessions used and remaining, the validity, and within 7 days of accepting here, 'Desistir'.
    plan: plan
      ? {
          summary: `Situação: ${plan.status_label} · válido até ${formatDateBR(`${plan.valid_until}T12:00:00Z`)}`,
          items: plan.items.map((item) => ({
            name: item.name,
            detail: `${item.sessions_used} de ${item.sessions_total} ${item.sessions_total === 1 ? 'sessão realizada' : 'sessões realizadas'} · ${item.sessions_remaining === 1 ? 'resta 1' : `restam ${item.sessions_remaining}`}`,
          })),
          withdrawal: plan.can_withdraw
            ? { until: formatDateTimeBR(plan.withdrawal_until ?? ''), action: `${base}/desistir` }
            : null,
        }
      : null,
    payments: paymentsOf(proposal),
    procedures: plan
      ? null
      : {
          title: proposal.package_name,
          items: proposal.items.map((item) => ({
            name: item.name,
            sessions: `${item.sessions} ${item.sessions === 1 ? 'sessão' : 'sessões'}`,
          })),
        },
    figures: {
      rows: [
        { label: 'Valor avulso dos procedimentos', value: formatReais(proposal.standalone_value) },
        { label: 'Valor do pacote', value: formatReais(proposal.package_value) },
        ...(hasDiscount
          ? [
              {
                label: 'Desconto',
                value: `${formatReais(proposal.discount)} (${formatPercent(proposal.discount_pct)})`,
              },
            ]
          : []),
      ],
      instalments: proposal.instalments,
      instalmentValue: formatReais(proposal.instalment_value),
      showBenefits: !hasDiscount,
    },
    answer: proposal.can_answer
      ? {
          withdrawalNotice: proposal.withdrawal_notice,
          termsText: proposal.terms_text,
          nameValue: options.nameValue ?? '',
          acceptAction: `${base}/aceitar`,
          declineAction: `${base}/recusar`,
        }
      : null,
    // Who the client deals with: the unit's address and contacts (GET /units/), a way to write.
    clinic: {
      name: proposal.clinic_name,
      professionalName: proposal.professional_name,
      address: proposal.clinic_address || null,
      phone: proposal.clinic_phone ? formatPhoneBR(proposal.clinic_phone) : null,
      whatsappUrl: safeWhatsappUrl(proposal.clinic_whatsapp_url),
    },
  });
}

/** A link that opens nothing: unknown, malformed or for a proposal the clinic removed. */
export function renderNotFoundPage(): string {
  return render({
    kind: 'message',
    title: 'Proposta não encontrada',
    note: {
      tone: 'warn',
      role: null,
      text: 'Este link não é válido. Confira se ele foi copiado inteiro ou peça um novo link à clínica.',
    },
  });
}

/** A link that no longer opens the proposal: revoked, expired or replaced (the service's words). */
export function renderGonePage(text: string): string {
  return render({
    kind: 'message',
    title: 'Proposta indisponível',
    note: {
      tone: 'warn',
      role: 'status',
      text: `${text} Se precisar, peça um novo link à clínica.`,
    },
  });
}

/** Too many requests from one address (the public answers are throttled). */
export function renderTooManyPage(): string {
  return render({
    kind: 'message',
    title: 'Muitas tentativas',
    note: {
      tone: 'err',
      role: 'alert',
      text: 'Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente de novo.',
    },
  });
}
