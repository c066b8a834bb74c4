import crypto from 'node:crypto';
import {
  ACCEPT_TERMS_TEXT,
  addDays,
  buildProposalItems,
  CLINIC_NAME,
  computeProposalFigures,
  computeProposalTotals,
  contraindicationWarnings,
  effectiveProposalStatus,
  formatDateBR,
  formatProposalNumber,
  fullNameMatches,
  MESSAGES,
  PROPOSAL_FOLLOW_UP_AFTER_DAYS,
  PROPOSAL_LIST_LIMIT_MAX,
  PROPOSAL_MESSAGES,
  proposalSelectionIssues,
  PUBLIC_INSTALMENTS,
  publicProposalAcceptSchema,
  publicProposalDeclineSchema,
  saoPauloDayStart,
  WITHDRAWAL_NOTICE,
  whatsappUrl,
  type Package,
  type Proposal,
  type ProposalBlocks,
  type ProposalCatalogueService,
  type ProposalCreateData,
  type ProposalListQueryData,
  type ProposalReviseData,
  type ProposalSendResponse,
  type ProposalStatus,
  type ProposalSummary,
  type PublicPlan,
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
  HttpError,
  invalidField,
  notFound,
  registerConflictMessage,
} from '../../../http/errors.ts';
import { rowAccess, rowFilter, type Viewer } from '../../../auth/scope.ts';
import { clientsService } from '../../crm/clients/service.ts';
import { packagesService } from '../../catalogue/packages/service.ts';
import { servicesService } from '../../catalogue/services/service.ts';
import { defaultPdfRenderPool, type PdfRenderPool } from '../../../pdf/render-pool.ts';
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

/**
 * The frozen snapshot of a selection: checked against the package's rules, every total computed
 * here from the catalogue as it is now (DESIGN.md section 11), warnings from the client's
 * allergies and contraindications.
 */
async function snapshotFor(
  db: AppDb,
  packageId: number,
  blocks: ProposalBlocks,
  client: { allergies: readonly string[]; contraindications: readonly string[] },
): Promise<{ pkg: Package; snapshot: ProposalSnapshotColumn }> {
  const pkg = await packageFor(db, packageId);
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
  const warnings = contraindicationWarnings(
    items.map((item) => ({ id: item.service_id, name: item.name, traits: item.traits })),
    client,
  );
  return {
    pkg,
    snapshot: {
      package: { id: pkg.id, name: pkg.name, annual_value: pkg.annual_value },
      items,
      totals,
      warnings,
    },
  };
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

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

function sha256(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/**
 * The proposal document of a stored proposal, from its snapshot (never today's catalogue), drawn
 * in the PDF worker pool. Drawn with the proposal's own date, the same row always gives the same
 * bytes: without the evidence page, exactly the document whose SHA-256 the acceptance recorded.
 */
function renderStoredProposal(
  pool: PdfRenderPool,
  row: repo.ProposalRow,
  withEvidence: boolean,
): Promise<Buffer> {
  const acceptance = row.acceptance;
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
      author: row.authorName,
      issuedAt: row.createdAt,
      validDays: row.validDays,
      ...(withEvidence && acceptance
        ? { evidence: { ...acceptance, number: row.number, version: row.version } }
        : {}),
    },
  });
}

/** Per-address throttle of the public link. */
const PUBLIC_WINDOW_MS = 60_000;
export const PUBLIC_REQUESTS_PER_WINDOW = 60;

/**
 * Counts a request of this address to the public proposal link and refuses it (429, pt-BR) past
 * PUBLIC_REQUESTS_PER_WINDOW a minute: a token cannot be guessed by brute force. The count is
 * one atomic hit on the app's attempt limiter (apps/api/src/auth/attempt-limiter.ts), so it is
 * exact under parallel requests and shared between processes when REDIS_URL is set.
 */
export async function throttlePublicProposal(ctx: AppContext, address: string): Promise<void> {
  const { count } = await ctx.loginLimiter.hit(`public-proposal:${address}`, PUBLIC_WINDOW_MS);
  if (count > PUBLIC_REQUESTS_PER_WINDOW) throw new HttpError(429, MESSAGES.tooManyAttempts);
}

function toPublic(
  row: repo.ProposalRow,
  now: Date,
  afterSale: { contractId: number | null; plan: PublicPlan | null } = {
    contractId: null,
    plan: null,
  },
): PublicProposal {
  const status = statusOf(row, now);
  const { totals } = row.snapshot;
  return {
    number: row.number,
    version: row.version,
    status,
    clinic_name: CLINIC_NAME,
    client_name: row.clientName,
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
  return ctx.db.transaction(async (tx) => {
    const row = await publicRow(tx, token, now);
    if (row.status === 'sent') {
      await repo.markViewed(tx, row.id, now);
      return toPublic({ ...row, status: 'viewed', viewedAt: now }, now);
    }
    return toPublic(row, now, await afterSaleOf(ctx, tx, row, now));
  });
}

/**
 * POST /public/proposals/{token}/accept. Records the evidence: time, typed name, address, browser
 * and the SHA-256 of the proposal PDF as accepted. A second acceptance is refused (409); one after
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
  if (!parsed.success) throw validationError(parsed.error);
  if (!fullNameMatches(parsed.data.full_name, seen.clientName)) {
    throw invalidField(['body', 'full_name'], PROPOSAL_MESSAGES.fullNameMismatch);
  }
  const documentSha256 = sha256(await renderStoredProposal(ctx.pdfPool, seen, false));
  return ctx.db.transaction(async (tx) => {
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
        document_sha256: documentSha256,
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
      after: { status: 'accepted', document_sha256: documentSha256 },
    });
    // The contract is born in the same transaction: an acceptance without it cannot commit.
    const { contractId, plan } = await ctx.afterSale.proposalAccepted(
      tx,
      acceptedEvent(updated, now, 'link', null),
    );
    return toPublic(updated, now, { contractId, plan });
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
    return toPublic(row, now, { contractId: plan.contract_id, plan });
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
      after: { status: 'declined', reason_code: parsed.data.reason_code ?? null },
    });
    return toPublic(updated, now);
  });
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
    return toProposal(await visibleProposal(db, viewer, id));
  },

  /** Saves version 1 of a new number; every figure is the server's. */
  async create(db: AppDb, viewer: Viewer, data: ProposalCreateData): Promise<Proposal> {
    const client = await clientFor(db, viewer, data.client_id);
    const { pkg, snapshot } = await snapshotFor(db, data.package_id, data.blocks, client);
    const now = new Date();
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
        validUntil: new Date(now.getTime() + data.valid_days * DAY_MS),
        clientName: client.fullName,
        packageName: pkg.name,
        annualValue: pkg.annual_value,
        snapshot,
        createdAt: now,
        updatedAt: now,
      });
      return toProposal(row, now);
    });
  },

  /** Version N+1: new id, same number; the previous becomes superseded and its link stops. */
  async revise(db: AppDb, viewer: Viewer, id: number, data: ProposalReviseData): Promise<Proposal> {
    const current = await visibleProposal(db, viewer, id);
    if (current.status === 'superseded') throw new HttpError(409, PROPOSAL_MESSAGES.superseded);
    if (current.status === 'accepted') throw new HttpError(409, PROPOSAL_MESSAGES.alreadyAccepted);
    const packageId = data.package_id ?? current.packageId;
    if (packageId === null)
      throw invalidField(['body', 'package_id'], PROPOSAL_MESSAGES.packageRequired);
    const client = await clientFor(db, viewer, current.clientId);
    const { pkg, snapshot } = await snapshotFor(db, packageId, data.blocks, client);
    const now = new Date();
    const validDays = data.valid_days ?? current.validDays;
    return db.transaction(async (tx) => {
      const locked = await visibleProposal(tx, viewer, id, true);
      if (locked.status === 'superseded') throw new HttpError(409, PROPOSAL_MESSAGES.superseded);
      if (locked.status === 'accepted') throw new HttpError(409, PROPOSAL_MESSAGES.alreadyAccepted);
      const row = await repo.insertProposal(tx, {
        number: locked.number,
        version: locked.version + 1,
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
        validUntil: new Date(now.getTime() + validDays * DAY_MS),
        clientName: client.fullName,
        packageName: pkg.name,
        annualValue: pkg.annual_value,
        snapshot,
        previousId: locked.id,
        createdAt: now,
        updatedAt: now,
      });
      await repo.updateProposal(tx, locked.id, {
        status: 'superseded',
        supersededById: row.id,
        linkRevokedAt: locked.linkRevokedAt ?? now,
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
      const updated = await repo.updateProposal(tx, id, {
        tokenHash: hashToken(token),
        linkExpiresAt: current.validUntil,
        linkRevokedAt: null,
        status: current.status === 'draft' ? 'sent' : current.status,
        sentAt: now,
      });
      return { row: updated, client };
    });
    const publicUrl = `${ctx.config.publicUrl}/p/${token}`;
    const firstName = client.preferredName ?? row.clientName.split(' ')[0] ?? row.clientName;
    const validUntil = formatDateBR(row.validUntil);
    const message = `Olá, ${firstName}! Aqui está a sua proposta ${row.number} da ${CLINIC_NAME}, válida até ${validUntil}: ${publicUrl}`;
    let emailSent = false;
    if (ctx.config.smtpUrl && client.email) {
      try {
        await ctx.mailer.send({
          to: client.email,
          subject: `Sua proposta ${row.number} - ${CLINIC_NAME}`,
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
    const { row: seen } = await visibleProposalWithClient(ctx.db, viewer, id);
    refuseUnlessOpen(seen, now);
    if (!fullNameMatches(fullName, seen.clientName)) {
      throw invalidField(['body', 'full_name'], PROPOSAL_MESSAGES.fullNameMismatch);
    }
    const { afterSale } = ctx;
    const documentSha256 = sha256(await renderStoredProposal(ctx.pdfPool, seen, false));
    return ctx.db.transaction(async (tx) => {
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
          document_sha256: documentSha256,
          channel: 'presencial',
          recorded_by: { id: viewer.id, name: viewer.name },
        },
      });
      await auditService.record(tx, {
        entity: 'proposal',
        entityId: row.id,
        action: 'accept',
        before: { status: row.status },
        after: { status: 'accepted', channel: 'presencial', document_sha256: documentSha256 },
      });
      const { contractId } = await afterSale.proposalAccepted(
        tx,
        acceptedEvent(updated, now, 'presencial', viewer),
      );
      return { contract_id: contractId, proposal_id: row.id };
    });
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
      return toProposal(row, now);
    });
  },

  /** The public link stops opening (idempotent). */
  async revokeLink(db: AppDb, viewer: Viewer, id: number): Promise<Proposal> {
    const now = new Date();
    return db.transaction(async (tx) => {
      const current = await visibleProposal(tx, viewer, id, true);
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
   * `includeEvidence` is false (then its SHA-256 is the acceptance's document_sha256).
   */
  async pdf(
    db: AppDb,
    viewer: Viewer,
    id: number,
    pool: PdfRenderPool = defaultPdfRenderPool,
    includeEvidence = true,
  ): Promise<{ bytes: Buffer; row: repo.ProposalRow }> {
    const row = await visibleProposal(db, viewer, id);
    return {
      bytes: await renderStoredProposal(pool, row, includeEvidence && row.acceptance !== null),
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
            health_flags: [...client.healthFlags, ...client.contraindications],
          },
          relationship: [],
          escalation: [],
          checklist: [],
          procedures: row.snapshot.items.map((item) => ({ id: item.service_id, name: item.name })),
          author: undefined,
          date_br: undefined,
        },
        author: viewer.name,
        issuedAt: new Date(),
      },
    });
    return { bytes, row };
  },

  /** Every proposal of a client, whole (the export). */
  async forClient(db: DbOrTx, clientId: number): Promise<Proposal[]> {
    const now = new Date();
    return (await repo.listClientProposals(db, clientId)).map((row) => toProposal(row, now));
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
