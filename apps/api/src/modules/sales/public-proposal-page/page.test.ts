import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PublicPlan, PublicProposal } from '@portal/domain';
import {
  renderGonePage,
  renderNotFoundPage,
  renderProposalPage,
  renderTooManyPage,
} from './page.ts';

/**
 * The page escapes what it prints by construction (issue 27; decision 0038): hostile text in every
 * field the public page shows comes out as text, and a `javascript:` address never becomes a link.
 */

const HOSTILE = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  '<%= it.constructor %>',
  '<%~ it %>',
] as const;
const PAYLOAD = HOSTILE.join(' ');

/** What each payload must look like on the page: printed, as escaped text. */
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const plan: PublicPlan = {
  contract_id: 1,
  status: PAYLOAD,
  status_label: `Ativo ${PAYLOAD}`,
  valid_until: '2027-11-27',
  withdrawal_until: '2026-12-04T12:00:00Z',
  can_withdraw: true,
  items: [
    { name: `Limpeza ${PAYLOAD}`, sessions_total: 2, sessions_used: 1, sessions_remaining: 1 },
  ],
  payments: {
    method: PAYLOAD,
    pix_automatico: false,
    mandate: { status: PAYLOAD, status_label: PAYLOAD },
    installments: [
      {
        n: 1,
        due_date: '2026-12-01',
        amount: 25,
        status: 'paga',
        status_label: `Paga ${PAYLOAD}`,
        paid_at: '2026-12-01',
      },
      {
        n: 2,
        due_date: '2027-01-01',
        amount: 25,
        status: PAYLOAD,
        status_label: `Em aberto ${PAYLOAD}`,
        paid_at: null,
      },
    ],
    // A BR Code is the provider's text: printed in the 'copia e cola' box, escaped too.
    next: { n: 2, due_date: '2027-01-01', amount: 25, pix_copia_e_cola: `000201${PAYLOAD}` },
  },
};

/** A proposal whose every printed text is hostile: names, unit, notices, terms. */
const hostileProposal = (over: Partial<PublicProposal> = {}): PublicProposal => ({
  number: `2026-000123${PAYLOAD}`,
  version: 2,
  status: 'sent',
  clinic_name: `Clínica ${PAYLOAD}`,
  clinic_address: `Rua ${PAYLOAD}`,
  clinic_phone: `11${PAYLOAD}`,
  clinic_whatsapp_url: 'javascript:alert(1)',
  professional_name: `Ana ${PAYLOAD}`,
  client_name: `Maria ${PAYLOAD}`,
  package_name: `Pacote ${PAYLOAD}`,
  items: [
    { name: `Peeling ${PAYLOAD}`, block: 'A', sessions: 2, unit_value: 180, total_value: 360 },
  ],
  standalone_value: 360,
  package_value: 300,
  discount: 60,
  discount_pct: 16.67,
  instalments: 12,
  instalment_value: 25,
  valid_until: '2026-12-01T02:59:59Z',
  withdrawal_notice: `Arrependimento ${PAYLOAD}`,
  terms_text: `Termos ${PAYLOAD}`,
  can_answer: true,
  accepted_at: null,
  declined_at: null,
  contract_id: null,
  plan: null,
  ...over,
});

/** The elements the page is made of; anything else came from data. */
const PAGE_TAGS = new Set(
  'html head meta title style body main header p h1 h2 h3 section ul li span dl dt dd strong div form label input button textarea details summary a footer svg rect path'.split(
    ' ',
  ),
);

function expectOnlyEscapedText(html: string) {
  for (const payload of HOSTILE) {
    if (/[<>"']/.test(payload)) expect(html).not.toContain(payload);
  }
  // Every element is one the page draws: no <script>, <img> or <svg onload> from a field.
  const tags = [...html.matchAll(/<([a-z][a-z0-9]*)/gi)].map((match) => match[1]!.toLowerCase());
  expect(tags.filter((tag) => !PAGE_TAGS.has(tag))).toEqual([]);
  // No element carries an event handler: read in each tag outside its quoted values (a quote or
  // an angle bracket from data is escaped, so the tag and its values end where the page's do).
  const handlers = [...html.matchAll(/<[a-z][^>]*>/gi)]
    .map((match) => match[0].replace(/"[^"]*"/g, '""'))
    .filter((tag) => /\son[a-z]+\s*=/i.test(tag));
  expect(handlers).toEqual([]);
  // Links and forms go to the clinic's WhatsApp or back to the page, never to a script.
  for (const [, url] of html.matchAll(/(?:href|action|src)="([^"]*)"/gi)) {
    expect(url).toMatch(/^(https:\/\/wa\.me\/|\/p\/)/);
  }
}

describe('public proposal page escaping', () => {
  it('prints hostile text of every field of an open proposal as text', () => {
    const html = renderProposalPage('token<"x>', hostileProposal(), {
      notice: { kind: 'error', text: `Nome errado ${PAYLOAD}` },
      nameValue: `Outra ${PAYLOAD}`,
    });
    expectOnlyEscapedText(html);
    // Printed, escaped: the engine neither dropped nor evaluated them.
    for (const field of ['Clínica', 'Rua', 'Ana', 'Maria', 'Pacote', 'Peeling', 'Termos']) {
      expect(html).toContain(escaped(`${field} ${PAYLOAD}`));
    }
    expect(html).toContain(`value="${escaped(`Outra ${PAYLOAD}`)}"`);
    expect(html).toContain('{{constructor.constructor(&quot;alert(1)&quot;)()}}');
    expect(html).toContain('&lt;%= it.constructor %&gt;');
    // The unit's 'WhatsApp' was not a wa.me link: no link rather than a script in href.
    expect(html).not.toContain('Falar com a clínica no WhatsApp');
    expect(html).toContain('action="/p/token%3C%22x%3E/aceitar"');
  });

  it("prints hostile text of the client's plan and payments as text, the QR as drawn", () => {
    const html = renderProposalPage(
      'token',
      hostileProposal({
        status: 'accepted',
        can_answer: false,
        accepted_at: '2026-11-27T13:00:00Z',
        plan,
        clinic_whatsapp_url: 'https://wa.me/5511988881234?text="><script>alert(1)</script>',
      }),
    );
    expectOnlyEscapedText(html);
    expect(html).toContain(escaped(`Limpeza ${PAYLOAD}`));
    expect(html).toContain(escaped(`Em aberto ${PAYLOAD}`));
    // Amounts read once as money: 'R$ 25,00', never 'R$ R$ 25,00'.
    expect(html).toMatch(/<span class="muted">R\$\s25,00 · Paga /);
    expect(html).toMatch(/<h3>Pagar a 2ª parcela: R\$\s25,00<\/h3>/);
    expect(html).not.toMatch(/R\$\s+R\$/);
    expect(html).toContain(`readonly>${escaped(`000201${PAYLOAD}`)}</textarea>`);
    expect(html).toMatch(/<svg class="pix" [^>]*aria-label="QR Code Pix"[^>]*><rect /);
    expect(html).toContain(
      'href="https://wa.me/5511988881234?text=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
    );
  });

  it('prints hostile text of every other state the link can be in as text', () => {
    const states: Partial<PublicProposal>[] = [
      { status: 'declined', can_answer: false, declined_at: '2026-11-27T13:00:00Z' },
      { status: 'expired', can_answer: false },
      { status: 'superseded', can_answer: false },
      {
        status: 'accepted',
        can_answer: false,
        accepted_at: null,
        plan: { ...plan, payments: undefined },
      },
      {
        status: 'accepted',
        can_answer: false,
        plan: { ...plan, status: 'desistencia', can_withdraw: false },
      },
    ];
    for (const state of states)
      expectOnlyEscapedText(renderProposalPage('t', hostileProposal(state)));
    const gone = renderGonePage(`Link revogado ${PAYLOAD}`);
    expectOnlyEscapedText(gone);
    expect(gone).toContain(escaped(`Link revogado ${PAYLOAD}`));
    expectOnlyEscapedText(renderNotFoundPage());
    expectOnlyEscapedText(renderTooManyPage());
  });

  it('prints raw in one place of the template: the QR the server drew', () => {
    const template = fs.readFileSync(path.join(import.meta.dirname, 'page.eta'), 'utf8');
    const raw = [...template.matchAll(/<%~(.*?)%>/g)].map((match) => match[1]!.trim());
    expect(raw).toEqual(['it.payments.pix.qrSvg.markup']);
  });
});
