import { formatReais, whatsappUrl } from '@portal/domain';
import { formatCalendarDay } from '../../../lib/calendar-day';

export interface SecondCopyFacts {
  clientName: string;
  phone: string | null;
  contractNumber: string;
  n: number;
  installments: number;
  amount: number;
  dueDate: string;
  /** The static BR Code of the instalment, when the unit has a Pix key. */
  pixCopiaECola?: string | null;
}

/** The '2ª via' message the staff send on WhatsApp: the instalment, and its Pix code if any. */
export function secondCopyMessage(facts: SecondCopyFacts): string {
  const firstName = facts.clientName.trim().split(/\s+/)[0] ?? facts.clientName;
  const lines = [
    `Olá, ${firstName}! Segue a 2ª via da parcela ${facts.n}/${facts.installments} do contrato ${facts.contractNumber}: ${formatReais(facts.amount)}, com vencimento em ${formatCalendarDay(facts.dueDate)}.`,
  ];
  if (facts.pixCopiaECola) {
    lines.push('', 'Pix copia e cola:', facts.pixCopiaECola);
  }
  lines.push('', 'Qualquer dúvida, estamos à disposição.');
  return lines.join('\n');
}

/** `https://wa.me/<digits>?text=…`, or null when the client has no usable phone. */
export function secondCopyUrl(facts: SecondCopyFacts): string | null {
  return facts.phone ? whatsappUrl(facts.phone, secondCopyMessage(facts)) : null;
}

/** The '2ª via' buttons' colour: white on it reads at 6:1. */
export const WHATSAPP_GREEN = '#1c6b33';
