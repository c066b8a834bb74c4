import {
  computeProposalFigures,
  type ClientCarePdfData,
  type PdfKind,
  type ProposalPdfData,
} from '@portal/domain';
import { enrichClientCare, type AiContext } from '../ai/index.ts';
import { contentDisposition, isoDateInSaoPaulo } from '../../../pdf/format.ts';
import { defaultPdfRenderPool, type PdfRenderPool } from '../../../pdf/render-pool.ts';
import { clinicalMarksFor } from '../../../pdf/clinical-marks.ts';
import { servicesService } from '../../catalogue/services/service.ts';
import { clinicalProcedureOf, clinicalService } from '../../crm/clinical/service.ts';

export interface RenderedPdf {
  bytes: Buffer;
  kind: PdfKind;
  /** What the file name is about: the package for a proposal, the client for a care guide. */
  subject: string;
  issuedAt: Date;
}

export interface ClientCareOptions {
  enrichWithAi: boolean;
  aiOnly: boolean;
  /** The AI engine's context; without it the guide is printed as sent. */
  ai?: AiContext;
  /** Where the document is drawn (worker threads off the event loop). */
  pool?: PdfRenderPool;
}

const UNKNOWN_TRAITS_MARK = 'Sem dados clínicos cadastrados: confirmar na avaliação';

export const pdfService = {
  /** The proposal, with every figure recomputed from the rows and the package price. */
  async proposal(
    data: ProposalPdfData,
    author: string,
    issuedAt = new Date(),
    pool: PdfRenderPool = defaultPdfRenderPool,
  ): Promise<RenderedPdf> {
    const bytes = await pool.render({
      kind: 'proposal',
      input: {
        clientName: data.client_name,
        packageName: data.pkg.name,
        figures: computeProposalFigures(data.pkg.annual_value, data.rows),
        benefitCards: data.benefit_cards,
        synergyItems: data.synergy_items,
        author,
        issuedAt,
      },
    });
    return { bytes, kind: 'proposal', subject: data.pkg.name, issuedAt };
  },

  /**
   * The client-care guide. `enrichWithAi` merges the AI engine's tips (dos and don'ts,
   * scheduling, personalization, checklist) into the lists sent; `aiOnly` prints only the AI's.
   */
  async clientCare(
    data: ClientCarePdfData,
    author: string,
    options: ClientCareOptions,
    issuedAt = new Date(),
  ): Promise<RenderedPdf> {
    const printed =
      options.ai && (options.enrichWithAi || options.aiOnly)
        ? (await enrichClientCare(options.ai, data, { aiOnly: options.aiOnly })).result
        : data;
    // Issue 26: the sensitivities sent are checked against the procedures' stored traits, and
    // each procedure's issue is printed under it (the guide carries what it was sent, no more).
    const holdsHealthData =
      printed.sensitivities.health_flags.length > 0 ||
      printed.sensitivities.allergies_or_aversion.length > 0;
    const ids = holdsHealthData ? printed.procedures.flatMap((p) => (p.id ? [p.id] : [])) : [];
    const stored =
      options.ai && ids.length > 0 ? await servicesService.findByIds(options.ai.db, ids) : [];
    const check = clinicalService.run(
      {
        conditions: printed.sensitivities.health_flags,
        allergies: printed.sensitivities.allergies_or_aversion,
      },
      null,
      printed.procedures.map((p, index) => {
        const service = stored.find((entry) => entry.id === p.id);
        return clinicalProcedureOf({
          id: p.id ?? -(index + 1),
          name: p.name,
          clinical_traits: service?.clinical_traits ?? null,
        });
      }),
      issuedAt,
    );
    const bytes = await (options.pool ?? defaultPdfRenderPool).render({
      kind: 'client-care',
      input: {
        data: printed,
        author,
        issuedAt,
        clinicalMarks: !holdsHealthData
          ? []
          : printed.procedures.map((p, index) =>
              clinicalMarksFor(p.id ?? -(index + 1), check.issues).filter(
                (mark) => mark.text !== UNKNOWN_TRAITS_MARK || p.id !== undefined,
              ),
            ),
      },
    });
    return { bytes, kind: 'client-care', subject: data.client.full_name ?? '', issuedAt };
  },

  /** Content-Disposition for showing the file in the browser or saving it. */
  disposition(pdf: RenderedPdf, disposition: 'inline' | 'attachment'): string {
    return contentDisposition(disposition, pdf.kind, pdf.subject, isoDateInSaoPaulo(pdf.issuedAt))
      .header;
  },
};
