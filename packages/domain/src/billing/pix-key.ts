import { isValidCpf } from '../crm/cpf.ts';
import { z } from '../shared/zod.ts';

/**
 * Pix keys (DICT kinds): CPF, CNPJ, e-mail, mobile phone (+55) and EVP (random UUID). The kind
 * follows from the text alone — CPF is 11 digits, CNPJ 14 characters, a phone starts with '+', an
 * e-mail has '@', an EVP is a UUID — so a body sends only the key. A CPF key is checked by
 * crm/cpf.ts, the one CPF rule; CNPJ (alphanumeric from July 2026) has its own check here.
 */

export const PIX_KEY_KINDS = ['cpf', 'cnpj', 'email', 'telefone', 'evp'] as const;
export type PixKeyKind = (typeof PIX_KEY_KINDS)[number];

export const PIX_KEY_MESSAGES = {
  required: 'Informe a chave Pix.',
  invalid: 'Chave Pix inválida: use CPF, CNPJ, e-mail, celular com +55 e DDD ou chave aleatória.',
  cpfInvalid: 'CPF da chave Pix inválido.',
  cnpjInvalid: 'CNPJ da chave Pix inválido.',
  emailInvalid: 'E-mail da chave Pix inválido (até 77 caracteres).',
  phoneInvalid: 'Celular da chave Pix inválido: use +55, o DDD e o número (ex.: +5511912345678).',
  evpInvalid: 'Chave aleatória inválida (formato 123e4567-e89b-12d3-a456-426614174000).',
} as const;

/** DICT's limit for an e-mail key. */
export const PIX_EMAIL_MAX_LENGTH = 77;

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PHONE = /^\+55[1-9]{2}9\d{8}$/;
// DICT's e-mail rule, lower-case (keys are registered lower-case).
const EMAIL =
  /^[a-z0-9.!#$&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** Mod-11 check digit over `values` with weights cycling 2..maxWeight from the right. */
function mod11Digit(values: readonly number[], maxWeight: number): number {
  let sum = 0;
  let weight = 2;
  for (let i = values.length - 1; i >= 0; i--) {
    sum += (values[i] ?? 0) * weight;
    weight = weight === maxWeight ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * CNPJ, numeric or alphanumeric (from July 2026 a CNPJ may carry letters in its first 12
 * positions; each character counts as its code minus 48, so digits keep their value).
 */
function isValidCnpj(text: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(text) || /^(\d)\1{13}$/.test(text)) return false;
  const values = [...text].map((char) => char.charCodeAt(0) - 48);
  const first = mod11Digit(values.slice(0, 12), 9);
  const second = mod11Digit([...values.slice(0, 12), first], 9);
  return values[12] === first && values[13] === second;
}

/** The kind a key's text has, or null; `key` as written in a BR Code (already normalised). */
export function pixKeyKind(key: string): PixKeyKind | null {
  // crm/cpf.ts reads typed text (dots, dashes); a key is a CPF only as its 11 bare digits.
  if (/^\d{11}$/.test(key) && isValidCpf(key)) return 'cpf';
  if (isValidCnpj(key)) return 'cnpj';
  if (PHONE.test(key)) return 'telefone';
  if (EVP.test(key)) return 'evp';
  if (key.length <= PIX_EMAIL_MAX_LENGTH && EMAIL.test(key)) return 'email';
  return null;
}

/** The message for a key that does not validate, chosen by what it looks like. */
function keyProblem(key: string): string {
  if (/^\d{11}$/.test(key)) return PIX_KEY_MESSAGES.cpfInvalid;
  if (/^[0-9A-Z]{14}$/.test(key)) return PIX_KEY_MESSAGES.cnpjInvalid;
  if (key.startsWith('+')) return PIX_KEY_MESSAGES.phoneInvalid;
  if (key.includes('@')) return PIX_KEY_MESSAGES.emailInvalid;
  if (/^[0-9a-f]{8}-/.test(key)) return PIX_KEY_MESSAGES.evpInvalid;
  return PIX_KEY_MESSAGES.invalid;
}

/**
 * The key as a BR Code carries it: CPF/CNPJ without punctuation ('123.456.789-09' → digits),
 * e-mail and EVP lower-case, phone without spaces, dashes or parentheses.
 */
export function normalizePixKey(input: string): string {
  const text = input.trim();
  if (text.includes('@')) return text.toLowerCase();
  if (/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-/.test(text)) return text.toLowerCase();
  if (text.startsWith('+')) return text.replace(/[\s().-]/g, '');
  if (/^[0-9A-Za-z./\s-]+$/.test(text)) return text.replace(/[./\s-]/g, '').toUpperCase();
  return text;
}

/** A Pix key in a body: normalised, then one of the five kinds; the output is the key. */
export const pixKeySchema = z
  .string({ error: PIX_KEY_MESSAGES.required })
  .trim()
  .min(1, PIX_KEY_MESSAGES.required)
  .max(100, PIX_KEY_MESSAGES.invalid)
  .transform(normalizePixKey)
  .superRefine((key, ctx) => {
    if (pixKeyKind(key) === null) ctx.addIssue({ code: 'custom', message: keyProblem(key) });
  });
