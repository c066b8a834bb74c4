/**
 * Runs in a worker thread of the PDF pool (render-pool.ts): drawing a long document is seconds of
 * CPU that would otherwise stop the event loop, and every other request with it. Built as its
 * own file next to the server bundle (scripts/build-server.ts).
 */
import type { ClientExport } from '@portal/domain';
import { renderClientExportPdf } from './client-export-document.ts';
import { renderClientCarePdf, type ClientCareDocumentInput } from './client-care-document.ts';
import { renderProposalPdf, type ProposalDocumentInput } from './proposal-document.ts';
import {
  renderCancellationTermPdf,
  type CancellationTermInput,
} from './cancellation-term-document.ts';
import {
  renderCommissionStatementPdf,
  type CommissionStatementInput,
} from './commission-statement-document.ts';

export type RenderJob =
  | { kind: 'proposal'; input: ProposalDocumentInput }
  | { kind: 'client-care'; input: ClientCareDocumentInput }
  | { kind: 'client-export'; input: { data: ClientExport; author: string } }
  | { kind: 'cancellation-term'; input: CancellationTermInput }
  | { kind: 'commission-statement'; input: CommissionStatementInput };

export default async function render(job: RenderJob): Promise<Uint8Array> {
  switch (job.kind) {
    case 'proposal':
      return renderProposalPdf(job.input);
    case 'client-care':
      return renderClientCarePdf(job.input);
    case 'client-export':
      return renderClientExportPdf(job.input.data, job.input.author);
    case 'cancellation-term':
      return renderCancellationTermPdf(job.input);
    case 'commission-statement':
      return renderCommissionStatementPdf(job.input);
  }
}
