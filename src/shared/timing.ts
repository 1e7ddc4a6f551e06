/** Constants of spec §9 that the web app's behaviour depends on. */
export const REDIRECT_AFTER_SIGNUP_MS = 2000;
export const REDIRECT_AFTER_SIGNIN_MS = 100;
export const SESSION_REFRESH_TICK_MS = 30_000;
export const QUERY_CACHE_MS = 5 * 60_000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_CAP_MS = 30_000;
export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE = 3;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 604_800;
