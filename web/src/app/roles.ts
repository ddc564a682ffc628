/** User type with every right, in every factory. */
export const ADMIN = 'ADMIN';
/** User type that may edit the factory (and the MEMS section). */
export const U_EDITOR = 'U_EDITOR';
/** The read-only type the user form offers; any type other than ADMIN and U_EDITOR reads only. */
export const U_LECTOR = 'U_LECTOR';

/** True when the user's types include ADMIN. A user may have several types (AUTH-002). */
export function isAdmin(tipos: readonly string[] | null | undefined): boolean {
  return (tipos ?? []).includes(ADMIN);
}

/** True when the user may edit factory data: ADMIN or U_EDITOR. */
export function isEditor(tipos: readonly string[] | null | undefined): boolean {
  return isAdmin(tipos) || (tipos ?? []).includes(U_EDITOR);
}
