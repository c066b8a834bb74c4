import { z } from '../shared/zod.ts';
import { singleLineTextField } from '../shared/text-fields.ts';
import { listPageFields } from '../shared/list-query.ts';

export const UNITS = [
  'LEMONDE',
  'ANALIA',
  'VILLA LOBOS',
  'JUNDIAÍ',
  'TAMBORÉ',
  'TABOÃO',
  'MORUMBI',
  'ABC',
  'BOURBON',
  'CIDADE SP',
  'PAULISTA',
  'HIGIENÓPOLIS',
  'ELDORADO',
  'CENTER NORTE',
] as const;
export type Unit = (typeof UNITS)[number];

export const PROFILES = ['professional', 'admin', 'manager'] as const;
export type Profile = (typeof PROFILES)[number];
export const PROFILE_LABELS: Record<Profile, string> = {
  professional: 'Profissional',
  admin: 'Administrador',
  manager: 'Gerente',
};

export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Ativo',
  inactive: 'Inativo',
  pending: 'Pendente',
};

export * from './user-constants.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const trimmedName = singleLineTextField(
  { required: 'Nome é obrigatório.', tooLong: 'Nome deve ter no máximo 120 caracteres.' },
  120,
);
const email = z
  .string({ error: 'Email é obrigatório.' })
  // The document states the form the pipe below checks (after trimming and lower-casing).
  .meta({ format: 'email' })
  .trim()
  .toLowerCase()
  .max(254, 'Email muito longo.')
  .pipe(z.email({ error: 'Email inválido.' }));
const password = z
  .string({ error: 'Senha é obrigatória.' })
  .min(PASSWORD_MIN_LENGTH, `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`)
  .max(PASSWORD_MAX_LENGTH, `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`);
/** Omitted stays undefined (a PATCH leaves it alone); blank or null clears it. */
const phone = z
  .string()
  .trim()
  .max(40, 'Telefone muito longo.')
  .nullish()
  .transform((v) => (v === '' ? null : v));
const unit = z
  .enum([...UNITS, ''], { error: 'Unidade inválida.' })
  .nullish()
  .transform((v) => (v === '' ? null : v));
const profile = z.enum(PROFILES, { error: 'Perfil inválido.' });
const status = z.enum(USER_STATUSES, { error: 'Status inválido.' });
const profilePhoto = z
  .string()
  .max(2_000, 'Foto de perfil inválida.')
  .nullish()
  .transform((v) => (v === '' ? null : v));

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  profile: profile,
  /** Asked at self-registration, shown to the admin who activates; the grant is `profile`. */
  requested_profile: profile.nullable(),
  unit: z.string().nullable(),
  status: status,
  profile_photo: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userCreateSchema = z.object({
  name: trimmedName,
  email,
  password,
  phone,
  unit,
  profile: profile.default('professional'),
  status: status.default('active'),
  profile_photo: profilePhoto,
});
export type UserCreate = z.input<typeof userCreateSchema>;

/** Email is not editable; a new password may be set by an admin. */
export const userUpdateSchema = z.object({
  name: trimmedName.optional(),
  phone,
  unit,
  profile: profile.optional(),
  status: status.optional(),
  profile_photo: profilePhoto,
  password: password.optional(),
});
export type UserUpdate = z.input<typeof userUpdateSchema>;

/** The admin's edit form: the name stays required, a blank password keeps the current one. */
export const userEditFormSchema = userUpdateSchema.extend({
  name: trimmedName,
  password: password.or(z.literal('')).optional(),
});

export const loginSchema = z.object({
  email: z.string({ error: 'Email é obrigatório.' }).trim().min(1, 'Email é obrigatório.').max(254),
  password: z.string({ error: 'Senha é obrigatória.' }).min(1, 'Senha é obrigatória.').max(1024),
});
export type LoginInput = z.input<typeof loginSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const registerSchema = z.object({
  name: trimmedName,
  email,
  password,
  phone,
  unit,
  profile: profile.default('professional'),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const passwordResetRequestSchema = z.object({ email });
export const passwordResetSchema = z.object({
  token: z.string().min(10, 'Link inválido ou expirado.').max(200),
  password,
});

/** The web's admin check: the stored profile, case-insensitive. */
export function isAdminProfile(profileValue: string | null | undefined): boolean {
  return (profileValue ?? '').toLowerCase() === 'admin';
}

export const USER_LIST_ORDER_FIELDS = ['name', 'email', 'created_at'] as const;
export type UserListOrderField = (typeof USER_LIST_ORDER_FIELDS)[number];

/** GET /users/?q=&status_eq=&profile_eq=&limit=&offset=&order= */
export const userListQuerySchema = z.object({
  status_eq: z.enum(USER_STATUSES, { error: 'Status inválido.' }).optional(),
  profile_eq: z.enum(PROFILES, { error: 'Perfil inválido.' }).optional(),
  ...listPageFields(USER_LIST_ORDER_FIELDS),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export type UserListFilter = z.output<typeof userListQuerySchema>;
