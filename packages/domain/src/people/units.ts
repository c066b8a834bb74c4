import { z } from '../shared/zod.ts';
import { singleLineTextField } from '../shared/text-fields.ts';
import { UNITS } from './users.ts';

/**
 * A unit as the client sees it (issue 27): the public proposal page and the WhatsApp text speak
 * for the clinic, with its name, address and contacts, not for the software.
 */
export const UNIT_MESSAGES = {
  notFound: 'Unidade não encontrada.',
  nameRequired: 'Informe o nome da unidade.',
  nameTooLong: 'O nome da unidade deve ter até 120 caracteres.',
  addressTooLong: 'O endereço deve ter até 300 caracteres.',
  phoneInvalid: 'Telefone inválido: use DDD e número (10 ou 11 dígitos).',
} as const;

export const unitSchema = z.object({
  code: z.enum(UNITS),
  display_name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
});
export type UnitFace = z.output<typeof unitSchema>;

/** A Brazilian phone: its digits, 10 or 11 with the area code (a leading 55 is dropped). */
const phoneField = z
  .string({ error: UNIT_MESSAGES.phoneInvalid })
  .nullable()
  .transform((value) => {
    if (value === null || value.trim() === '') return null;
    const digits = value.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
    return digits;
  })
  .refine((value) => value === null || /^\d{10,11}$/.test(value), UNIT_MESSAGES.phoneInvalid);

/** PATCH /units/{code}: the fields sent change; phone and WhatsApp null or blank clear. */
export const unitUpdateSchema = z.object({
  display_name: singleLineTextField(
    { required: UNIT_MESSAGES.nameRequired, tooLong: UNIT_MESSAGES.nameTooLong },
    120,
  ).optional(),
  address: z.string().trim().max(300, UNIT_MESSAGES.addressTooLong).optional(),
  phone: phoneField.optional(),
  whatsapp: phoneField.optional(),
});
export type UnitUpdate = z.input<typeof unitUpdateSchema>;
export type UnitUpdateData = z.output<typeof unitUpdateSchema>;
