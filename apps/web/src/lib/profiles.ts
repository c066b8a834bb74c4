/**
 * The web's admin check (SPEC 6: the stored profile equals 'admin', case-insensitive) — the same
 * rule as `isAdminProfile` in @portal/domain. It lives here because any runtime import from
 * @portal/domain currently brings the domain's zod schemas (~25 KB gzipped) into the first
 * screen; switch back to the domain function once that package is tree-shakeable.
 */
export function isAdminProfile(profile: string | null | undefined): boolean {
  return (profile ?? '').toLowerCase() === 'admin';
}

/** Managers and admins: who reads the network's numbers (issue 14; the API scopes each answer). */
export function isManagerProfile(profile: string | null | undefined): boolean {
  return isAdminProfile(profile) || (profile ?? '').toLowerCase() === 'manager';
}
