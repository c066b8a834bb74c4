/**
 * Runs in a worker thread of the PDF pool (render-pool.ts): drawing a long document is seconds of
 * CPU that would otherwise stop the event loop, and every other request with it. Built as its
 * own file next to the server bundle (scripts/build-server.ts).
 */
import { renderClientCarePdf, type ClientCareDocumentInput } from './client-care-document.ts';
import { renderProposalPdf, type ProposalDocumentInput } from './proposal-document.ts';

export type RenderJob =
  | { kind: 'proposal'; input: ProposalDocumentInput }
  | { kind: 'client-care'; input: ClientCareDocumentInput };

export default async function render(job: RenderJob): Promise<Uint8Array> {
  return job.kind === 'proposal' ? renderProposalPdf(job.input) : renderClientCarePdf(job.input);
}
