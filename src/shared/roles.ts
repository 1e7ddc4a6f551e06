// No zod here: the web app's first pages import these constants and must stay small.
export const ROLES = ['super_admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** The only per-product access role offered (spec §3, §6). */
export const ACCESS_ROLES = ['app_admin'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];
export const ACCESS_ROLE_LABELS: Record<AccessRole, string> = { app_admin: 'App Admin' };

/** Underscores shown as spaces (spec §2 user list): super_admin → "super admin". */
export const roleLabel = (value: string) => value.replace(/_/g, ' ');
/** The products hub badge: underscores as spaces, uppercased → "SUPER ADMIN". */
export const roleBadge = (value: string) => roleLabel(value).toUpperCase();
