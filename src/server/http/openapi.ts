import { API_DOCS_PATH, OPENAPI_PATH } from './api-docs';

/**
 * The groups of the API reference, in the order it shows them. Every route names one in `tags`
 * (defineRoute requires it); a new module adds its group here.
 */
export const API_TAGS = {
  Auth: 'Sign-up, sign-in, sign-out and the current session. A successful sign-up or sign-in sets the session cookie.',
  Products: 'The product catalogue and the products the signed-in user may open.',
  Organizations: "The company's organizations (super admins only).",
  Entities: "The company's entities and the products each holds (super admins only).",
  Users: "The company's users and their per-product, per-entity access (super admins only).",
  Audit: "The company's audit log and its CSV export (super admins only).",
  Sessions: "The signed-in user's sessions, and a super admin's sign-out of a user everywhere.",
  Account: "The signed-in user's own name and password.",
  Notifications:
    "The signed-in user's notifications (the bell: list, unread count, live count, marking read), their notification preferences, and the emails' one-click unsubscribe link (no session).",
  'Two-factor': "The signed-in user's two-factor sign-in (TOTP with recovery codes), and the company's requirement of it for super admins.",
  System: 'Liveness and readiness, for load balancers and orchestrators.',
  HRMS: 'Employees, leave types, leave requests, balances and the HRMS dashboard, scoped to the entities where the caller holds HRMS (Viewer reads, Member writes, App Admin configures and approves).',
  CRM: 'Clients, contacts, leads (with conversion), opportunities and their pipeline board, activity timelines and the CRM dashboard, scoped to the entities where the caller holds CRM (Viewer reads, Member writes).',
  ATS: 'Jobs, candidates and their résumés, applications and the hiring pipeline (per-job board), interviews with feedback, and the ATS dashboard, scoped to the entities where the caller holds ATS (Viewer reads, Member writes; a hire that creates an employee record also needs HRMS Member there).',
  Projects:
    'Projects, tasks (KEY-n), comments, the kanban board, its live event stream (Server-Sent Events), CSV import and export and the Projects dashboard, scoped to the entities where the caller holds Projects (Viewer reads, Member writes).',
} as const;
export type ApiTag = keyof typeof API_TAGS;

export const SESSION_SECURITY_SCHEME = 'sessionCookie';

const DESCRIPTION = `The JSON API of WorkSphere. This page is served by the API itself at \`${API_DOCS_PATH}\`; the OpenAPI 3.1 document is at [\`${OPENAPI_PATH}\`](${OPENAPI_PATH}).

**Sessions.** Sign in with \`POST /api/auth/sign-in\` (or sign up); the response sets an HttpOnly session cookie that every other call sends. Routes marked with the session cookie answer 401 without one; routes for super admins answer 403 to other users.

**Requests that change something** (POST, PUT, PATCH, DELETE) must carry an \`Origin\` header of this site or of \`TRUSTED_ORIGINS\` (403 otherwise), and a body of at most \`BODY_LIMIT_BYTES\` (413 otherwise). Bodies are JSON; unknown keys are refused (400). File uploads (a résumé) send the file itself as the body, with its media type, up to 5 MB.

**Errors** always have the body \`{ "error": { "code": "...", "message": "...", "requestId": "..." } }\`. The \`message\` is meant for people and can be shown as is; \`code\` is for programs: \`validation_error\` (400), \`unauthorized\` (401), \`forbidden\` (403; \`two_factor_setup_required\` while a super admin whose company requires two-factor sign-in has not set it up: only the two-factor status, setup and confirm routes, \`/api/session\` and sign-out answer them then), \`not_found\` (404, also for another company's ids), \`conflict\` (409), \`payload_too_large\` (413), \`rate_limited\` (429), \`internal_error\` (500), \`not_ready\` (503).

**Lists** take \`limit\` (1 to 100, default 50) and the opaque \`cursor\` of the previous page's \`nextCursor\`.`;

/** The document's top part; the paths and schemas come from the routes. */
export const openApiDocument = {
  openapi: '3.1.0',
  info: { title: 'WorkSphere API', version: '1.0.0', description: DESCRIPTION },
  // Relative: the server that serves the document (the paths start with /api).
  servers: [{ url: '/', description: 'This server' }],
  tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
};
