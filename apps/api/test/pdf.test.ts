import { createRequire } from 'node:module';
import type { LightMyRequestResponse } from 'fastify';
import type PdfParse from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.ts';

// pdf-parse's index.js reads a test file when it thinks it runs standalone; its lib entry does not.
const pdfParse = createRequire(import.meta.url)('pdf-parse/lib/pdf-parse.js') as typeof PdfParse;

const PROPOSAL = '/api/v1/pdf/proposal';
const CLIENT_CARE = '/api/v1/pdf/client-care';
const AUTHOR = 'Ana Luíza Profissional';

/** Today in São Paulo as the documents write it. */
function today() {
  const now = new Date();
  const iso = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const long = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(now);
  return { iso, long };
}

const proposalBody = () => ({
  client_name: 'Maria José da Conceição',
  pkg: { id: 7, name: 'Pacote Essencial 1', annual_value: 12000 },
  rows: [
    {
      id: 1,
      name: 'Criolipólise - Abdômen',
      unit: 1500,
      qty: 4,
      total: 1,
      benefits: ['Reduz gordura localizada', 'Sem cortes'],
    },
    {
      id: 2,
      name: 'Radiofrequência',
      unit: 1200,
      qty: 6,
      total: 1,
      benefits: ['Estimula colágeno'],
    },
  ],
  benefit_cards: [
    { title: 'Criolipólise - Abdômen', lines: ['Reduz gordura localizada', 'Sem cortes'] },
    { title: 'Radiofrequência', lines: ['Estimula colágeno'] },
  ],
  synergy_items: [
    {
      title: 'Criolipólise + Radiofrequência',
      description: 'A radiofrequência firma a pele depois da redução de gordura.',
    },
  ],
  // Whatever the client claims, the server recomputes and signs as the signed-in user.
  totals: { annual: 1, monthly: 1 },
  autor: 'Autor Forjado',
  data_br: '01/01/1999',
  valor_avulso: 1,
  valor_pacote: 1,
});

const careBody = () => ({
  client: {
    full_name: 'Maria José da Conceição',
    preferred_name: 'Zezé',
    pronoun_or_salutation: 'Sra.',
    important_dates: ['Aniversário: 12/03'],
    preferences: ['Café sem açúcar'],
  },
  quick_chips: ['Pontual', 'Prefere WhatsApp'],
  channels: ['WhatsApp pela manhã'],
  scheduling: ['Terças à tarde'],
  personalization: ['Chamar pelo apelido'],
  dos_and_donts: { dos: ['Oferecer água'], donts: ['Ligar após 20h'] },
  sensitivities: {
    allergies_or_aversion: ['Látex'],
    privacy_notes: ['Não comentar o tratamento com acompanhantes'],
    health_flags: ['Hipertensão controlada'],
  },
  relationship: ['Cliente desde 2021'],
  escalation: ['Reclamações vão para a gerente da unidade'],
  checklist: ['Confirmar horário na véspera', 'Registrar fotos de antes'],
  procedures: [{ id: 1, name: 'Criolipólise - Abdômen' }],
  author: 'Autor Forjado',
});

interface ParsedPdf {
  text: string;
  pages: number;
  info: { Title?: string; Author?: string };
}

async function readPdf(res: LightMyRequestResponse): Promise<ParsedPdf> {
  const bytes = res.rawPayload;
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const parsed = await pdfParse(bytes);
  // Intl writes 'R$ 1,00' with a non-breaking space; compare with plain spaces.
  const text = parsed.text.replace(/[\u00a0\s]+/g, ' ');
  return { text, pages: parsed.numpages, info: parsed.info as ParsedPdf['info'] };
}

function firstMessage(res: LightMyRequestResponse): string | undefined {
  const detail = (res.json() as { detail: Array<{ msg: string }> | string }).detail;
  return typeof detail === 'string' ? detail : detail[0]?.msg;
}

describe('PDF documents', () => {
  let t: TestApp;
  let professional: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    professional = await t.createUser('professional', 'active', AUTHOR);
  });
  afterAll(() => t.close());

  const post = (
    url: string,
    body: unknown,
    /** null: no Authorization header. */
    token: string | null = professional.token,
    query?: Record<string, string>,
  ) => t.request('POST', url, { token: token ?? undefined, body, ...(query ? { query } : {}) });

  describe('proposal', () => {
    it('previews inline a branded proposal with every figure recomputed', async () => {
      const res = await post(`${PROPOSAL}/preview`, proposalBody());
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      const { iso, long } = today();
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="proposta-pacote-essencial-1-${iso}.pdf"; filename*=UTF-8''proposta-pacote-essencial-1-${iso}.pdf`,
      );

      const { text, info, pages } = await readPdf(res);
      expect(pages).toBeGreaterThanOrEqual(1);
      for (const expected of [
        'Portal Estética',
        'Proposta de Pacote Anual',
        'Maria José da Conceição',
        'Pacote Essencial 1',
        'Criolipólise - Abdômen',
        'Radiofrequência',
        'Reduz gordura localizada',
        // Table rows: sessions, unit and total prices.
        'R$ 1.500,00',
        'R$ 6.000,00',
        'R$ 7.200,00',
        // Totals block, from the rows and the package price only.
        'Valor Total Avulso',
        'R$ 13.200,00',
        'Valor do Pacote',
        'R$ 12.000,00',
        'Desconto Gerado (9,1%)',
        'R$ 1.200,00',
        'Valor Mensal (12x)',
        'R$ 1.000,00',
        // Figures in words.
        '10 (dez) sessões',
        'R$ 12.000,00 (doze mil reais)',
        // A session's price per procedure: standalone, and with the package's 9,1 % off.
        'Criolipólise - Abdômen: 4 (quatro) sessões, R$ 1.500,00 (um mil e quinhentos reais) por sessão avulsa; no pacote, R$ 1.363,64',
        'Radiofrequência: 6 (seis) sessões, R$ 1.200,00 (um mil e duzentos reais) por sessão avulsa; no pacote, R$ 1.090,91',
        '12 (doze) parcelas mensais de R$ 1.000,00 (um mil reais)',
        'R$ 13.200,00 (treze mil e duzentos reais)',
        // Cards and synergies.
        'Benefícios',
        'Estimula colágeno',
        'Criolipólise + Radiofrequência',
        'A radiofrequência firma a pele depois da redução de gordura.',
        // Validity, place and date, author.
        'Proposta válida por 7 (sete) dias',
        `São Paulo, ${long}`,
        AUTHOR,
        `Página 1 de ${pages}`,
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Autor Forjado');
      expect(text).not.toContain('01/01/1999');
      expect(info.Author).toBe(AUTHOR);
      expect(info.Title).toBe('Proposta de Pacote Anual - Pacote Essencial 1');
      expect(res.rawPayload.toString('latin1')).toContain('/Lang (pt-BR)');
    });

    it('downloads the same document as an attachment', async () => {
      const res = await post(`${PROPOSAL}/download`, proposalBody());
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const { iso } = today();
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="proposta-pacote-essencial-1-${iso}.pdf"; filename*=UTF-8''proposta-pacote-essencial-1-${iso}.pdf`,
      );
      const { text } = await readPdf(res);
      expect(text).toContain('Pacote Essencial 1');
      expect(text).toContain('R$ 12.000,00 (doze mil reais)');
    });

    it('keeps the accents in the UTF-8 file name', async () => {
      const body = { ...proposalBody(), pkg: { name: 'Pacote Verão Ação', annual_value: 1500.5 } };
      const res = await post(`${PROPOSAL}/download`, body);
      const { iso } = today();
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="proposta-pacote-verao-acao-${iso}.pdf"; filename*=UTF-8''proposta-pacote-ver%C3%A3o-a%C3%A7%C3%A3o-${iso}.pdf`,
      );
      const { text } = await readPdf(res);
      expect(text).toContain('R$ 1.500,50 (um mil e quinhentos reais e cinquenta centavos)');
    });

    it('repeats the table header and numbers the pages of a long proposal', async () => {
      const rows = Array.from({ length: 60 }, (_, i) => ({
        name: `Procedimento número ${i + 1}`,
        unit: 100,
        qty: 1,
        benefits: ['Benefício com ç, ã, é e õ'],
      }));
      const res = await post(`${PROPOSAL}/preview`, { ...proposalBody(), rows });
      expect(res.statusCode).toBe(200);
      const { text, pages } = await readPdf(res);
      expect(pages).toBeGreaterThan(2);
      for (let page = 1; page <= pages; page++)
        expect(text).toContain(`Página ${page} de ${pages}`);
      const tablePages = text.split('Valor Unitário').length - 1;
      expect(tablePages).toBeGreaterThan(1);
      expect(text).toContain('Procedimento número 60');
      expect(text).toContain('Benefício com ç, ã, é e õ');
      expect(text).toContain('60 (sessenta) sessões');
    });

    it('refuses an empty selection with 422', async () => {
      for (const mode of ['preview', 'download']) {
        const res = await post(`${PROPOSAL}/${mode}`, {
          pkg: { name: 'Pacote Vazio', annual_value: 0 },
          rows: [],
        });
        expect(res.statusCode).toBe(422);
        expect(firstMessage(res)).toBe('Selecione ao menos um procedimento.');
      }
    });

    it('prints a proposal without a client name or optional parts, with no placeholder', async () => {
      const res = await post(`${PROPOSAL}/preview`, {
        pkg: { name: 'Pacote Simples', annual_value: 100 },
        rows: [{ name: 'Limpeza de Pele', unit: 120, qty: 1 }],
      });
      expect(res.statusCode).toBe(200);
      const { text } = await readPdf(res);
      expect(text).not.toContain('Não informado');
      // The summary box writes its labels in capitals: no 'CLIENTE' entry without a name.
      expect(text).not.toContain('CLIENTE');
      expect(text).toContain('Assinatura da cliente');
      expect(text).not.toContain('Sinergias entre os procedimentos');
    });

    it('never prints a negative discount when the package costs more than the sessions', async () => {
      // Today: 'Desconto Gerado -R$ 2.860,00 (-386,5%)'.
      const res = await post(`${PROPOSAL}/preview`, {
        client_name: 'Joana',
        pkg: { name: 'Pacote Essencial 1', annual_value: 3600 },
        rows: [
          { name: 'Limpeza de Pele Profunda', unit: 180, qty: 2 },
          { name: 'Radiofrequência Facial', unit: 380, qty: 1 },
        ],
      });
      expect(res.statusCode).toBe(200);
      const { text } = await readPdf(res);
      expect(text).not.toMatch(/-\s?R\$|-\d+,\d%|Desconto Gerado/);
      expect(text).toContain('R$ 740,00');
      expect(text).toContain('R$ 3.600,00');
      expect(text).toContain(
        'Pacote anual: sessões planejadas para 12 meses, com pagamento em 12 parcelas mensais.',
      );
    });

    it('prices a session per procedure, not the package divided by every session', async () => {
      // 12 sessions of R$ 180 in a R$ 14.400 package printed 'Valor por sessão: R$ 1.200,00'.
      const res = await post(`${PROPOSAL}/preview`, {
        pkg: { name: 'Pacote Rejuvenescimento 4', annual_value: 14400 },
        rows: [{ name: 'Limpeza de Pele Profunda', unit: 180, qty: 12 }],
      });
      expect(res.statusCode).toBe(200);
      const { text } = await readPdf(res);
      expect(text).not.toMatch(/Valor por sessão: R\$ 1\.200,00/);
      expect(text).toContain(
        'Limpeza de Pele Profunda: 12 (doze) sessões, R$ 180,00 (cento e oitenta reais) por sessão avulsa',
      );
      // Issue 28: the contracted price is the package apportioned by standalone value; with one
      // procedure that is the whole package over its sessions, named as the contracted price.
      expect(text).toContain(
        'no pacote, R$ 1.200,00 (um mil e duzentos reais) por sessão (preço contratado)',
      );
    });

    it('draws text outside the standard fonts without failing', async () => {
      const body = proposalBody();
      body.client_name = 'Zoë 😀 李 Ñandú ✔';
      body.rows[0]!.name = 'x'.repeat(200);
      body.rows[0]!.benefits = ['y'.repeat(500), 'tab\there\nnewline'];
      const res = await post(`${PROPOSAL}/preview`, body);
      expect(res.statusCode).toBe(200);
      const { text } = await readPdf(res);
      expect(text).toContain('Zoë ? Ñandú');
    });

    it('is open to every profile and closed without a token', async () => {
      for (const profile of ['admin', 'manager'] as const) {
        const user = await t.as(profile);
        expect((await post(`${PROPOSAL}/preview`, proposalBody(), user.token)).statusCode).toBe(
          200,
        );
      }
      for (const url of [`${PROPOSAL}/preview`, `${PROPOSAL}/download`]) {
        const res = await post(url, proposalBody(), null);
        expect(res.statusCode).toBe(401);
      }
    });

    const row = proposalBody().rows[0]!;
    it.each([
      ['no package', { pkg: undefined }, 'Informe o pacote.'],
      [
        'a blank package name',
        { pkg: { name: '  ', annual_value: 1 } },
        'Informe o nome do pacote.',
      ],
      [
        'a negative package value',
        { pkg: { name: 'P', annual_value: -1 } },
        'Valores devem ser números entre 0 e 100000000.',
      ],
      [
        'a package value as text',
        { pkg: { name: 'P', annual_value: '12000' } },
        'Valores devem ser números entre 0 e 100000000.',
      ],
      ['no rows', { rows: undefined }, 'Informe a lista de procedimentos (rows).'],
      [
        '0 sessions',
        { rows: [{ ...row, qty: 0 }] },
        'A quantidade de sessões deve ser um número inteiro entre 1 e 100.',
      ],
      [
        '101 sessions',
        { rows: [{ ...row, qty: 101 }] },
        'A quantidade de sessões deve ser um número inteiro entre 1 e 100.',
      ],
      [
        'fractional sessions',
        { rows: [{ ...row, qty: 1.5 }] },
        'A quantidade de sessões deve ser um número inteiro entre 1 e 100.',
      ],
      [
        'a negative unit price',
        { rows: [{ ...row, unit: -0.01 }] },
        'Valores devem ser números entre 0 e 100000000.',
      ],
      [
        'a blank procedure name',
        { rows: [{ ...row, name: ' ' }] },
        'Informe o nome do procedimento.',
      ],
      [
        'a benefit over 500 characters',
        { rows: [{ ...row, benefits: ['x'.repeat(501)] }] },
        'Cada texto deve ter no máximo 500 caracteres.',
      ],
      [
        '201 rows',
        { rows: Array.from({ length: 201 }, () => row) },
        'A proposta aceita no máximo 200 procedimentos.',
      ],
      ['a card without title', { benefit_cards: [{ title: '', lines: [] }] }, 'Informe o título.'],
      [
        '51 synergy items',
        { synergy_items: Array.from({ length: 51 }, () => ({ title: 'S' })) },
        'Cada lista aceita no máximo 50 itens.',
      ],
    ])('answers 422 for %s', async (_label, change, message) => {
      const res = await post(`${PROPOSAL}/preview`, { ...proposalBody(), ...change });
      expect(res.statusCode).toBe(422);
      expect(firstMessage(res)).toBe(message);
    });

    it('answers 422 for a body that is not JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${PROPOSAL}/download`,
        headers: {
          authorization: `Bearer ${professional.token}`,
          'content-type': 'application/json',
        },
        payload: '{"pkg":',
      });
      expect(res.statusCode).toBe(422);
    });

    it('answers 413 above the body limit', async () => {
      const body = { ...proposalBody(), client_name: 'x'.repeat(1_100_000) };
      const res = await post(`${PROPOSAL}/preview`, body);
      expect(res.statusCode).toBe(413);
      expect(firstMessage(res)).toBe('Conteúdo muito grande.');
    });
  });

  it('documents its routes in the OpenAPI document', async () => {
    const res = await t.request('GET', '/api/docs/json');
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        `${PROPOSAL}/preview`,
        `${PROPOSAL}/download`,
        `${CLIENT_CARE}/preview`,
        `${CLIENT_CARE}/download`,
      ]),
    );
  });

  describe('client care', () => {
    it('previews the care guide with every filled section', async () => {
      const res = await post(`${CLIENT_CARE}/preview`, careBody(), professional.token, {
        ai_only: '1',
        enrich_with_ai: '1',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const { iso, long } = today();
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="cuidados-maria-jose-da-conceicao-${iso}.pdf"; filename*=UTF-8''cuidados-maria-jos%C3%A9-da-concei%C3%A7%C3%A3o-${iso}.pdf`,
      );
      const { text, info } = await readPdf(res);
      for (const expected of [
        'Guia de Cuidados da Cliente',
        'Maria José da Conceição',
        'Como chamar: Zezé',
        'Tratamento: Sra.',
        'Aniversário: 12/03',
        'Preferências',
        'Café sem açúcar',
        'Resumo rápido',
        'Prefere WhatsApp',
        'Canais de contato',
        'Agendamento',
        'Personalização',
        'Chamar pelo apelido',
        'Faça',
        'Oferecer água',
        'Evite',
        'Ligar após 20h',
        'Sensibilidades',
        'Látex',
        'Hipertensão controlada',
        'Relacionamento',
        'Escalonamento',
        'Checklist',
        'Confirmar horário na véspera',
        'Procedimentos',
        'Criolipólise - Abdômen',
        `Elaborado por ${AUTHOR}`,
        `São Paulo, ${long}`,
        'Página 1 de',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Autor Forjado');
      expect(info.Author).toBe(AUTHOR);
    });

    it('downloads as an attachment', async () => {
      const res = await post(`${CLIENT_CARE}/download`, careBody(), professional.token, {
        enrich_with_ai: '0',
      });
      expect(res.statusCode).toBe(200);
      const { iso } = today();
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="cuidados-maria-jose-da-conceicao-${iso}\\.pdf"`),
      );
      const { text } = await readPdf(res);
      expect(text).toContain('Guia de Cuidados da Cliente');
    });

    it('leaves out empty sections', async () => {
      const res = await post(`${CLIENT_CARE}/preview`, {
        client: { full_name: 'Joana', preferences: ['  '] },
        channels: null,
        dos_and_donts: { dos: [], donts: [] },
      });
      expect(res.statusCode).toBe(200);
      const { text } = await readPdf(res);
      expect(text).toContain('Joana');
      expect(text).toContain('Nenhuma informação adicional registrada para esta cliente.');
      for (const absent of [
        'Preferências',
        'Canais de contato',
        'Checklist',
        'Sensibilidades',
        'Faça',
      ]) {
        expect(text).not.toContain(absent);
      }
    });

    it('prints a guide without a client name and no placeholder, AI tips included', async () => {
      const res = await post(
        `${CLIENT_CARE}/preview`,
        { client: { full_name: ' ' }, procedures: [{ id: 1, name: 'Limpeza de Pele' }] },
        professional.token,
        { ai_only: '0', enrich_with_ai: '1' },
      );
      expect(res.statusCode).toBe(200);
      const { text } = await readPdf(res);
      expect(text).toContain('Limpeza de Pele');
      for (const placeholder of ['Chamar a cliente de', 'Nome:', 'Não informado']) {
        expect(text).not.toContain(placeholder);
      }
      const { iso } = today();
      expect(res.headers['content-disposition']).toContain(
        `filename="cuidados-cliente-${iso}.pdf"`,
      );
    });

    it('calls the client by the name typed', async () => {
      const res = await post(
        `${CLIENT_CARE}/preview`,
        { client: { full_name: 'Joana Prado' }, procedures: [{ id: 1, name: 'Limpeza de Pele' }] },
        professional.token,
        { enrich_with_ai: '1' },
      );
      const { text } = await readPdf(res);
      expect(text).toContain('Nome: Joana Prado');
      expect(text).toContain('Chamar a cliente de Joana');
    });

    it('accepts a plain string wherever it takes a list of texts', async () => {
      const res = await post(`${CLIENT_CARE}/preview`, {
        client: {
          full_name: 'Joana',
          preferences: 'Café sem açúcar',
          important_dates: 'Aniversário: 12/03',
        },
        quick_chips: 'Pontual',
        channels: 'WhatsApp pela manhã',
        scheduling: 'Terças à tarde',
        personalization: 'Chamar pelo apelido',
        dos_and_donts: { dos: 'Oferecer água', donts: 'Ligar após 20h' },
        sensitivities: {
          allergies_or_aversion: 'Látex',
          privacy_notes: 'Discrição',
          health_flags: 'Hipertensão controlada',
        },
        relationship: 'Cliente desde 2021',
        escalation: 'Gerente da unidade',
        checklist: 'Confirmar horário na véspera\nRegistrar fotos de antes',
      });
      expect(res.statusCode, res.body).toBe(200);
      const { text } = await readPdf(res);
      for (const expected of [
        'Café sem açúcar',
        'Aniversário: 12/03',
        'WhatsApp pela manhã',
        'Oferecer água',
        'Ligar após 20h',
        'Látex',
        'Hipertensão controlada',
        'Confirmar horário na véspera',
        'Registrar fotos de antes',
      ]) {
        expect(text).toContain(expected);
      }
    });

    it('is closed without a token', async () => {
      for (const url of [`${CLIENT_CARE}/preview`, `${CLIENT_CARE}/download`]) {
        expect((await post(url, careBody(), null)).statusCode).toBe(401);
      }
    });

    it.each([
      ['no client', { client: undefined }, 'Informe os dados da cliente.'],
      ['a list that is not a list', { checklist: 42 }, 'Envie uma lista de textos.'],
      ['an empty selection', { procedures: [] }, 'Selecione ao menos um procedimento.'],
      [
        '51 chips',
        { quick_chips: Array.from({ length: 51 }, () => 'x') },
        'Cada lista aceita no máximo 50 itens.',
      ],
      [
        'a text over 500 characters',
        { channels: ['x'.repeat(501)] },
        'Cada texto deve ter no máximo 500 caracteres.',
      ],
    ])('answers 422 for %s', async (_label, change, message) => {
      const res = await post(`${CLIENT_CARE}/preview`, { ...careBody(), ...change });
      expect(res.statusCode).toBe(422);
      expect(firstMessage(res)).toBe(message);
    });

    it('answers 422 for a query flag that is not 0 or 1', async () => {
      const res = await post(`${CLIENT_CARE}/preview`, careBody(), professional.token, {
        ai_only: 'talvez',
      });
      expect(res.statusCode).toBe(422);
      expect(firstMessage(res)).toBe('Use 0 ou 1.');
    });
  });
});
