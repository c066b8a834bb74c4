import QRCode from 'qrcode';
import {
  formatDateBR,
  formatDateTimeBR,
  formatPercent,
  formatReais,
  type PublicProposal,
} from '@portal/domain';

/**
 * The public proposal page (/p/{token}) as one server-rendered HTML document: what a client
 * opens from WhatsApp on their own phone. No script at all (the forms are plain POSTs), one
 * inline stylesheet (the CSP allows inline styles), light and dark by prefers-color-scheme.
 * It shows only what the client needs to decide: no cost, margin or other internal figure.
 */

export type PublicPageNotice = { kind: 'error'; text: string } | { kind: 'success'; text: string };

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const STYLES = `
:root{color-scheme:light dark;--bg:#faf6f8;--card:#fff;--text:#2b2b2b;--muted:#5f5865;--line:#e2d3db;--brand:#7a2e55;--brand-text:#fff;--ok:#1f6b40;--ok-bg:#e7f4ec;--warn:#8a4b00;--warn-bg:#fff3e0;--err:#a3211a;--err-bg:#fdecea;--focus:#7a2e55}
@media (prefers-color-scheme:dark){:root{--bg:#17131a;--card:#221c26;--text:#f1ecf3;--muted:#c2b8c8;--line:#3d3243;--brand:#e0a3c2;--brand-text:#1b1020;--ok:#8fd6aa;--ok-bg:#183224;--warn:#ffc980;--warn-bg:#3a2a12;--err:#ffb4ab;--err-bg:#3d1d1a;--focus:#e0a3c2}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;-webkit-text-size-adjust:100%}
main{max-width:40rem;margin:0 auto;padding:1rem}
header{padding:.5rem 0 1rem}
.brand{color:var(--brand);font-weight:700;font-size:.95rem;margin:0}
h1{font-size:1.5rem;line-height:1.25;margin:.25rem 0}
h2{font-size:1.1rem;margin:0 0 .5rem}
.muted{color:var(--muted)}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1rem;margin:0 0 1rem}
ul.items{list-style:none;margin:0;padding:0}
ul.items li{display:flex;justify-content:space-between;gap:1rem;padding:.5rem 0;border-bottom:1px solid var(--line)}
ul.items li:last-child{border-bottom:0}
dl.figures{margin:0;display:grid;grid-template-columns:1fr auto;gap:.4rem 1rem}
dl.figures dt{color:var(--muted)}dl.figures dd{margin:0;text-align:right;font-weight:600;white-space:nowrap}
.highlight{font-size:1.25rem;color:var(--text)}
.note{border-radius:12px;padding:.75rem 1rem;margin:0 0 1rem}
.note.ok{background:var(--ok-bg);color:var(--ok)}.note.warn{background:var(--warn-bg);color:var(--warn)}.note.err{background:var(--err-bg);color:var(--err)}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=text],textarea{width:100%;font:inherit;color:var(--text);background:var(--bg);border:1px solid var(--muted);border-radius:8px;padding:.6rem .75rem}
textarea{min-height:5rem}
.check{display:flex;gap:.6rem;align-items:flex-start;font-weight:400}
.check input{width:1.25rem;height:1.25rem;margin:.15rem 0 0;flex:none}
button{font:inherit;font-weight:700;border-radius:8px;padding:.75rem 1rem;width:100%;margin-top:1rem;cursor:pointer;border:1px solid var(--brand)}
button.primary{background:var(--brand);color:var(--brand-text)}
button.secondary{background:transparent;color:var(--text);border-color:var(--muted)}
summary{cursor:pointer;font-weight:600;padding:.25rem 0}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
ul.items li.paid span:first-child::before{content:"✓ ";color:var(--ok)}
.pix{display:block;width:100%;max-width:16rem;height:auto;margin:.5rem auto;background:#fff;padding:.5rem;border-radius:8px}
.copia{width:100%;font:.8rem/1.3 ui-monospace,monospace;word-break:break-all;background:var(--bg);border:1px solid var(--line);border-radius:8px;padding:.5rem;min-height:4.5rem}
footer{font-size:.85rem;color:var(--muted);padding:1rem 0 2rem}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<main>
${body}
<footer>Este link é pessoal: não o compartilhe.</footer>
</main>
</body>
</html>`;
}

function figures(proposal: PublicProposal): string {
  const rows: [string, string][] = [
    ['Valor avulso dos procedimentos', formatReais(proposal.standalone_value)],
    ['Valor do pacote', formatReais(proposal.package_value)],
  ];
  // A package that costs more than its procedures one by one has no discount to show, and it is
  // never written as a negative figure (the client would read a surcharge): benefits instead.
  const hasDiscount = proposal.discount > 0;
  if (hasDiscount) {
    rows.push([
      'Desconto',
      `${formatReais(proposal.discount)} (${formatPercent(proposal.discount_pct)})`,
    ]);
  }
  const list = rows
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  const benefits = hasDiscount
    ? ''
    : '<p class="muted">Benefícios do pacote: os procedimentos reunidos em um plano anual acompanhado pela clínica, com agenda planejada e parcelas fixas.</p>';
  return `<section class="card" aria-labelledby="valores">
<h2 id="valores">Valores</h2>
<dl class="figures">${list}<dt class="highlight">${proposal.instalments} parcelas mensais de</dt><dd class="highlight">${escapeHtml(formatReais(proposal.instalment_value))}</dd></dl>
${benefits}
</section>`;
}

function procedures(proposal: PublicProposal): string {
  const items = proposal.items
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.name)}</span><span class="muted">${item.sessions} ${item.sessions === 1 ? 'sessão' : 'sessões'}</span></li>`,
    )
    .join('');
  return `<section class="card" aria-labelledby="procedimentos">
<h2 id="procedimentos">${escapeHtml(proposal.package_name)}</h2>
<ul class="items">${items}</ul>
</section>`;
}

function stateNote(proposal: PublicProposal): string {
  if (proposal.accepted_at || proposal.status === 'accepted') {
    const when = proposal.accepted_at
      ? ` em ${escapeHtml(formatDateTimeBR(proposal.accepted_at))}`
      : '';
    if (proposal.plan?.status === 'desistencia') {
      return '<p class="note warn" role="status"><strong>Desistência registrada.</strong> A clínica vai devolver o que foi pago e confirmar com você.</p>';
    }
    return `<div class="note ok" role="status"><p><strong>Proposta aceita${when}.</strong> Obrigado! A clínica vai entrar em contato para agendar as sessões.</p><p>${escapeHtml(proposal.withdrawal_notice)}</p></div>`;
  }
  if (proposal.declined_at || proposal.status === 'declined') {
    return '<p class="note warn" role="status"><strong>Proposta recusada.</strong> Obrigado por responder. Se mudar de ideia, fale com a clínica.</p>';
  }
  if (proposal.status === 'expired') {
    return `<p class="note warn" role="status"><strong>Esta proposta expirou em ${escapeHtml(formatDateBR(proposal.valid_until))}.</strong> Fale com a clínica para receber uma proposta atualizada.</p>`;
  }
  if (proposal.status === 'superseded') {
    return '<p class="note warn" role="status"><strong>Esta proposta foi substituída por uma versão mais recente.</strong> Peça à clínica o link da nova versão.</p>';
  }
  if (!proposal.can_answer) {
    return '<p class="note warn" role="status"><strong>Esta proposta não pode mais ser respondida.</strong> Fale com a clínica.</p>';
  }
  return '';
}

function answerForms(token: string, proposal: PublicProposal, nameValue: string): string {
  const base = `/p/${encodeURIComponent(token)}`;
  return `<section class="card" aria-labelledby="aceitar">
<h2 id="aceitar">Aceitar a proposta</h2>
<p class="muted">${escapeHtml(proposal.withdrawal_notice)}</p>
<form method="post" action="${base}/aceitar">
<label for="full_name">Seu nome completo</label>
<input type="text" id="full_name" name="full_name" autocomplete="name" required minlength="3" maxlength="200" value="${escapeHtml(nameValue)}">
<label class="check"><input type="checkbox" name="accept_terms" value="true" required> <span>${escapeHtml(proposal.terms_text)}</span></label>
<button type="submit" class="primary">Aceitar proposta</button>
</form>
</section>
<section class="card" aria-labelledby="recusar">
<h2 id="recusar">Não quer esta proposta?</h2>
<details>
<summary>Recusar a proposta</summary>
<form method="post" action="${base}/recusar">
<label for="reason">Conte o motivo (opcional)</label>
<textarea id="reason" name="reason" maxlength="1000"></textarea>
<button type="submit" class="secondary">Recusar proposta</button>
</form>
</details>
</section>`;
}

/**
 * After acceptance the link is the client's 'Meu plano' (issue 28): her procedures with sessions
 * used and remaining, the validity, and within 7 days of accepting here, 'Desistir'.
 */
function myPlan(token: string, proposal: PublicProposal): string {
  const { plan } = proposal;
  if (!plan) return '';
  const rows = plan.items
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.name)}</span><span class="muted">${item.sessions_used} de ${item.sessions_total} ${item.sessions_total === 1 ? 'sessão realizada' : 'sessões realizadas'} · ${item.sessions_remaining === 1 ? 'resta 1' : `restam ${item.sessions_remaining}`}</span></li>`,
    )
    .join('');
  const withdraw = plan.can_withdraw
    ? `<details>
<summary>Desistir da compra</summary>
<p class="muted">Você pode desistir até ${escapeHtml(formatDateTimeBR(plan.withdrawal_until ?? ''))} (Código de Defesa do Consumidor, art. 49). Tudo o que foi pago é devolvido.</p>
<form method="post" action="/p/${encodeURIComponent(token)}/desistir">
<label class="check"><input type="checkbox" name="confirm" value="true" required> <span>Quero desistir deste plano.</span></label>
<button type="submit" class="secondary">Desistir</button>
</form>
</details>`
    : '';
  return `<section class="card" aria-labelledby="meu-plano">
<h2 id="meu-plano">Meu plano</h2>
<p class="muted">Situação: ${escapeHtml(plan.status_label)} · válido até ${escapeHtml(formatDateBR(`${plan.valid_until}T12:00:00Z`))}</p>
<ul class="items">${rows}</ul>
${withdraw}
</section>`;
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
function myPayments(proposal: PublicProposal): string {
  const payments = proposal.plan?.payments;
  if (!payments) return '';
  const rows = payments.installments
    .map(
      (item) =>
        `<li${item.status === 'paga' ? ' class="paid"' : ''}><span>${item.n}ª parcela · ${escapeHtml(formatDateBR(`${item.due_date}T12:00:00Z`))}</span><span class="muted">R$ ${escapeHtml(formatReais(item.amount))} · ${escapeHtml(item.status_label)}</span></li>`,
    )
    .join('');
  const { next } = payments;
  const pix = !next
    ? ''
    : next.pix_copia_e_cola
      ? `<h3>Pagar a ${next.n}ª parcela: R$ ${escapeHtml(formatReais(next.amount))}</h3>
<p class="muted">Vencimento em ${escapeHtml(formatDateBR(`${next.due_date}T12:00:00Z`))}. Abra o app do seu banco, escolha Pix e leia o QR Code ou use o Pix copia e cola.</p>
${qrSvg(next.pix_copia_e_cola)}
<label for="pix-copia">Pix copia e cola</label>
<textarea id="pix-copia" class="copia" readonly>${escapeHtml(next.pix_copia_e_cola)}</textarea>
<p class="muted">Depois de pagar, a clínica confirma o recebimento aqui.</p>`
      : `<p class="muted">A ${next.n}ª parcela (R$ ${escapeHtml(formatReais(next.amount))}) vence em ${escapeHtml(formatDateBR(`${next.due_date}T12:00:00Z`))}. Peça à clínica o código Pix.</p>`;
  return `<section class="card" aria-labelledby="pagamentos">
<h2 id="pagamentos">Pagamentos</h2>
<ul class="items">${rows}</ul>
${pix}
</section>`;
}

/** Who the client deals with: the unit's address and contacts (GET /units/), a way to write. */
function clinicContact(proposal: PublicProposal): string {
  const lines = [
    proposal.clinic_address ? `<p>${escapeHtml(proposal.clinic_address)}</p>` : '',
    proposal.clinic_phone
      ? `<p>Telefone: ${escapeHtml(formatPhoneBR(proposal.clinic_phone))}</p>`
      : '',
    proposal.clinic_whatsapp_url
      ? `<p><a class="button" href="${escapeHtml(proposal.clinic_whatsapp_url)}" rel="noopener">Falar com a clínica no WhatsApp</a></p>`
      : '',
  ].join('');
  return `<section aria-labelledby="clinica">
<h2 id="clinica">${escapeHtml(proposal.clinic_name)}</h2>
<p class="muted">Proposta preparada por ${escapeHtml(proposal.professional_name)}.</p>
${lines}
</section>`;
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
  const notice = options.notice
    ? `<p class="note ${options.notice.kind === 'error' ? 'err' : 'ok'}" role="alert">${escapeHtml(options.notice.text)}</p>`
    : '';
  const body = `<header>
<p class="brand">${escapeHtml(proposal.clinic_name)}</p>
<h1>Proposta para ${escapeHtml(proposal.client_name)}</h1>
<p class="muted">Nº ${escapeHtml(proposal.number)}${proposal.version > 1 ? ` · versão ${proposal.version}` : ''} · válida até ${escapeHtml(formatDateBR(proposal.valid_until))}</p>
</header>
${notice}${stateNote(proposal)}
${myPlan(token, proposal)}
${myPayments(proposal)}
${proposal.plan ? '' : procedures(proposal)}
${figures(proposal)}
${proposal.can_answer ? answerForms(token, proposal, options.nameValue ?? '') : ''}
${clinicContact(proposal)}`;
  return layout(`Proposta ${proposal.number}`, body);
}

/** A link that opens nothing: unknown, malformed or for a proposal the clinic removed. */
export function renderNotFoundPage(): string {
  return layout(
    'Proposta não encontrada',
    `<header><p class="brand">Portal Estética</p><h1>Proposta não encontrada</h1></header>
<p class="note warn">Este link não é válido. Confira se ele foi copiado inteiro ou peça um novo link à clínica.</p>`,
  );
}

/** A link that no longer opens the proposal: revoked, expired or replaced (the service's words). */
export function renderGonePage(text: string): string {
  return layout(
    'Proposta indisponível',
    `<header><p class="brand">Portal Estética</p><h1>Proposta indisponível</h1></header>
<p class="note warn" role="status">${escapeHtml(text)} Se precisar, peça um novo link à clínica.</p>`,
  );
}

/** Too many requests from one address (the public answers are throttled). */
export function renderTooManyPage(): string {
  return layout(
    'Muitas tentativas',
    `<header><p class="brand">Portal Estética</p><h1>Muitas tentativas</h1></header>
<p class="note err" role="alert">Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente de novo.</p>`,
  );
}
