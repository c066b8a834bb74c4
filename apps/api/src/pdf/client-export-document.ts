import {
  CONDITION_BY_CODE,
  ACCESS_LOG_ACTION_LABELS,
  CONSENT_CHANNEL_LABELS,
  CONSENT_PURPOSE_LABELS,
  formatCpf,
  formatDateBR,
  formatDateTimeBR,
  formatReais,
  PROPOSAL_STATUS_LABELS,
  type ClientExport,
} from '@portal/domain';
import { createBrandedDocument, finishDocument, PdfWriter, type DocumentMeta } from './brand.ts';

export const CLIENT_EXPORT_TITLE = 'Dados pessoais do cliente';

const listOrDash = (items: readonly string[]) => (items.length > 0 ? items.join('; ') : '—');
const orDash = (value: string | null | undefined) => (value ? value : '—');

/**
 * The readable copy of a data subject's export (LGPD art. 19: "em formato simplificado"): the
 * same content as the JSON, in sections a client can read.
 */
export function renderClientExportPdf(data: ClientExport, author: string): Promise<Buffer> {
  const { client } = data;
  const meta: DocumentMeta = {
    documentTitle: CLIENT_EXPORT_TITLE,
    metadataTitle: `${CLIENT_EXPORT_TITLE} - ${client.full_name}`,
    subject: `Exportação dos dados de ${client.full_name}`,
    author,
  };
  const doc = createBrandedDocument(meta);
  const writer = new PdfWriter(doc);

  writer.title(CLIENT_EXPORT_TITLE, `Tudo o que a clínica guarda sobre ${client.full_name}`);
  writer.paragraph(`Exportado em ${formatDateTimeBR(data.exported_at)} por ${author}.`, {
    size: 9,
  });

  writer.heading('Cadastro');
  writer.labelValue('Nome completo', client.full_name);
  writer.labelValue('Nome preferido', orDash(client.preferred_name));
  writer.labelValue('Tratamento', orDash(client.salutation));
  writer.labelValue('Telefone', orDash(client.phone));
  writer.labelValue('Email', orDash(client.email));
  writer.labelValue('CPF', client.cpf ? formatCpf(client.cpf) : '—');
  writer.labelValue(
    'Data de nascimento',
    client.birth_date ? formatDateBR(`${client.birth_date}T12:00:00Z`) : '—',
  );
  writer.labelValue('Unidade', client.unit);
  writer.labelValue('Preferências', listOrDash(client.preferences));
  writer.labelValue('Datas importantes', listOrDash(client.important_dates));
  writer.labelValue('Canais de contato', listOrDash(client.channels));
  writer.labelValue('Observações', orDash(client.notes));
  writer.labelValue('Cadastrado em', formatDateTimeBR(client.created_at));
  if (client.anonymized_at)
    writer.labelValue('Anonimizado em', formatDateTimeBR(client.anonymized_at));

  writer.heading('Dados de saúde (dados sensíveis)');
  writer.labelValue('Alergias ou aversões', listOrDash(client.allergies));
  writer.labelValue(
    'Condições de saúde',
    listOrDash([
      ...client.health_conditions.map((entry) => {
        const label = CONDITION_BY_CODE.get(entry.code)?.label ?? entry.code;
        return entry.note ? `${label} (${entry.note})` : label;
      }),
      ...client.health_flags,
    ]),
  );
  writer.labelValue('Contraindicações', listOrDash(client.contraindications));

  writer.heading('Consentimentos');
  if (data.consents.length === 0) writer.paragraph('Nenhum consentimento registrado.');
  for (const consent of data.consents) {
    writer.subheading(
      `${CONSENT_PURPOSE_LABELS[consent.purpose]}: ${consent.granted ? 'concedido' : 'revogado'} em ${formatDateTimeBR(consent.collected_at)}`,
    );
    writer.paragraph(
      `Canal: ${CONSENT_CHANNEL_LABELS[consent.channel]}. Registrado por: ${consent.collected_by?.name ?? '—'}. Texto (versão ${consent.text_version}): ${consent.text}`,
      { size: 9 },
    );
  }

  writer.heading('Propostas');
  if (data.proposals.length === 0) writer.paragraph('Nenhuma proposta.');
  for (const proposal of data.proposals) {
    writer.subheading(
      `Proposta ${proposal.number} (versão ${proposal.version}) — ${PROPOSAL_STATUS_LABELS[proposal.status]}`,
    );
    writer.paragraph(
      `${proposal.package.name}: ${formatReais(proposal.totals.annual)} por ano. Criada em ${formatDateTimeBR(proposal.created_at)} por ${proposal.author.name}. Procedimentos: ${listOrDash(proposal.items.map((item) => `${item.name} (${item.sessions}x)`))}.`,
      { size: 9 },
    );
    if (proposal.acceptance) {
      writer.paragraph(
        `Aceite em ${formatDateTimeBR(proposal.acceptance.accepted_at)} por "${proposal.acceptance.full_name}" (IP ${proposal.acceptance.ip}).`,
        { size: 9 },
      );
    }
  }

  writer.heading('Registro de acessos');
  if (data.access_log.length === 0) writer.paragraph('Nenhum acesso registrado.');
  writer.bulletList(
    data.access_log.map(
      (entry) =>
        `${formatDateTimeBR(entry.at)} — ${ACCESS_LOG_ACTION_LABELS[entry.action]} — ${entry.user?.name ?? '—'}`,
    ),
  );

  return finishDocument(doc, meta, `${CLIENT_EXPORT_TITLE} · ${client.full_name}`);
}
