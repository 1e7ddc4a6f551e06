// No zod here: the web app's first pages import these constants and must stay small.
export const ROLES = ['super_admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Per-product access roles, strongest first (spec §3 has App Admin; issue 13 adds the other two):
 * App Admin configures the module and approves, Member creates and edits records, Viewer reads.
 */
export const ACCESS_ROLES = ['app_admin', 'member', 'viewer'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];
export const ACCESS_ROLE_LABELS: Record<AccessRole, string> = { app_admin: 'App Admin', member: 'Member', viewer: 'Viewer' };
/** Whether `held` is at least `needed`. */
export const roleAtLeast = (held: AccessRole, needed: AccessRole) => ACCESS_ROLES.indexOf(held) <= ACCESS_ROLES.indexOf(needed);

/** Underscores shown as spaces (spec §2 user list): super_admin → "super admin". */
export const roleLabel = (value: string) => value.replace(/_/g, ' ');
/** The products hub badge: underscores as spaces, uppercased → "SUPER ADMIN". */
export const roleBadge = (value: string) => roleLabel(value).toUpperCase();
