import crypto from 'node:crypto';
import {
  ACCEPT_TERMS_TEXT,
  addDays,
  buildProposalItems,
  computeProposalFigures,
  computeProposalTotals,
  effectiveProposalStatus,
  formatDateBR,
  formatProposalNumber,
  fullNameMatches,
  isEmptySelection,
  PROPOSAL_FOLLOW_UP_AFTER_DAYS,
  PROPOSAL_LIST_LIMIT_MAX,
  PROPOSAL_MESSAGES,
  publicGreetingName,
  proposalSelectionIssues,
  proposalValidUntil,
  PUBLIC_INSTALMENTS,
  publicProposalAcceptSchema,
  publicProposalDeclineSchema,
  revisionOpensNewDeal,
  saoPauloDayStart,
  WITHDRAWAL_NOTICE,
  whatsappUrl,
  findingLabel,
  type ClinicalIssue,
  type Package,
  type Proposal,
  type ProposalClinicalOverride,
  type ProposalBlocks,
  type ProposalCatalogueService,
  type ProposalCreateData,
  type ProposalListQueryData,
  type ProposalReviseData,
  type ProposalSendResponse,
  type ProposalStatus,
  type ProposalSummary,
  type PublicPlan,
  type UnitFace,
  type PublicProposal,
  type Unit,
  type ValidationIssue,
} from '@portal/domain';
import type { z } from 'zod';
import type { proposalDeclineSchema } from '@portal/domain';
import type { AppContext, ProposalAcceptedEvent } from '../../../app-context.ts';
import type { AppDb, DbOrTx } from '../../../db/client.ts';
import type { ProposalSnapshotColumn } from '../../../db/schema.ts';
import { auditService } from '../../../audit/service.ts';
import {
  ClinicalBlockError,
  HttpError,
  invalidField,
  notFound,
  registerConflictMessage,
} from '../../../http/errors.ts';
import { rowAccess, rowFilter, type Viewer } from '../../../auth/scope.ts';
import { clientsService, clinicalRecordOf } from '../../crm/clients/service.ts';
import { clinicalProcedureOf, clinicalService } from '../../crm/clinical/service.ts';
import { unitsService } from '../../people/units/service.ts';
import { packagesService } from '../../catalogue/packages/service.ts';
import { servicesService } from '../../catalogue/services/service.ts';
import { defaultPdfRenderPool, type PdfRenderPool } from '../../../pdf/render-pool.ts';
import { clinicalMarksFor } from '../../../pdf/clinical-marks.ts';
import * as repo from './repository.ts';

// Two people revising the same version at once: the second meets the unique (number, version).
registerConflictMessage('proposals_number_version_key', PROPOSAL_MESSAGES.superseded);

type ProposalDeclineData = z.output<typeof proposalDeclineSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
const yearFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
});

/** Proposals are numbered per calendar year where the clinics are. */
function yearInSaoPaulo(date: Date): number {
  return Number(yearFormatter.format(date));
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function statusOf(
  row: Pick<repo.ProposalRow, 'status' | 'validUntil'>,
  now: Date = new Date(),
): ProposalStatus {
  return effectiveProposalStatus(row.status, row.validUntil, now);
}

function linkActive(row: repo.ProposalRow, now: Date): boolean {
  return (
    row.tokenHash !== null &&
    row.linkRevokedAt === null &&
    row.linkExpiresAt !== null &&
    row.linkExpiresAt.getTime() > now.getTime() &&
    row.status !== 'superseded' &&
    statusOf(row, now) !== 'expired'
  );
}

function toSummary(row: repo.ProposalSummaryRow, now: Date = new Date()): ProposalSummary {
  return {
    id: row.id,
    number: row.number,
    version: row.version,
    status: statusOf(row, now),
    client: { id: row.clientId, full_name: row.clientName },
    package: { id: row.packageId ?? 0, name: row.packageName, annual_value: row.annualValue },
    valid_until: row.validUntil.toISOString(),
    author: { id: row.authorId ?? 0, name: row.authorName },
    unit: row.unit as Unit,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    viewed_at: iso(row.viewedAt),
    answered_at: iso(row.answeredAt),
  };
}

export function toProposal(row: repo.ProposalRow, now: Date = new Date()): Proposal {
  const { snapshot } = row;
  return {
    ...toSummary(row, now),
    package: {
      id: row.packageId ?? snapshot.package.id,
      name: row.packageName,
      annual_value: row.annualValue,
    },
    items: snapshot.items.map((item) => ({
      service_id: item.service_id,
      name: item.name,
      block: item.block,
      sessions: item.sessions,
      unit_value: item.unit_value,
      total_value: item.total_value,
    })),
    totals: snapshot.totals,
    warnings: snapshot.warnings,
    clinical_overrides: snapshot.clinical_overrides ?? [],
    valid_days: row.validDays,
    acceptance: row.acceptance,
    decline:
      row.status === 'declined' && row.answeredAt
        ? {
            reason_code: row.declineReasonCode,
            reason_text: row.declineReasonText,
            declined_at: row.answeredAt.toISOString(),
            by: row.declinedBy ?? 'staff',
          }
        : null,
    link_active: linkActive(row, now),
    previous_id: row.previousId,
    superseded_by_id: row.supersededById,
    revised_by:
      row.revisedByName !== null ? { id: row.revisedBy ?? 0, name: row.revisedByName } : null,
  };
}

async function visibleProposal(
  db: DbOrTx,
  viewer: Viewer,
  id: number,
  lock = false,
): Promise<repo.ProposalRow> {
  const row = await repo.findProposal(db, id, lock);
  if (!row || !rowAccess.proposal(viewer, row)) throw notFound(PROPOSAL_MESSAGES.notFound);
  return row;
}

/**
 * A proposal with its client's current record, for answers that carry the client's data (the
 * client-care PDF, a send with her phone and email): both must be in the viewer's scope, the
 * client read as she is now, so a move or an edit since the proposal was saved counts.
 */
async function visibleProposalWithClient(db: DbOrTx, viewer: Viewer, id: number, lock = false) {
  const row = await visibleProposal(db, viewer, id, lock);
  const client = await clientsService.findRow(db, row.clientId);
  if (!client || !rowAccess.client(viewer, client)) throw notFound(PROPOSAL_MESSAGES.notFound);
  return { row, client };
}

/** The package for a proposal, as a 422 on `package_id` when it does not exist. */
async function packageFor(db: AppDb, packageId: number): Promise<Package> {
  try {
    return await packagesService.get(db, packageId);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) {
      throw invalidField(['body', 'package_id'], PROPOSAL_MESSAGES.packageNotFound);
    }
    throw error;
  }
}

/** Codes of issues that name the client's health (a condition or an allergy). */
const HEALTH_ISSUE_CODES = new Set<ClinicalIssue['code']>(['contraindication', 'allergy']);

/**
 * An answer whose warnings name the client's conditions or allergies carries health data: the
 * read is written to her access log (LGPD.md), in the caller's transaction.
 */
async function logHealthWarnings(
  db: DbOrTx,
  viewer: Viewer,
  row: { clientId: number; snapshot: ProposalSnapshotColumn },
): Promise<void> {
  if (row.snapshot.warnings.some((warning) => HEALTH_ISSUE_CODES.has(warning.code))) {
    await clientsService.logAccess(db, viewer, row.clientId, 'read_sensitive');
  }
}

/**
 * The frozen snapshot of a selection: checked against the package's rules, every total computed
 * here from the catalogue as it is now (DESIGN.md section 11), warnings from the clinical check
 * of the client's record (issue 26). An absolute contraindication refuses the save (422
 * CLINICAL_BLOCK) unless `overrideReason` is given; it is then kept per procedure, by whom and
 * when, beside the warnings (docs/decisions/0031-clinical-check-at-every-path.md).
 */
async function snapshotFor(
  db: AppDb,
  viewer: Viewer,
  packageId: number,
  blocks: ProposalBlocks,
  client: Parameters<typeof clinicalRecordOf>[0],
  overrideReason: string | null,
  now: Date,
): Promise<{ pkg: Package; snapshot: ProposalSnapshotColumn }> {
  const pkg = await packageFor(db, packageId);
  // A proposal of nothing ('Valor avulso R$ 0,00') is no offer (issue 27).
  if (isEmptySelection(blocks)) {
    throw invalidField(['body', 'blocks'], PROPOSAL_MESSAGES.noProcedure);
  }
  const ids = [...blocks.A, ...blocks.B, ...blocks.C, ...blocks.D];
  const services = await servicesService.findByIds(db, ids);
  const catalogue = new Map<number, ProposalCatalogueService>(
    services.map((service) => [service.id, { ...service, traits: service.traits ?? [] }]),
  );
  const issues = proposalSelectionIssues(pkg, catalogue, blocks);
  if (issues.length > 0) {
    const detail: ValidationIssue[] = issues.map((issue) => ({
      loc: ['body', ...issue.loc],
      msg: issue.msg,
      type: 'selection_rule',
    }));
    throw new HttpError(422, detail);
  }
  const items = buildProposalItems(blocks, catalogue);
  const totals = computeProposalTotals(pkg.annual_value, items);
  const byId = new Map(services.map((service) => [service.id, service]));
  const check = clinicalService.run(
    clinicalRecordOf(client),
    null,
    [...new Set(items.map((item) => item.service_id))].flatMap((id) => {
      const service = byId.get(id);
      return service ? [clinicalProcedureOf(service)] : [];
    }),
    now,
  );
  const absolute = check.issues.filter((issue) => issue.severity === 'absolute');
  if (absolute.length > 0 && !overrideReason) {
    throw new ClinicalBlockError(PROPOSAL_MESSAGES.clinicalBlock, absolute);
  }
  const overrides: ProposalClinicalOverride[] = absolute.map((issue) => ({
    service_id: issue.service_id,
    condition: issue.condition,
    reason: overrideReason ?? '',
    by: { id: viewer.id, name: viewer.name },
    at: now.toISOString(),
  }));
  return {
    pkg,
    snapshot: {
      package: { id: pkg.id, name: pkg.name, annual_value: pkg.annual_value },
      items,
      totals,
      warnings: check.issues,
      clinical_overrides: overrides,
    },
  };
}

/** The overrides of a saved version, in the audit trail with the version they belong to. */
async function auditOverrides(
  tx: DbOrTx,
  row: { id: number; snapshot: ProposalSnapshotColumn },
): Promise<void> {
  const overrides = row.snapshot.clinical_overrides ?? [];
  if (overrides.length === 0) return;
  await auditService.record(tx, {
    entity: 'proposal',
    entityId: row.id,
    action: 'clinical_override',
    before: null,
    after: {
      clinical_overrides: overrides.map(({ service_id, condition, reason, by }) => ({
        service_id,
        condition,
        reason,
        by_id: by.id,
      })),
    },
  });
}

/** The client of a new proposal: 422 on `client_id` when unknown, out of reach or anonymized. */
async function clientFor(db: DbOrTx, viewer: Viewer, clientId: number) {
  try {
    const client = await clientsService.forProposal(db, viewer, clientId);
    if (client.anonymizedAt) {
      throw invalidField(['body', 'client_id'], PROPOSAL_MESSAGES.clientAnonymized);
    }
    return client;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) {
      throw invalidField(['body', 'client_id'], PROPOSAL_MESSAGES.clientNotFound);
    }
    throw error;
  }
}

function refuseUnlessOpen(row: repo.ProposalRow, now: Date): void {
  if (row.status === 'superseded') throw new HttpError(409, PROPOSAL_MESSAGES.superseded);
  if (row.status === 'accepted') throw new HttpError(409, PROPOSAL_MESSAGES.alreadyAccepted);
  if (row.status === 'declined') throw new HttpError(409, PROPOSAL_MESSAGES.alreadyDeclined);
  if (statusOf(row, now) === 'expired') throw new HttpError(409, PROPOSAL_MESSAGES.expired);
}

/**
 * A proposal stored before empty selections were refused holds no procedure: it is never sent
 * nor accepted (422, as its save is refused now).
 */
function refuseEmpty(row: repo.ProposalRow): void {
  if (row.snapshot.items.length === 0) {
    throw new HttpError(422, [
      { loc: ['body', 'blocks'], msg: PROPOSAL_MESSAGES.noProcedure, type: 'selection_rule' },
    ]);
  }
}

/** An anonymized client's proposal is never sent nor accepted: nobody is there to receive it. */
function refuseAnonymized(client: { anonymizedAt: Date | null }): void {
  if (client.anonymizedAt) throw new HttpError(409, PROPOSAL_MESSAGES.clientAnonymizedSend);
}

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * The acceptance's seal of the document: HMAC-SHA-256 under the client's evidence key, not a
 * plain hash anyone could recompute for a guessed name once the client is anonymized
 * (docs/decisions/0034-keyed-evidence-and-sealed-audit.md).
 */
async function documentSeal(db: DbOrTx, clientId: number, bytes: Buffer): Promise<string> {
  const key = await clientsService.evidenceKey(db, clientId);
  return crypto.createHmac('sha256', Buffer.from(key, 'hex')).update(bytes).digest('hex');
}

/** 'service:condition' of each absolute issue kept with a recorded reason. */
function overriddenKeys(snapshot: ProposalSnapshotColumn): Set<string> {
  return new Set((snapshot.clinical_overrides ?? []).map((o) => `${o.service_id}:${o.condition}`));
}

/**
 * The proposal document of a stored proposal, from its snapshot (never today's catalogue), drawn
 * in the PDF worker pool. Drawn with the proposal's own date, the same row always gives the same
 * bytes: without the evidence page, exactly the document whose seal the acceptance recorded.
 */
export async function renderStoredProposal(
  pool: PdfRenderPool,
  row: repo.ProposalRow,
  withEvidence: boolean,
  db?: DbOrTx,
): Promise<Buffer> {
  const acceptance = row.acceptance;
  // The evidence page prints the client's key, so the holder of the document can check the seal;
  // after anonymization there is none to print.
  const evidenceKey =
    withEvidence && acceptance && db
      ? await clientsService.findEvidenceKey(db, row.clientId)
      : null;
  return pool.render({
    kind: 'proposal',
    input: {
      clientName: row.clientName,
      packageName: row.packageName,
      figures: computeProposalFigures(
        row.annualValue,
        row.snapshot.items.map((item) => ({
          name: item.name,
          unit: item.unit_value,
          qty: item.sessions,
          benefits: [],
        })),
      ),
      benefitCards: [],
      synergyItems: [],
      clinicalMarks: row.snapshot.items.map((item) =>
        clinicalMarksFor(item.service_id, row.snapshot.warnings, overriddenKeys(row.snapshot)),
      ),
      author: row.authorName,
      issuedAt: row.createdAt,
      validDays: row.validDays,
      ...(withEvidence && acceptance
        ? {
            evidence: {
              ...acceptance,
              number: row.number,
              version: row.version,
              evidence_key: evidenceKey,
            },
          }
        : {}),
    },
  });
}

/** Wrong names typed on one link before it stops taking names for the window (issue 27). */
export const NAME_ATTEMPTS_PER_LINK = 5;
const NAME_ATTEMPT_WINDOW_MS = 15 * 60_000;

/**
 * The typed name checked against the client's, counting failures per link (whatever the
 * address): past NAME_ATTEMPTS_PER_LINK the link answers 429, even to the right name, until the
 * window ends, so a name cannot be found by trying a list of them.
 */
async function checkTypedName(ctx: AppContext, token: string, typed: string, clientName: string) {
  const key = `accept-name:${hashToken(token)}`;
  const refuse = () => new HttpError(429, PROPOSAL_MESSAGES.tooManyNameAttempts);
  if ((await ctx.loginLimiter.peek(key)).count >= NAME_ATTEMPTS_PER_LINK) throw refuse();
  if (fullNameMatches(typed, clientName)) return;
  const { count } = await ctx.loginLimiter.hit(key, NAME_ATTEMPT_WINDOW_MS);
  if (count > NAME_ATTEMPTS_PER_LINK) throw refuse();
  throw invalidField(['body', 'full_name'], PROPOSAL_MESSAGES.fullNameMismatch);
}

/** The client's view, with the face of the unit the proposal belongs to (migration 0022). */
async function publicView(
  db: DbOrTx,
  row: repo.ProposalRow,
  now: Date,
  afterSale?: { contractId: number | null; plan: PublicPlan | null },
): Promise<PublicProposal> {
  return toPublic(row, now, await unitsService.face(db, row.unit), afterSale);
}

function toPublic(
  row: repo.ProposalRow,
  now: Date,
  unit: UnitFace,
  afterSale: { contractId: number | null; plan: PublicPlan | null } = {
    contractId: null,
    plan: null,
  },
): PublicProposal {
  const status = statusOf(row, now);
  const { totals } = row.snapshot;
  return {
    clinic_address: unit.address,
    clinic_phone: unit.phone,
    clinic_whatsapp_url: unit.whatsapp
      ? whatsappUrl(unit.whatsapp, `Olá! Tenho uma dúvida sobre a proposta ${row.number}.`)
      : null,
    professional_name: row.authorName,
    number: row.number,
    version: row.version,
    status,
    clinic_name: unit.display_name,
    client_name: publicGreetingName(row.clientName),
    package_name: row.packageName,
    items: row.snapshot.items.map((item) => ({
      name: item.name,
      block: item.block,
      sessions: item.sessions,
      unit_value: item.unit_value,
      total_value: item.total_value,
    })),
    standalone_value: totals.servicesTotalValue,
    package_value: totals.annual,
    discount: totals.discount,
    discount_pct: totals.discountPct,
    instalments: PUBLIC_INSTALMENTS,
    instalment_value: totals.monthly,
    valid_until: row.validUntil.toISOString(),
    withdrawal_notice: WITHDRAWAL_NOTICE,
    terms_text: ACCEPT_TERMS_TEXT,
    can_answer: status === 'sent' || status === 'viewed',
    accepted_at: row.acceptance?.accepted_at ?? null,
    declined_at: row.status === 'declined' ? iso(row.answeredAt) : null,
    contract_id: afterSale.plan?.contract_id ?? afterSale.contractId,
    plan: afterSale.plan,
  };
}

/** What the after-sale shows on an accepted proposal's link (null before acceptance). */
async function afterSaleOf(ctx: AppContext, db: DbOrTx, row: repo.ProposalRow, now: Date) {
  if (row.status !== 'accepted') return { contractId: null, plan: null };
  const plan = await ctx.afterSale.clientPlan(db, row.id, now);
  return { contractId: plan?.contract_id ?? null, plan };
}

/** The accepted proposal as the after-sale takes it over (apps/api/src/app-context.ts). */
function acceptedEvent(
  row: repo.ProposalRow,
  at: Date,
  channel: ProposalAcceptedEvent['channel'],
  staff: Viewer | null,
): ProposalAcceptedEvent {
  return {
    id: row.id,
    number: row.number,
    clientId: row.clientId,
    clientName: row.clientName,
    unit: row.unit,
    authorId: row.authorId,
    authorName: row.authorName,
    packageName: row.packageName,
    annualValue: row.annualValue,
    items: row.snapshot.items.map((item) => ({
      service_id: item.service_id,
      name: item.name,
      sessions: item.sessions,
      unit_value: item.unit_value,
      unit_cost: item.unit_cost,
    })),
    at,
    channel,
    staff: staff && { id: staff.id, name: staff.name, profile: staff.profile, unit: staff.unit },
  };
}

/** The proposal behind a public token, or 404/410 when the link does not (or no longer) open. */
async function publicRow(
  db: DbOrTx,
  token: string,
  now: Date,
  lock = false,
): Promise<repo.ProposalRow> {
  const row =
    token.length >= 20 && token.length <= 200
      ? await repo.findProposalByTokenHash(db, hashToken(token), lock)
      : undefined;
  if (!row) throw new HttpError(404, PROPOSAL_MESSAGES.linkUnavailable);
  if (row.status === 'superseded') throw new HttpError(410, PROPOSAL_MESSAGES.superseded);
  if (row.linkRevokedAt) throw new HttpError(410, PROPOSAL_MESSAGES.linkUnavailable);
  const answered = row.status === 'accepted' || row.status === 'declined';
  if (!answered && statusOf(row, now) === 'expired') {
    throw new HttpError(410, PROPOSAL_MESSAGES.expired);
  }
  if (!answered && row.linkExpiresAt && row.linkExpiresAt.getTime() <= now.getTime()) {
    throw new HttpError(410, PROPOSAL_MESSAGES.linkUnavailable);
  }
  return row;
}

function validationError(error: z.ZodError): HttpError {
  return new HttpError(
    422,
    error.issues.map((issue) => ({
      loc: ['body', ...issue.path.map((part) => (typeof part === 'number' ? part : String(part)))],
      msg: issue.message,
      type: issue.code,
    })),
  );
}

/** GET /public/proposals/{token}: the client's view; the first view moves sent → viewed. */
export async function getPublicProposal(
  ctx: AppContext,
  token: string,
  now: Date = new Date(),
): Promise<PublicProposal> {
  const read = () =>
    ctx.db.transaction(async (tx) => {
      const row = await publicRow(tx, token, now);
      if (row.status === 'sent') {
        await repo.markViewed(tx, row.id, now);
        return publicView(tx, { ...row, status: 'viewed', viewedAt: now }, now);
      }
      return publicView(tx, row, now, await afterSaleOf(ctx, tx, row, now));
    });
  const view = await read();
  // A Pix Automático whose first code the provider could not make at acceptance: try again now,
  // outside the transaction, so the client finds it on the page she came back to.
  const payments = view.plan?.payments;
  if (
    view.contract_id !== null &&
    payments?.pix_automatico &&
    payments.mandate?.status === 'aguardando' &&
    payments.next?.n === 1 &&
    payments.next.pix_copia_e_cola === null
  ) {
    await ctx.afterSale.afterAcceptance(ctx.db, view.contract_id, now);
    return read();
  }
  return view;
}

/**
 * POST /public/proposals/{token}/accept. Records the evidence: time, typed name, address, browser
 * and the seal (keyed HMAC) of the proposal PDF as accepted. A second acceptance is refused (409); one after
 * expiry, revocation or a new version too (410).
 */
export async function acceptPublicProposal(
  ctx: AppContext,
  token: string,
  body: unknown,
  evidence: { ip: string; userAgent: string },
  now: Date = new Date(),
): Promise<PublicProposal> {
  const parsed = publicProposalAcceptSchema.safeParse(body);
  // Checked and hashed before the transaction: the document is drawn in the PDF worker pool,
  // never on the event loop while a row lock is held (a burst of accepts would queue behind it).
  const seen = await publicRow(ctx.db, token, now);
  const refuseAnswered = (row: repo.ProposalRow) => {
    if (row.status === 'accepted') throw new HttpError(409, PROPOSAL_MESSAGES.alreadyAccepted);
    if (row.status === 'declined') throw new HttpError(409, PROPOSAL_MESSAGES.alreadyDeclined);
  };
  refuseAnswered(seen);
  refuseEmpty(seen);
  if (!parsed.success) throw validationError(parsed.error);
  await checkTypedName(ctx, token, parsed.data.full_name, seen.clientName);
  const documentHmac = await documentSeal(
    ctx.db,
    seen.clientId,
    await renderStoredProposal(ctx.pdfPool, seen, false),
  );
  const accepted = await ctx.db.transaction(async (tx) => {
    // Again under the row lock: the link may have been revoked, the proposal superseded, expired,
    // answered by a parallel request, or its client anonymized while the document was drawn.
    const row = await publicRow(tx, token, now, true);
    refuseAnswered(row);
    if (row.id !== seen.id || row.clientName !== seen.clientName) {
      throw new HttpError(409, PROPOSAL_MESSAGES.changedWhileAccepting);
    }
    const updated = await repo.updateProposal(tx, row.id, {
      status: 'accepted',
      answeredAt: now,
      viewedAt: row.viewedAt ?? now,
      acceptance: {
        accepted_at: now.toISOString(),
        full_name: parsed.data.full_name,
        ip: evidence.ip.slice(0, 100),
        user_agent: evidence.userAgent.slice(0, 500),
        document_hmac: documentHmac,
        channel: 'link',
      },
    });
    // The client answered through the link: no staff member acted (actor null). Ids and
    // statuses only: the trail cannot be erased, so it holds no personal data (LGPD).
    await auditService.record(tx, {
      entity: 'proposal',
      entityId: row.id,
      action: 'accept',
      actorId: null,
      before: { status: row.status },
      after: { status: 'accepted', channel: 'link', document_hmac: documentHmac },
    });
    // The contract is born in the same transaction: an acceptance without it cannot commit.
    const { contractId } = await ctx.afterSale.proposalAccepted(
      tx,
      acceptedEvent(updated, now, 'link', null),
    );
    return { updated, contractId };
  });
  // Committed: now the payment provider (Pix Automático's QR, the first charge), then her page.
  await ctx.afterSale.afterAcceptance(ctx.db, accepted.contractId, now);
  return publicView(ctx.db, accepted.updated, now, {
    contractId: accepted.contractId,
    plan: await ctx.afterSale.clientPlan(ctx.db, accepted.updated.id, now),
  });
}

/**
 * POST /public/proposals/{token}/withdraw: within 7 days of accepting on the link, the client
 * withdraws on the same link (CDC art. 49; Decreto 7.962 art. 5). The answer confirms it at once.
 */
export async function withdrawPublicProposal(
  ctx: AppContext,
  token: string,
  now: Date = new Date(),
): Promise<PublicProposal> {
  return ctx.db.transaction(async (tx) => {
    const row = await publicRow(tx, token, now, true);
    if (row.status !== 'accepted') {
      throw new HttpError(409, PROPOSAL_MESSAGES.notAcceptedYet);
    }
    const plan = await ctx.afterSale.clientWithdraws(tx, row.id, now);
    return publicView(tx, row, now, { contractId: plan.contract_id, plan });
  });
}

/** POST /public/proposals/{token}/decline: reason code and text both optional. */
export async function declinePublicProposal(
  ctx: AppContext,
  token: string,
  body: unknown,
  now: Date = new Date(),
): Promise<PublicProposal> {
  const parsed = publicProposalDeclineSchema.safeParse(body ?? {});
  return ctx.db.transaction(async (tx) => {
    const row = await publicRow(tx, token, now, true);
    if (row.status === 'accepted') throw new HttpError(409, PROPOSAL_MESSAGES.alreadyAccepted);
    if (row.status === 'declined') throw new HttpError(409, PROPOSAL_MESSAGES.alreadyDeclined);
    if (!parsed.success) throw validationError(parsed.error);
    const updated = await repo.updateProposal(tx, row.id, {
      status: 'declined',
      answeredAt: now,
      viewedAt: row.viewedAt ?? now,
      declineReasonCode: parsed.data.reason_code,
      declineReasonText: parsed.data.reason_text,
      declinedBy: 'client',
    });
    await auditService.record(tx, {
      entity: 'proposal',
      entityId: row.id,
      action: 'decline',
      actorId: null,
      before: { status: row.status },
      after: { status: 'declined', channel: 'link', reason_code: parsed.data.reason_code ?? null },
    });
    return publicView(tx, updated, now);
  });
}

/**
 * What the trail keeps of a proposal's content: number, package, procedures by name and price;
 * never the client (the trail outlives an anonymization).
 */
function auditedContent(row: repo.ProposalRow) {
  return {
    number: row.number,
    version: row.version,
    status: row.status,
    package: row.packageName,
    items: row.snapshot.items.map((item) => `${item.name} × ${item.sessions}`),
    annual_value: row.annualValue,
  };
}

export interface ProposalPage {
  items: ProposalSummary[];
  /** Exact, whatever the size of the history. */
  total: number;
}

/** The proposals module's public face: other modules call these, never the repository. */
export const proposalsService = {
  async list(db: AppDb, viewer: Viewer, query: ProposalListQueryData): Promise<ProposalPage> {
    const now = new Date();
    // Without `limit`, one page of the maximum size: a network's history is too long for one answer.
    const scope = rowFilter(viewer);
    if (scope === null) return { items: [], total: 0 };
    const filter: repo.ProposalListFilter = {
      scope,
      limit: query.limit ?? PROPOSAL_LIST_LIMIT_MAX,
      offset: query.offset,
    };
    if (query.client_id !== undefined) filter.clientId = query.client_id;
    switch (query.status) {
      case undefined:
        filter.statuses = ['draft', 'sent', 'viewed', 'accepted', 'declined'];
        break;
      case 'expired':
        filter.statuses = ['draft', 'sent', 'viewed'];
        filter.expiredAt = now;
        break;
      case 'draft':
      case 'sent':
      case 'viewed':
        filter.statuses = [query.status];
        filter.validAfter = now;
        break;
      default:
        filter.statuses = [query.status];
    }
    if (query.follow_up) {
      filter.statuses = ['sent', 'viewed'].filter(
        (status) => !filter.statuses || filter.statuses.includes(status as 'sent'),
      ) as ['sent'];
      filter.validAfter = now;
      filter.sentBefore = new Date(now.getTime() - PROPOSAL_FOLLOW_UP_AFTER_DAYS * DAY_MS);
    }
    if (query.from) filter.createdFrom = saoPauloDayStart(query.from);
    if (query.to) filter.createdBefore = saoPauloDayStart(addDays(query.to, 1));
    const { rows, total } = await repo.listProposals(db, filter);
    return { items: rows.map((row) => toSummary(row, now)), total };
  },

  async get(db: AppDb, viewer: Viewer, id: number): Promise<Proposal> {
    return db.transaction(async (tx) => {
      const row = await visibleProposal(tx, viewer, id);
      await logHealthWarnings(tx, viewer, row);
      return toProposal(row);
    });
  },

  /** Saves version 1 of a new number; every figure is the server's. */
  async create(db: AppDb, viewer: Viewer, data: ProposalCreateData): Promise<Proposal> {
    const client = await clientFor(db, viewer, data.client_id);
    const now = new Date();
    const { pkg, snapshot } = await snapshotFor(
      db,
      viewer,
      data.package_id,
      data.blocks,
      client,
      data.override_reason,
      now,
    );
    return db.transaction(async (tx) => {
      const sequence = await repo.nextProposalSequence(tx, yearInSaoPaulo(now));
      const row = await repo.insertProposal(tx, {
        number: formatProposalNumber(yearInSaoPaulo(now), sequence),
        version: 1,
        clientId: client.id,
        packageId: pkg.id,
        authorId: viewer.id,
        authorName: viewer.name,
        // The client's unit, whoever saves it (an admin's sale is the client's unit's).
        unit: client.unit,
        status: 'draft',
        validDays: data.valid_days,
        validUntil: proposalValidUntil(now, data.valid_days),
        clientName: client.fullName,
        packageName: pkg.name,
        annualValue: pkg.annual_value,
        snapshot,
        createdAt: now,
        updatedAt: now,
      });
      await auditOverrides(tx, row);
      await logHealthWarnings(tx, viewer, row);
      await auditService.record(tx, {
        entity: 'proposal',
        entityId: row.id,
        action: 'create',
        after: auditedContent(row),
      });
      return toProposal(row, now);
    });
  },

  /**
   * Version N+1: new id, same number; the previous becomes superseded and its link stops. A
   * declined or expired proposal is a lost deal and stays as it is: its revision opens a new deal
   * (version 1 of a new number, `previous_id` naming the lost one), so the decline, its reason
   * and the funnel's figures are never erased (docs/decisions/0033-deal-funnel-and-exact-figures.md).
   */
  async revise(db: AppDb, viewer: Viewer, id: number, data: ProposalReviseData): Promise<Proposal> {
    const current = await visibleProposal(db, viewer, id);
    if (current.status === 'superseded') throw new HttpError(409, PROPOSAL_MESSAGES.superseded);
    if (current.status === 'accepted') throw new HttpError(409, PROPOSAL_MESSAGES.alreadyAccepted);
    const packageId = data.package_id ?? current.packageId;
    if (packageId === null)
      throw invalidField(['body', 'package_id'], PROPOSAL_MESSAGES.packageRequired);
    // The client stays the proposal's, so her record is checked again (issue 26).
    const client = await clientFor(db, viewer, current.clientId);
    const now = new Date();
    const { pkg, snapshot } = await snapshotFor(
      db,
      viewer,
      packageId,
      data.blocks,
      client,
      data.override_reason,
      now,
    );
    const validDays = data.valid_days ?? current.validDays;
    return db.transaction(async (tx) => {
      const locked = await visibleProposal(tx, viewer, id, true);
      if (locked.status === 'superseded') throw new HttpError(409, PROPOSAL_MESSAGES.superseded);
      if (locked.status === 'accepted') throw new HttpError(409, PROPOSAL_MESSAGES.alreadyAccepted);
      const newDeal = revisionOpensNewDeal(statusOf(locked, now));
      const year = yearInSaoPaulo(now);
      const row = await repo.insertProposal(tx, {
        number: newDeal
          ? formatProposalNumber(year, await repo.nextProposalSequence(tx, year))
          : locked.number,
        version: newDeal ? 1 : locked.version + 1,
        clientId: client.id,
        packageId: pkg.id,
        // The author stays; whoever revised is recorded beside them (a manager's revision does
        // not take the professional's deal over).
        authorId: locked.authorId,
        authorName: locked.authorName,
        revisedBy: viewer.id,
        revisedByName: viewer.name,
        unit: client.unit,
        status: 'draft',
        validDays,
        validUntil: proposalValidUntil(now, validDays),
        clientName: client.fullName,
        packageName: pkg.name,
        annualValue: pkg.annual_value,
        snapshot,
        previousId: locked.id,
        createdAt: now,
        updatedAt: now,
      });
      if (newDeal) {
        await logHealthWarnings(tx, viewer, row);
        return toProposal(row, now);
      }
      await repo.updateProposal(tx, locked.id, {
        status: 'superseded',
        supersededById: row.id,
        linkRevokedAt: locked.linkRevokedAt ?? now,
      });
      await auditOverrides(tx, row);
      await logHealthWarnings(tx, viewer, row);
      // On the new version: what it replaced and what it holds now (a declined deal revised
      // keeps its decline in the old version's entries).
      await auditService.record(tx, {
        entity: 'proposal',
        entityId: row.id,
        action: 'revise',
        before: { ...auditedContent(locked), status: locked.status },
        after: auditedContent(row),
      });
      return toProposal(row, now);
    });
  },

  /**
   * A fresh public link (a new token each time; only its SHA-256 is kept), the WhatsApp message
   * and, when SMTP_URL is set and the client has an email, an email.
   */
  async send(ctx: AppContext, viewer: Viewer, id: number): Promise<ProposalSendResponse> {
    const now = new Date();
    const token = crypto.randomBytes(32).toString('base64url');
    const { row, client } = await ctx.db.transaction(async (tx) => {
      const { row: current, client } = await visibleProposalWithClient(tx, viewer, id, true);
      refuseUnlessOpen(current, now);
      refuseEmpty(current);
      refuseAnonymized(client);
      const updated = await repo.updateProposal(tx, id, {
        tokenHash: hashToken(token),
        linkExpiresAt: current.validUntil,
        linkRevokedAt: null,
        status: current.status === 'draft' ? 'sent' : current.status,
        sentAt: now,
      });
      await auditService.record(tx, {
        entity: 'proposal',
        entityId: id,
        action: 'send',
        before: { status: current.status },
        after: { status: updated.status, link: 'active' },
      });
      return { row: updated, client };
    });
    const publicUrl = `${ctx.config.publicUrl}/p/${token}`;
    const firstName = client.preferredName ?? row.clientName.split(' ')[0] ?? row.clientName;
    const validUntil = formatDateBR(row.validUntil);
    // In the clinic's name, signed by who prepared it (issue 27), not the software's.
    const unit = await unitsService.face(ctx.db, row.unit);
    const message = `Olá, ${firstName}! Aqui está a sua proposta ${row.number} da ${unit.display_name}, preparada por ${row.authorName}, válida até ${validUntil}: ${publicUrl}`;
    let emailSent = false;
    if (ctx.config.smtpUrl && client.email) {
      try {
        await ctx.mailer.send({
          to: client.email,
          subject: `Sua proposta ${row.number} - ${unit.display_name}`,
          text: `${message}\n\nVocê pode aceitar ou recusar a proposta pelo link acima.`,
        });
        emailSent = true;
      } catch {
        emailSent = false;
      }
    }
    return {
      public_url: publicUrl,
      whatsapp_url: client.phone ? whatsappUrl(client.phone, message) : null,
      expires_at: row.validUntil.toISOString(),
      email_sent: emailSent,
    };
  },

  /**
   * POST /proposals/{id}/accept-in-person: the client accepts in the clinic, typing her name on
   * the staff's screen. The evidence records who recorded it; the contract is born in the same
   * transaction (in person: no 7-day withdrawal, a cancellation follows a quote instead).
   */
  async acceptInPerson(
    ctx: AppContext,
    viewer: Viewer,
    id: number,
    fullName: string,
    evidence: { ip: string; userAgent: string },
    now: Date = new Date(),
  ): Promise<{ contract_id: number; proposal_id: number }> {
    const { row: seen, client } = await visibleProposalWithClient(ctx.db, viewer, id);
    refuseUnlessOpen(seen, now);
    refuseEmpty(seen);
    refuseAnonymized(client);
    if (!fullNameMatches(fullName, seen.clientName)) {
      throw invalidField(['body', 'full_name'], PROPOSAL_MESSAGES.fullNameMismatch);
    }
    const { afterSale } = ctx;
    const documentHmac = await documentSeal(
      ctx.db,
      seen.clientId,
      await renderStoredProposal(ctx.pdfPool, seen, false),
    );
    const accepted = await ctx.db.transaction(async (tx) => {
      const { row } = await visibleProposalWithClient(tx, viewer, id, true);
      refuseUnlessOpen(row, now);
      if (row.clientName !== seen.clientName || row.version !== seen.version) {
        throw new HttpError(409, PROPOSAL_MESSAGES.changedWhileAccepting);
      }
      const updated = await repo.updateProposal(tx, row.id, {
        status: 'accepted',
        answeredAt: now,
        linkRevokedAt: row.linkRevokedAt,
        acceptance: {
          accepted_at: now.toISOString(),
          full_name: fullName,
          ip: evidence.ip.slice(0, 100),
          user_agent: evidence.userAgent.slice(0, 500),
          document_hmac: documentHmac,
          channel: 'presencial',
          recorded_by: { id: viewer.id, name: viewer.name },
        },
      });
      await auditService.record(tx, {
        entity: 'proposal',
        entityId: row.id,
        action: 'accept',
        before: { status: row.status },
        after: { status: 'accepted', channel: 'presencial', document_hmac: documentHmac },
      });
      const { contractId } = await afterSale.proposalAccepted(
        tx,
        acceptedEvent(updated, now, 'presencial', viewer),
      );
      return { contract_id: contractId, proposal_id: row.id };
    });
    await afterSale.afterAcceptance(ctx.db, accepted.contract_id, now);
    return accepted;
  },

  /** The professional records the client's no; the link stops working. */
  async decline(
    db: AppDb,
    viewer: Viewer,
    id: number,
    data: ProposalDeclineData,
  ): Promise<Proposal> {
    const now = new Date();
    return db.transaction(async (tx) => {
      const current = await visibleProposal(tx, viewer, id, true);
      if (current.status === 'superseded') throw new HttpError(409, PROPOSAL_MESSAGES.superseded);
      if (current.status === 'accepted')
        throw new HttpError(409, PROPOSAL_MESSAGES.alreadyAccepted);
      if (current.status === 'declined')
        throw new HttpError(409, PROPOSAL_MESSAGES.alreadyDeclined);
      const row = await repo.updateProposal(tx, id, {
        status: 'declined',
        answeredAt: now,
        declineReasonCode: data.reason_code,
        declineReasonText: data.reason_text,
        declinedBy: 'staff',
        linkRevokedAt: current.linkRevokedAt ?? now,
      });
      await auditService.record(tx, {
        entity: 'proposal',
        entityId: id,
        action: 'decline',
        before: { status: current.status },
        after: { status: 'declined', reason_code: data.reason_code },
      });
      await logHealthWarnings(tx, viewer, row);
      return toProposal(row, now);
    });
  },

  /** The public link stops opening (idempotent). */
  async revokeLink(db: AppDb, viewer: Viewer, id: number): Promise<Proposal> {
    const now = new Date();
    return db.transaction(async (tx) => {
      const current = await visibleProposal(tx, viewer, id, true);
      await logHealthWarnings(tx, viewer, current);
      if (current.linkRevokedAt || current.tokenHash === null) return toProposal(current, now);
      const row = await repo.updateProposal(tx, id, { linkRevokedAt: now });
      await auditService.record(tx, {
        entity: 'proposal',
        entityId: id,
        action: 'revoke',
        before: { link: 'active' },
        after: { link: 'revoked' },
      });
      return toProposal(row, now);
    });
  },

  /**
   * The proposal PDF from the snapshot; after acceptance, with the evidence page unless
   * `includeEvidence` is false (then its HMAC under the client's key is the acceptance's
   * document_hmac).
   */
  async pdf(
    db: AppDb,
    viewer: Viewer,
    id: number,
    pool: PdfRenderPool = defaultPdfRenderPool,
    includeEvidence = true,
  ): Promise<{ bytes: Buffer; row: repo.ProposalRow }> {
    const row = await visibleProposal(db, viewer, id);
    // Its clinical notes name her conditions, as the answer's warnings do.
    await logHealthWarnings(db, viewer, row);
    return {
      bytes: await renderStoredProposal(pool, row, includeEvidence && row.acceptance !== null, db),
      row,
    };
  },

  /** The client-care guide from the client record (a read of its sensitive part, logged). */
  async clientCarePdf(
    db: AppDb,
    viewer: Viewer,
    id: number,
    pool: PdfRenderPool = defaultPdfRenderPool,
  ): Promise<{ bytes: Buffer; row: repo.ProposalRow }> {
    const { row, client } = await visibleProposalWithClient(db, viewer, id);
    await clientsService.logAccess(db, viewer, client.id, 'read_sensitive');
    // The client's record as it is today against the proposal's procedures (issue 26): each
    // procedure's issue is printed beside it, not a bare list of conditions above them.
    const procedureIds = [...new Set(row.snapshot.items.map((item) => item.service_id))];
    const services = await servicesService.findByIds(db, procedureIds);
    const names = new Map(row.snapshot.items.map((item) => [item.service_id, item.name]));
    const check = clinicalService.run(
      clinicalRecordOf(client),
      null,
      procedureIds.map((serviceId) => {
        const service = services.find((entry) => entry.id === serviceId);
        return clinicalProcedureOf(service ?? { id: serviceId, name: names.get(serviceId) ?? '' });
      }),
    );
    const overridden = overriddenKeys(row.snapshot);
    const bytes = await pool.render({
      kind: 'client-care',
      input: {
        data: {
          client: {
            full_name: client.fullName,
            preferred_name: client.preferredName ?? undefined,
            pronoun_or_salutation: client.salutation ?? undefined,
            important_dates: client.importantDates,
            preferences: client.preferences,
          },
          quick_chips: [],
          channels: client.channels,
          scheduling: [],
          personalization: client.notes ? [client.notes] : [],
          dos_and_donts: { dos: [], donts: [] },
          sensitivities: {
            allergies_or_aversion: client.allergies,
            privacy_notes: [],
            health_flags: [
              ...client.healthConditions.map((entry) =>
                entry.note
                  ? `${findingLabel(entry.code)} (${entry.note})`
                  : findingLabel(entry.code),
              ),
              ...client.healthFlags,
              ...client.contraindications,
            ],
          },
          relationship: [],
          escalation: [],
          checklist: [],
          procedures: row.snapshot.items.map((item) => ({
            id: item.service_id,
            name: item.name,
          })),
          author: undefined,
          date_br: undefined,
        },
        author: viewer.name,
        issuedAt: new Date(),
        clinicalMarks: row.snapshot.items.map((item) =>
          clinicalMarksFor(item.service_id, check.issues, overridden),
        ),
      },
    });
    return { bytes, row };
  },

  /** Every proposal of a client, whole (the export). */
  async forClient(db: DbOrTx, clientId: number): Promise<Proposal[]> {
    const now = new Date();
    return (await repo.listClientProposals(db, clientId)).map((row) => toProposal(row, now));
  },

  /** The client's proposal ids, newest first (the order of forClient). */
  clientProposalIds(db: DbOrTx, clientId: number): Promise<number[]> {
    return repo.listClientProposalIds(db, clientId);
  },

  /** These proposals as forClient answers them, in the order of `ids` (a page of an export). */
  async byIds(db: DbOrTx, ids: readonly number[], now: Date): Promise<Proposal[]> {
    return (await repo.proposalsByIds(db, ids)).map((row) => toProposal(row, now));
  },

  /** The health-data consent was revoked: the warnings naming the client's allergies go. */
  async clearClientWarnings(tx: DbOrTx, clientId: number): Promise<void> {
    await repo.clearClientWarnings(tx, clientId, new Date());
  },

  /** Anonymization: personal data out of the client's proposals, figures kept. */
  async anonymizeClient(tx: DbOrTx, clientId: number, replacementName: string): Promise<number> {
    return repo.anonymizeClientProposals(tx, clientId, replacementName, new Date());
  },
};
