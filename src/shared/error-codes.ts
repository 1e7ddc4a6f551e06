import { ACCOUNT_MESSAGES } from './account';
import { ATS_MESSAGES } from './ats';
import { ATTENDANCE_MESSAGES } from './attendance';
import { AUDIT_MESSAGES } from './audit';
import { COMPANY_PRODUCT_MESSAGES } from './company-products';
import { CRM_MESSAGES } from './crm';
import { ENTITY_MESSAGES } from './entities';
import { HRMS_MESSAGES } from './hrms';
import { MODULE_MESSAGES } from './modules';
import { NOTIFICATION_MESSAGES } from './notifications';
import { ONBOARDING_MESSAGES } from './onboarding';
import { ORGANIZATION_MESSAGES } from './organizations';
import { PAY_RUN_MESSAGES } from './payroll';
import { PROJECTS_MESSAGES } from './projects';
import { SESSION_MESSAGES } from './sessions';
import { SETTINGS_MESSAGES } from './settings';
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_SETUP_REQUIRED } from './two-factor-messages';
import { USER_MESSAGES } from './users';

/**
 * Domain error codes. An error the server throws with one of these messages answers with the
 * message's own code (`version_conflict`, `employee_not_found`, `stage_requires_reason`…) rather
 * than its status's (`conflict`, `not_found`), so a client switches on the code and never compares
 * sentences. A code is its message's key in snake case, unless named below; refusals of a request
 * schema keep `validation_error` (the message says which field).
 *
 * The API reference shows each error response's codes with their messages (http/route.ts).
 */
const NAMED: Record<string, string> = {
  [MODULE_MESSAGES.staleVersion]: 'version_conflict',
  [MODULE_MESSAGES.noAccess]: 'product_access_required',
  [TWO_FACTOR_MESSAGES.setupRequired]: TWO_FACTOR_SETUP_REQUIRED,
};

/** The message objects whose sentences carry a domain code: every module's and the platform's. */
const SOURCES = [
  MODULE_MESSAGES,
  HRMS_MESSAGES,
  CRM_MESSAGES,
  ATS_MESSAGES,
  PROJECTS_MESSAGES,
  ENTITY_MESSAGES,
  ORGANIZATION_MESSAGES,
  USER_MESSAGES,
  ACCOUNT_MESSAGES,
  SESSION_MESSAGES,
  SETTINGS_MESSAGES,
  COMPANY_PRODUCT_MESSAGES,
  AUDIT_MESSAGES,
  TWO_FACTOR_MESSAGES,
  NOTIFICATION_MESSAGES,
  PAY_RUN_MESSAGES,
  ATTENDANCE_MESSAGES,
  ONBOARDING_MESSAGES,
] as const;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const CODE_OF_MESSAGE: ReadonlyMap<string, string> = (() => {
  const codes = new Map<string, string>();
  for (const messages of SOURCES)
    for (const [key, message] of Object.entries(messages))
      if (typeof message === 'string' && !codes.has(message)) codes.set(message, NAMED[message] ?? snake(key));
  return codes;
})();

/** The domain code of an error message, or `fallback` (the status's code) when it has none. */
export const codeOfMessage = (message: string, fallback: string): string => CODE_OF_MESSAGE.get(message) ?? fallback;

/** Codes a client switches on (the rest are listed in the API reference). */
export const DOMAIN_CODES = {
  versionConflict: 'version_conflict',
  productAccessRequired: 'product_access_required',
  twoFactorSetupRequired: TWO_FACTOR_SETUP_REQUIRED,
} as const;
