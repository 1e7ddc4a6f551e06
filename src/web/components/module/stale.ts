import { MODULE_MESSAGES } from '@/shared/modules';
import { ApiError } from '@/web/lib/api';

/**
 * A module update refused because the record changed since it was read (409 with the shared
 * message): the page reloads the record and says so, rather than overwrite someone's change.
 */
export const isStaleVersion = (error: unknown) => error instanceof ApiError && error.status === 409 && error.message === MODULE_MESSAGES.staleVersion;
