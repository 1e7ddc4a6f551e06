import { DOMAIN_CODES } from '@/shared/error-codes';
import { ApiError } from '@/web/lib/api';

/**
 * A module update refused because the record changed since it was read (409 `version_conflict`):
 * the page reloads the record and says so, rather than overwrite someone's change.
 */
export const isStaleVersion = (error: unknown) => error instanceof ApiError && error.code === DOMAIN_CODES.versionConflict;
