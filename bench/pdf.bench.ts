/**
 * Proposal PDF: the pdf module's document builder (pdfkit, what POST /api/v1/pdf/proposal/download
 * runs) against printing the same content to PDF with headless Chromium (page.pdf()).
 *   node --import tsx bench/pdf.bench.ts
 */
import { chromium } from 'playwright-core';
import {
  computeProposalFigures,
  formatBRL,
  formatBRLWithWords,
  formatPercent,
  formatSessionsWithWords,
  INSTALMENTS_PER_YEAR,
  PROPOSAL_VALIDITY_DAYS,
  proposalPdfPayloadSchema,
  spellOutNumberPtBR,
  type ProposalPdfData,
  type ProposalPdfPayload,
} from '@portal/domain';
import { pdfService } from '../apps/api/src/modules/sales/pdf/service.ts';
import { addDays, placeAndLongDate, shortDate } from '../apps/api/src/pdf/format.ts';
import { PROPOSAL_TITLE } from '../apps/api/src/pdf/proposal-document.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, isEntryPoint, positiveNumber } from './lib/env.ts';
import type { BenchSection } from './lib/report.ts';
import { formatMs, formatRatio, median, percentile, timeRuns } from './lib/stats.ts';

const DOCUMENTS = positiveNumber('BENCH_PDF_DOCUMENTS', 30);
const AUTHOR = 'Consultora de Vendas';

/** A typical yearly proposal: 12 procedures, benefit cards and synergies, as the receipt sends. */
export const SAMPLE_PROPOSAL: ProposalPdfPayload = {
  client_name: 'Mariana Albuquerque Santos',
  pkg: { id: 3, name: 'Pacote Ouro Anual', annual_value: 14_400 },
  rows: [
    [
      'Limpeza de Pele Profunda',
      180,
      6,
      ['Desobstrui os poros', 'Controla a oleosidade', 'Pele mais uniforme'],
    ],
    ['Peeling Químico', 250, 4, ['Clareia manchas', 'Reduz marcas de acne', 'Estimula colágeno']],
    [
      'Drenagem Linfática',
      160,
      10,
      ['Reduz retenção de líquidos', 'Sensação de leveza', 'Potencializa tratamentos corporais'],
    ],
    ['Microagulhamento', 390, 3, ['Estimula colágeno', 'Suaviza cicatrizes', 'Melhora a textura']],
    ['Radiofrequência Facial', 320, 6, ['Firmeza', 'Contorno definido', 'Efeito lifting gradual']],
    [
      'Criolipólise - Abdômen',
      900,
      2,
      ['Reduz gordura localizada', 'Sem cortes', 'Resultado progressivo'],
    ],
    [
      'Toxina Botulínica - Terço Superior',
      1_200,
      2,
      ['Suaviza rugas dinâmicas', 'Expressão descansada', 'Aplicação rápida'],
    ],
    ['Skinbooster', 850, 2, ['Hidratação profunda', 'Linhas finas suavizadas', 'Viço duradouro']],
    ['Luz Intensa Pulsada', 450, 4, ['Clareia manchas', 'Uniformiza o tom', 'Trata vasinhos']],
    ['Carboxiterapia', 220, 8, ['Melhora a circulação', 'Clareia olheiras', 'Trata celulite']],
    [
      'LED Terapia Facial',
      120,
      8,
      ['Reduz inflamação', 'Acelera a cicatrização', 'Sem desconforto'],
    ],
    ['Endermologia', 200, 10, ['Suaviza a celulite', 'Ativa a circulação', 'Modela o contorno']],
  ].map(([name, unit, qty, benefits]) => ({
    name: name as string,
    unit: unit as number,
    qty: qty as number,
    benefits: benefits as string[],
  })),
  benefit_cards: [
    {
      title: 'Rejuvenescimento facial',
      lines: ['Rugas suavizadas', 'Pele mais firme', 'Viço e hidratação'],
    },
    {
      title: 'Contorno corporal',
      lines: ['Menos medidas', 'Celulite suavizada', 'Circulação ativada'],
    },
    {
      title: 'Uniformidade do tom',
      lines: ['Manchas clareadas', 'Textura refinada', 'Poros menos aparentes'],
    },
    {
      title: 'Acompanhamento anual',
      lines: ['Avaliações periódicas', 'Ajustes no plano', 'Prioridade na agenda'],
    },
  ],
  synergy_items: [
    {
      title: 'Toxina Botulínica + Skinbooster',
      description:
        'A toxina relaxa as rugas dinâmicas e o skinbooster hidrata e trata as linhas finas.',
    },
    {
      title: 'Peeling Químico + Luz Intensa Pulsada',
      description: 'O peeling renova a superfície e a luz pulsada atinge o pigmento mais profundo.',
    },
    {
      title: 'Endermologia + Carboxiterapia',
      description: 'Ambas melhoram a circulação local, atacando a causa da celulite.',
    },
  ],
};

export async function benchPdf(): Promise<BenchSection> {
  const data = proposalPdfPayloadSchema.parse(SAMPLE_PROPOSAL);
  const issuedAt = new Date();

  console.log(`[pdf] pdfkit, ${DOCUMENTS} documents`);
  let appBytes: Buffer = Buffer.alloc(0);
  const appSamples = await timeRuns(async () => {
    appBytes = (await pdfService.proposal(data, AUTHOR, issuedAt)).bytes;
  }, DOCUMENTS);

  console.log(`[pdf] Chromium page.pdf(), ${DOCUMENTS} documents`);
  const html = proposalHtml(data, issuedAt);
  const launchStart = performance.now();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    // Playwright adds its own headless switch.
    args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
  });
  const launchMs = performance.now() - launchStart;
  let chromiumBytes: Buffer = Buffer.alloc(0);
  let chromiumSamples: number[];
  try {
    const page = await browser.newPage();
    chromiumSamples = await timeRuns(async () => {
      await page.setContent(html, { waitUntil: 'load' });
      chromiumBytes = await page.pdf({
        format: 'A4',
        printBackground: true,
        margin: { top: '60px', bottom: '60px', left: '50px', right: '50px' },
        displayHeaderFooter: true,
        headerTemplate: `<div style="font:9px Helvetica,Arial,sans-serif;width:100%;padding:0 50px;display:flex;justify-content:space-between;color:#6b7280"><b style="color:#7c3aed;font-size:11px">Portal Estética</b><span>${PROPOSAL_TITLE}</span></div>`,
        footerTemplate: `<div style="font:8px Helvetica,Arial,sans-serif;width:100%;padding:0 50px;display:flex;justify-content:space-between;color:#6b7280"><span>${escapeHtml(`${PROPOSAL_TITLE} · ${data.pkg.name}`)}</span><span>Página <span class="pageNumber"></span> de <span class="totalPages"></span></span></div>`,
      });
    }, DOCUMENTS);
  } finally {
    await browser.close();
  }

  const appMs = median(appSamples);
  const chromiumMs = median(chromiumSamples);
  return {
    title: 'Proposal PDF generation',
    method:
      `The pdf module's proposal builder (pdfkit, in process, what POST /api/v1/pdf/proposal/download ` +
      `runs) against Chromium printing equivalent HTML with the same content to A4 ` +
      `(playwright-core, page.setContent + page.pdf, one warm page; browser launch timed apart). ` +
      `${DOCUMENTS} documents each after 2 warm-up documents, sequential; median ms per document, lower is better.`,
    figures: [
      {
        name: 'ms per proposal (median)',
        value: formatMs(appMs),
        baseline: formatMs(chromiumMs),
        ratio: formatRatio(appMs, chromiumMs),
        note: 'lower is better',
      },
      {
        name: 'ms per proposal (p90)',
        value: formatMs(percentile(appSamples, 90)),
        baseline: formatMs(percentile(chromiumSamples, 90)),
        ratio: formatRatio(percentile(appSamples, 90), percentile(chromiumSamples, 90)),
        note: 'lower is better',
      },
      {
        name: 'bytes per proposal',
        value: String(appBytes.length),
        baseline: String(chromiumBytes.length),
        ratio: formatRatio(appBytes.length, chromiumBytes.length),
        note: `pages: ${pageCount(appBytes)} vs ${pageCount(chromiumBytes)}`,
      },
    ],
    raw: [
      `pdfkit ms: ${appSamples.map((ms) => ms.toFixed(1)).join(' ')}`,
      `chromium ms: ${chromiumSamples.map((ms) => ms.toFixed(1)).join(' ')}`,
      `chromium launch (not in the per-document figure): ${launchMs.toFixed(0)} ms`,
      `documents: ${DOCUMENTS}; rows: ${data.rows.length}; cards: ${data.benefit_cards.length}; synergies: ${data.synergy_items.length}`,
    ],
  };
}

/** Pages of a PDF, counted from its page objects (both producers write them uncompressed). */
function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The proposal's content as the pdfkit builder lays it out, in HTML and print CSS. */
export function proposalHtml(data: ProposalPdfData, issuedAt: Date): string {
  const figures = computeProposalFigures(data.pkg.annual_value, data.rows);
  const validUntil = shortDate(addDays(issuedAt, PROPOSAL_VALIDITY_DAYS));
  const e = escapeHtml;
  const summary: Array<[string, string]> = [
    ['Cliente', data.client_name ?? 'Não informado'],
    ['Pacote', data.pkg.name],
    ['Emitida em', shortDate(issuedAt)],
    ['Válida até', validUntil],
  ];
  const rows = figures.rows
    .map(
      (row) => `<tr><td><b>${e(row.name)}</b><small>${e(row.benefits.join('  •  '))}</small></td>
        <td class="c">${row.qty}</td><td class="r">${formatBRL(row.unit)}</td><td class="r">${formatBRL(row.total)}</td></tr>`,
    )
    .join('');
  const words: Array<[string, string]> = [
    ['Quantidade total de sessões', formatSessionsWithWords(figures.totalSessions)],
    ['Valor total do pacote', formatBRLWithWords(figures.packageValue)],
    [
      'Forma de pagamento',
      `${INSTALMENTS_PER_YEAR} (${spellOutNumberPtBR(INSTALMENTS_PER_YEAR, 'feminine')}) parcelas mensais de ${formatBRLWithWords(figures.monthly)}`,
    ],
    ['Valor dos procedimentos avulsos', formatBRLWithWords(figures.standalone)],
  ];
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${e(PROPOSAL_TITLE)}</title>
<style>
  body { font: 10px Helvetica, Arial, sans-serif; color: #1f2937; margin: 0; }
  h1 { color: #7c3aed; font-size: 20px; margin: 0 0 2px; } .sub { color: #6b7280; margin-bottom: 14px; }
  h2 { color: #7c3aed; font-size: 13px; margin: 18px 0 8px; break-after: avoid; }
  .box { background: #f3e8ff; border-radius: 6px; padding: 12px; display: grid; grid-template-columns: 1fr 1fr; gap: 8px 16px; }
  .box span { display: block; font-size: 7.5px; letter-spacing: .6px; color: #6b7280; font-weight: bold; }
  .box b { font-size: 10.5px; }
  table { width: 100%; border-collapse: collapse; } thead { display: table-header-group; }
  th { background: #7c3aed; color: #fff; font-size: 9px; padding: 7px 6px; text-align: left; }
  td { padding: 6px; border-bottom: .5px solid #e5e7eb; vertical-align: top; font-size: 9.5px; }
  tr { break-inside: avoid; } tbody tr:nth-child(even) { background: #faf5ff; }
  td small { display: block; color: #6b7280; font-size: 7.5px; margin-top: 3px; }
  .c { text-align: center; } .r { text-align: right; }
  .totals { margin: 10px 0 18px auto; width: 280px; border: .8px solid #e5e7eb; border-radius: 5px; padding: 6px 0; }
  .totals div { display: flex; justify-content: space-between; padding: 4px 10px; font-size: 10px; }
  .totals .strong { background: #f3e8ff; color: #7c3aed; font-weight: bold; }
  .lv { margin: 3px 0; } .lv b { margin-right: 4px; } .muted { color: #6b7280; font-size: 8.5px; }
  .cards { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  .card { background: #f3e8ff; border-left: 3px solid #db2777; border-radius: 6px; padding: 10px 14px; break-inside: avoid; }
  .card b { color: #7c3aed; font-size: 10px; } .card ul { margin: 4px 0 0; padding-left: 14px; font-size: 8.5px; }
  .syn { margin-bottom: 8px; break-inside: avoid; } .syn b { color: #7c3aed; display: block; }
  .sign { display: flex; justify-content: space-between; margin-top: 40px; break-inside: avoid; }
  .sign div { width: 210px; border-top: .7px solid #1f2937; text-align: center; padding-top: 5px; }
  .sign small { display: block; color: #6b7280; font-size: 8.5px; }
</style></head><body>
<h1>${e(PROPOSAL_TITLE)}</h1><div class="sub">Plano personalizado de procedimentos estéticos para 12 meses</div>
<div class="box">${summary.map(([label, value]) => `<div><span>${e(label.toUpperCase())}</span><b>${e(value)}</b></div>`).join('')}</div>
<h2>Procedimentos incluídos</h2>
<table><thead><tr><th>Procedimento</th><th class="c">Sessões</th><th class="r">Valor Unitário</th><th class="r">Valor Total</th></tr></thead>
<tbody>${rows}</tbody></table>
<div class="totals">
  <div><span>Valor Total Avulso</span><b>${formatBRL(figures.standalone)}</b></div>
  <div class="strong"><span>Valor do Pacote</span><b>${formatBRL(figures.packageValue)}</b></div>
  ${figures.saving.kind === 'saving' ? `<div><span>Desconto Gerado (${formatPercent(figures.saving.percent)})</span><b>${formatBRL(figures.saving.amount)}</b></div>` : ''}
  <div><span>Valor Mensal (${INSTALMENTS_PER_YEAR}x)</span><b>${formatBRL(figures.monthly)}</b></div>
</div>
<h2>Condições e valores por extenso</h2>
${words.map(([label, value]) => `<p class="lv"><b>${e(label)}:</b>${e(value)}</p>`).join('')}
<h2>Benefícios</h2>
<div class="cards">${data.benefit_cards.map((card) => `<div class="card"><b>${e(card.title)}</b><ul>${card.lines.map((line) => `<li>${e(line)}</li>`).join('')}</ul></div>`).join('')}</div>
<h2>Sinergias entre os procedimentos</h2>
${data.synergy_items.map((item) => `<div class="syn"><b>${e(item.title)}</b>${e(item.description ?? '')}</div>`).join('')}
<p class="muted">Proposta válida por ${PROPOSAL_VALIDITY_DAYS} (${spellOutNumberPtBR(PROPOSAL_VALIDITY_DAYS, 'masculine')}) dias a partir da data de emissão, até ${validUntil}. Após esse prazo, valores e condições podem ser revistos. Os resultados dos procedimentos variam de pessoa para pessoa e dependem de avaliação profissional.</p>
<p>${e(placeAndLongDate(issuedAt))}</p>
<div class="sign"><div><b>${e(AUTHOR)}</b><small>Responsável pela proposta</small></div><div><b>${e(data.client_name ?? 'Cliente')}</b><small>Assinatura da cliente</small></div></div>
</body></html>`;
}

if (isEntryPoint(import.meta.url)) {
  const section = await benchPdf();
  console.log(section.figures, section.raw.join('\n'));
}
