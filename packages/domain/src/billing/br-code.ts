import { z } from '../shared/zod.ts';
import type { Centavos } from '../shared/money.ts';
import { pixKeyKind, pixKeySchema } from './pix-key.ts';

/**
 * Static Pix BR Code (EMV-MPM TLV, the Banco Central's "Manual do BR Code" and "Padrões para
 * Iniciação do Pix"): the QR / "copia e cola" the `pix_manual` method shows. Written here rather
 * than taken from npm: it is ~200 lines of string work whose rules we must own (byte lengths,
 * normalisation, our limits and pt-BR answers), the domain package carries no runtime dependency
 * but zod, and the CRC is twelve lines.
 *
 * Layout: 00 '01' · 26 {00 GUI, 01 key, 02 description?} · 52 '0000' · 53 '986' · 54 amount? ·
 * 58 'BR' · 59 name · 60 city · 62 {05 txid or '***'} · 63 CRC. Every length is in bytes of UTF-8.
 * Name, city and description are written as printable ASCII (accents stripped): payers' apps
 * show them and some mangle anything else; the manual's own example keeps mixed case
 * ("Fulano de Tal"), so the case is kept as given.
 */

export const PIX_GUI = 'br.gov.bcb.pix';
export const BR_CODE_MERCHANT_NAME_MAX = 25;
export const BR_CODE_MERCHANT_CITY_MAX = 15;
export const BR_CODE_TXID_MAX = 25;
/** A TLV value's length has two digits. */
export const BR_CODE_FIELD_MAX_BYTES = 99;
/** Field 54 is `\d{1,10}\.\d{2}`. */
export const BR_CODE_AMOUNT_MAX: Centavos = 999_999_999_999;
/** What field 62/05 holds when the code names no transaction. */
export const BR_CODE_NO_TXID = '***';

export const BR_CODE_MESSAGES = {
  merchantNameRequired: 'Informe o nome do recebedor.',
  merchantNameInvalid: `O nome do recebedor deve ter de 1 a ${BR_CODE_MERCHANT_NAME_MAX} letras, números ou sinais comuns.`,
  merchantCityRequired: 'Informe a cidade do recebedor.',
  merchantCityInvalid: `A cidade deve ter de 1 a ${BR_CODE_MERCHANT_CITY_MAX} letras, números ou sinais comuns.`,
  txidInvalid: `O identificador da cobrança (txid) deve ter de 1 a ${BR_CODE_TXID_MAX} letras ou números, sem espaços.`,
  amountInvalid: 'O valor deve ser um número inteiro de centavos maior que zero.',
  descriptionInvalid: 'A descrição deve ter apenas letras, números ou sinais comuns.',
  accountTooLong:
    'Chave e descrição não cabem no BR Code (o campo 26 tem até 99 bytes): encurte a descrição.',
} as const;

/** Why a text is not a static BR Code we can pay (pt-BR in BR_CODE_PROBLEM_MESSAGES). */
export const BR_CODE_PROBLEMS = [
  'formato_invalido',
  'crc_invalido',
  'codigo_dinamico',
  'campo_obrigatorio_ausente',
  'moeda_invalida',
  'pais_invalido',
  'chave_invalida',
  'valor_invalido',
  'txid_invalido',
] as const;
export type BrCodeProblem = (typeof BR_CODE_PROBLEMS)[number];
export const BR_CODE_PROBLEM_MESSAGES: Record<BrCodeProblem, string> = {
  formato_invalido: 'Código Pix malformado.',
  crc_invalido: 'O código de verificação (CRC) do código Pix não confere: copie-o de novo.',
  codigo_dinamico: 'Este é um código Pix dinâmico; aqui só se aceitam códigos estáticos.',
  campo_obrigatorio_ausente: 'Falta um campo obrigatório no código Pix.',
  moeda_invalida: 'O código Pix não está em reais (moeda 986).',
  pais_invalido: 'O código Pix não é do Brasil.',
  chave_invalida: 'A chave Pix do código é inválida.',
  valor_invalido: 'O valor do código Pix é inválido.',
  txid_invalido: 'O identificador da cobrança (txid) do código Pix é inválido.',
};

// ---------------------------------------------------------------------------------------------
// Bytes and CRC

/** UTF-8 bytes of `text` (written out so the domain needs no TextEncoder typing). */
export function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    } else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
    }
  }
  return bytes;
}

export function utf8Length(text: string): number {
  return utf8Bytes(text).length;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor): 4 upper hex. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8Bytes(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

// ---------------------------------------------------------------------------------------------
// TLV

export interface TlvField {
  id: string;
  value: string;
}

/** One field: id, two-digit byte length, value. Throws on a value over 99 bytes (a bug here). */
export function tlv(id: string, value: string): string {
  const length = utf8Length(value);
  if (length > BR_CODE_FIELD_MAX_BYTES) {
    throw new RangeError(`BR Code field ${id} has ${length} bytes (at most 99)`);
  }
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/** The fields of a TLV string, in order; null when the lengths do not add up. */
export function parseTlv(text: string): TlvField[] | null {
  const chars = [...text];
  const fields: TlvField[] = [];
  let at = 0;
  while (at < chars.length) {
    const head = chars.slice(at, at + 4).join('');
    if (!/^\d{4}$/.test(head)) return null;
    const id = head.slice(0, 2);
    let remaining = Number(head.slice(2));
    at += 4;
    let value = '';
    while (remaining > 0) {
      const char = chars[at];
      if (char === undefined) return null;
      remaining -= utf8Length(char);
      value += char;
      at += 1;
    }
    // A multi-byte character straddling the declared length.
    if (remaining < 0) return null;
    fields.push({ id, value });
  }
  return fields;
}

// ---------------------------------------------------------------------------------------------
// Input

/** Accents stripped, dashes and quotes made ASCII, spaces collapsed: what a BR Code carries. */
export function brCodeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const asciiText = (max: number, required: string, invalid: string) =>
  z
    .string({ error: required })
    .transform(brCodeText)
    .pipe(z.string().min(1, required).max(max, invalid).regex(PRINTABLE_ASCII, invalid));

export const brCodeTxidSchema = z
  .string({ error: BR_CODE_MESSAGES.txidInvalid })
  .regex(new RegExp(`^[A-Za-z0-9]{1,${BR_CODE_TXID_MAX}}$`), BR_CODE_MESSAGES.txidInvalid);

/** What a static BR Code says; `amount` null lets the payer type it, `txid` null is '***'. */
export const staticBrCodeSchema = z
  .object({
    key: pixKeySchema,
    description: z
      .string({ error: BR_CODE_MESSAGES.descriptionInvalid })
      .transform(brCodeText)
      .pipe(z.string().regex(PRINTABLE_ASCII, BR_CODE_MESSAGES.descriptionInvalid))
      .nullish()
      .transform((value) => (value ? value : null)),
    amount: z
      .number({ error: BR_CODE_MESSAGES.amountInvalid })
      .int(BR_CODE_MESSAGES.amountInvalid)
      .positive(BR_CODE_MESSAGES.amountInvalid)
      .max(BR_CODE_AMOUNT_MAX, BR_CODE_MESSAGES.amountInvalid)
      .nullable(),
    merchantName: asciiText(
      BR_CODE_MERCHANT_NAME_MAX,
      BR_CODE_MESSAGES.merchantNameRequired,
      BR_CODE_MESSAGES.merchantNameInvalid,
    ),
    merchantCity: asciiText(
      BR_CODE_MERCHANT_CITY_MAX,
      BR_CODE_MESSAGES.merchantCityRequired,
      BR_CODE_MESSAGES.merchantCityInvalid,
    ),
    txid: brCodeTxidSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((code, ctx) => {
    const keyBytes = 4 + utf8Length(code.key);
    const descriptionBytes = code.description ? 4 + utf8Length(code.description) : 0;
    if (4 + PIX_GUI.length + keyBytes + descriptionBytes > BR_CODE_FIELD_MAX_BYTES) {
      ctx.addIssue({
        code: 'custom',
        message: BR_CODE_MESSAGES.accountTooLong,
        path: ['description'],
      });
    }
  });
export type StaticBrCodeInput = z.input<typeof staticBrCodeSchema>;
export type StaticBrCode = z.output<typeof staticBrCodeSchema>;

// ---------------------------------------------------------------------------------------------
// Build

function merchantAccount(key: string, description: string | null): string {
  return tlv('00', PIX_GUI) + tlv('01', key) + (description ? tlv('02', description) : '');
}

/** 12345 centavos → '123.45'. */
export function brCodeAmount(centavos: Centavos): string {
  const reais = Math.floor(centavos / 100);
  return `${reais}.${String(centavos - reais * 100).padStart(2, '0')}`;
}

/** The BR Code text ("Pix copia e cola"); throws a ZodError on input the schema refuses. */
export function buildStaticBrCode(input: StaticBrCodeInput): string {
  const code = staticBrCodeSchema.parse(input);
  const payload =
    tlv('00', '01') +
    tlv('26', merchantAccount(code.key, code.description)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (code.amount === null ? '' : tlv('54', brCodeAmount(code.amount))) +
    tlv('58', 'BR') +
    tlv('59', code.merchantName) +
    tlv('60', code.merchantCity) +
    tlv('62', tlv('05', code.txid ?? BR_CODE_NO_TXID)) +
    '6304';
  return payload + crc16CcittFalse(payload);
}

// ---------------------------------------------------------------------------------------------
// Parse

export type BrCodeParseResult =
  { ok: true; code: StaticBrCode } | { ok: false; problem: BrCodeProblem; message: string };

function refused(problem: BrCodeProblem): BrCodeParseResult {
  return { ok: false, problem, message: BR_CODE_PROBLEM_MESSAGES[problem] };
}

/** '123.45' (or '123', '123.4') → centavos; null when not an amount. */
function parseAmount(text: string): Centavos | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const centavos = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return centavos > 0 ? centavos : null;
}

/**
 * Reads a static BR Code: structure first (byte lengths, '000201' first, CRC last and right),
 * then the Pix fields. Fields it does not use (e.g. 80, 01 '11') are ignored; a dynamic code
 * (01 '12' or a URL in 26/25) is refused, since its data lives at the institution's URL.
 */
export function parseStaticBrCode(text: string): BrCodeParseResult {
  const fields = parseTlv(text);
  if (!fields || fields.length < 2) return refused('formato_invalido');
  const first = fields[0];
  const last = fields[fields.length - 1];
  if (first?.id !== '00' || first.value !== '01') return refused('formato_invalido');
  if (last?.id !== '63' || !/^[0-9A-F]{4}$/.test(last.value)) return refused('formato_invalido');
  const body = text.slice(0, text.length - 4);
  if (crc16CcittFalse(body) !== last.value) return refused('crc_invalido');

  const byId = new Map<string, string>();
  for (const field of fields) {
    if (byId.has(field.id)) return refused('formato_invalido');
    byId.set(field.id, field.value);
  }
  if (byId.get('01') === '12') return refused('codigo_dinamico');
  const accountText = byId.get('26');
  if (accountText === undefined) return refused('campo_obrigatorio_ausente');
  const account = parseTlv(accountText);
  if (!account) return refused('formato_invalido');
  const accountById = new Map(account.map((field) => [field.id, field.value]));
  if (accountById.get('00')?.toLowerCase() !== PIX_GUI) return refused('formato_invalido');
  // A URL (25), or a Pix Automático code whose recurrence lives in field 80.
  if (accountById.has('25') || byId.has('80')) return refused('codigo_dinamico');
  const key = accountById.get('01');
  if (key === undefined) return refused('campo_obrigatorio_ausente');
  if (pixKeyKind(key) === null) return refused('chave_invalida');

  for (const id of ['52', '53', '58', '59', '60']) {
    if (!byId.has(id)) return refused('campo_obrigatorio_ausente');
  }
  if (byId.get('53') !== '986') return refused('moeda_invalida');
  if (byId.get('58') !== 'BR') return refused('pais_invalido');

  const amountText = byId.get('54');
  const amount = amountText === undefined ? null : parseAmount(amountText);
  if (amountText !== undefined && amount === null) return refused('valor_invalido');

  let txid: string | null = null;
  const additional = byId.get('62');
  if (additional !== undefined) {
    const parts = parseTlv(additional);
    if (!parts) return refused('formato_invalido');
    const reference = parts.find((field) => field.id === '05')?.value;
    if (reference !== undefined && reference !== BR_CODE_NO_TXID) {
      if (!brCodeTxidSchema.safeParse(reference).success) return refused('txid_invalido');
      txid = reference;
    }
  }

  return {
    ok: true,
    code: {
      key,
      description: accountById.get('02') ?? null,
      amount,
      merchantName: byId.get('59') ?? '',
      merchantCity: byId.get('60') ?? '',
      txid,
    },
  };
}
