import type { ClientCarePdfData } from '@portal/domain';
import {
  COLORS,
  createBrandedDocument,
  finishDocument,
  FONTS,
  PdfWriter,
  type DocumentMeta,
} from './brand.ts';
import { placeAndLongDate } from './format.ts';
import type { ClinicalMark } from './clinical-marks.ts';

export const CLIENT_CARE_TITLE = 'Guia de Cuidados da Cliente';
/** Amber for a relative clinical warning (red, COLORS.negative, for absolute ones). */
const CLINICAL_RELATIVE_COLOR = '#9a6700';

export interface ClientCareDocumentInput {
  data: ClientCarePdfData;
  /** The signed-in user (DESIGN 7.10). */
  author: string;
  issuedAt: Date;
  /**
   * The clinical check's marks per procedure of `data.procedures` (issue 26), printed under
   * each one: absolute in red, relative in amber.
   */
  clinicalMarks?: ReadonlyArray<readonly ClinicalMark[]>;
}

/**
 * The guide for the staff who will look after this client. Sections without content are left
 * out, so a guide with only a name is one short page, not a page of empty headings.
 */
export function renderClientCarePdf({
  data,
  author,
  issuedAt,
  clinicalMarks = [],
}: ClientCareDocumentInput): Promise<Buffer> {
  const { client } = data;
  const fullName = client.full_name;
  const meta: DocumentMeta = {
    documentTitle: CLIENT_CARE_TITLE,
    metadataTitle: fullName ? `${CLIENT_CARE_TITLE} - ${fullName}` : CLIENT_CARE_TITLE,
    subject: fullName
      ? `Orientações de atendimento para ${fullName}`
      : 'Orientações de atendimento',
    author,
  };
  const doc = createBrandedDocument(meta);
  const writer = new PdfWriter(doc);

  writer.title(CLIENT_CARE_TITLE, 'Uso interno da equipe de atendimento');

  // A name the professional did not type is left out, never printed as a placeholder.
  const aboutClient =
    fullName ||
    client.preferred_name ||
    client.pronoun_or_salutation ||
    client.important_dates.length > 0;
  if (aboutClient) {
    writer.heading('Cliente');
    if (fullName) writer.labelValue('Nome', fullName);
    if (client.preferred_name) writer.labelValue('Como chamar', client.preferred_name);
    if (client.pronoun_or_salutation) writer.labelValue('Tratamento', client.pronoun_or_salutation);
    if (client.important_dates.length > 0) {
      writer.gap(2);
      writer.subheading('Datas importantes');
      writer.bulletList(client.important_dates);
    }
    writer.gap(8);
  }

  let wroteDetails = false;
  const listSection = (title: string, items: readonly string[]) => {
    if (items.length === 0) return;
    wroteDetails = true;
    writer.heading(title);
    writer.bulletList(items);
    writer.gap(8);
  };
  /** A section of titled lists, written only when one of them has items. */
  const groupedSection = (
    title: string,
    groups: ReadonlyArray<{ title: string; items: readonly string[]; color?: string }>,
  ) => {
    const filled = groups.filter((group) => group.items.length > 0);
    if (filled.length === 0) return;
    wroteDetails = true;
    writer.heading(title);
    for (const group of filled) {
      writer.subheading(group.title);
      writer.bulletList(group.items, group.color);
      writer.gap(4);
    }
    writer.gap(6);
  };

  listSection('Preferências', client.preferences);
  if (data.quick_chips.length > 0) {
    wroteDetails = true;
    writer.heading('Resumo rápido');
    writer.chips(data.quick_chips);
    writer.gap(4);
  }
  listSection('Canais de contato', data.channels);
  listSection('Agendamento', data.scheduling);
  listSection('Personalização', data.personalization);
  groupedSection('O que fazer e o que evitar', [
    { title: 'Faça', items: data.dos_and_donts.dos, color: COLORS.positive },
    { title: 'Evite', items: data.dos_and_donts.donts, color: COLORS.negative },
  ]);
  groupedSection('Sensibilidades', [
    { title: 'Alergias ou aversões', items: data.sensitivities.allergies_or_aversion },
    { title: 'Privacidade', items: data.sensitivities.privacy_notes },
    { title: 'Alertas de saúde', items: data.sensitivities.health_flags, color: COLORS.negative },
  ]);
  listSection('Relacionamento', data.relationship);
  listSection('Escalonamento', data.escalation);
  if (data.checklist.length > 0) {
    wroteDetails = true;
    writer.heading('Checklist');
    writer.checklist(data.checklist);
    writer.gap(6);
  }
  if (clinicalMarks.some((marks) => marks.length > 0)) {
    // Each procedure with its own clinical issue beside it (issue 26).
    wroteDetails = true;
    writer.heading('Procedimentos');
    data.procedures.forEach((procedure, index) => {
      writer.bulletList([procedure.name]);
      // The mark reads as part of its procedure: under the name, indented, no bullet of its own.
      for (const mark of clinicalMarks[index] ?? []) {
        writer.paragraph(mark.text, {
          size: 8.5,
          font: FONTS.bold,
          indent: 14,
          color: mark.severity === 'absolute' ? COLORS.negative : CLINICAL_RELATIVE_COLOR,
        });
      }
    });
    writer.gap(8);
  } else {
    listSection(
      'Procedimentos',
      data.procedures.map((procedure) => procedure.name),
    );
  }

  if (!wroteDetails) {
    writer.paragraph('Nenhuma informação adicional registrada para esta cliente.', {
      font: FONTS.italic,
      color: COLORS.muted,
    });
  }

  writer.gap(10);
  writer.ensureSpace(60);
  writer.paragraph(`Elaborado por ${author}`, { font: FONTS.bold, size: 9.5 });
  writer.paragraph(placeAndLongDate(issuedAt), { size: 9.5 });
  writer.paragraph(
    'Documento interno com dados pessoais da cliente (LGPD): não compartilhe fora da equipe de atendimento.',
    { size: 8.5, color: COLORS.muted },
  );

  return finishDocument(
    doc,
    meta,
    fullName
      ? `${CLIENT_CARE_TITLE} · ${fullName} · uso interno`
      : `${CLIENT_CARE_TITLE} · uso interno`,
  );
}
