import { AUDIT_ACTIONS, isInternalAuditField, type AuditAction, type AuditChange, type AuditTargetType } from '@/shared/audit';
import { auditEvents } from '../db/schema';
import { deferStatement, type Tx } from '../db/tenant';

/** Who did it, as they were at the time: the log still reads after the actor is deleted. */
export interface AuditActor {
  id: string;
  name: string;
  email: string;
}

/** Where a change came from: the request's actor, client address, user agent and id. */
export interface AuditContext {
  actor: AuditActor | null;
  ipAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
}

export interface AuditTarget {
  type: AuditTargetType;
  id: string | null;
  label: string | null;
}

export interface AuditEventInput {
  context: AuditContext;
  companyId: string;
  action: AuditAction;
  target?: AuditTarget;
  /**
   * The record before and after the change. Only fields whose value differs are kept (a field
   * present on one side only is kept too), so callers may pass whole rows.
   */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * Keys that never reach the log, whatever a caller passes: secrets and anything derived from
 * them. Compared after lower-casing and removing `_` and `-`, as substrings.
 */
const DENIED_KEY_PARTS = ['password', 'passwd', 'hash', 'token', 'secret', 'otp', 'totp', 'recoverycode', 'backupcode', 'cookie', 'apikey', 'salt'];

export function isDeniedKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[_\-\s]/g, '');
  return DENIED_KEY_PARTS.some((part) => k.includes(part));
}

const MAX_TEXT = 1000;
const MAX_ITEMS = 100;
const MAX_DEPTH = 4;

/** A value made safe to keep: no denied keys at any depth, bounded text, lists and depth. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (depth >= MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => scrubValue(v, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>).slice(0, MAX_ITEMS)) {
      if (!isDeniedKey(k)) out[k] = scrubValue(v, depth + 1);
    }
    return out;
  }
  return String(value); // bigint, symbol: their text
}

/**
 * The fields that changed between before and after, each once, secrets and internal fields
 * (a rank, a version: isInternalAuditField) left out.
 */
export function diffChanges(before: Record<string, unknown> = {}, after: Record<string, unknown> = {}): AuditChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    if (isDeniedKey(field) || isInternalAuditField(field)) continue;
    const inBefore = Object.hasOwn(before, field);
    const inAfter = Object.hasOwn(after, field);
    const b = inBefore ? scrubValue(before[field]) : undefined;
    const a = inAfter ? scrubValue(after[field]) : undefined;
    if (inBefore && inAfter && JSON.stringify(b) === JSON.stringify(a)) continue;
    const change: AuditChange = { field };
    if (inBefore) change.before = b;
    if (inAfter) change.after = a;
    changes.push(change);
  }
  return changes;
}

const ACTIONS = new Set<string>(AUDIT_ACTIONS);
const clip = (v: string | null | undefined, max: number) => (v == null ? null : v.slice(0, max));

/**
 * Writes one audit event with the caller's transaction, so the event and the change it records
 * commit or roll back together. Call it inside the service's withTenant() (or the owner
 * transaction of a user-scoped service) after the change's own writes.
 */
export async function recordEvent(tx: Pick<Tx, 'insert'>, event: AuditEventInput): Promise<void> {
  if (!ACTIONS.has(event.action)) throw new Error(`Unknown audit action: ${event.action}`);
  const { context, target } = event;
  const insert = tx.insert(auditEvents).values({
    companyId: event.companyId,
    actorId: context.actor?.id ?? null,
    actorName: clip(context.actor?.name, 300),
    actorEmail: clip(context.actor?.email, 300),
    action: event.action,
    targetType: target?.type ?? null,
    targetId: clip(target?.id, 100),
    targetLabel: clip(target?.label, 300),
    changes: diffChanges(event.before, event.after),
    ipAddress: clip(context.ipAddress, 100),
    userAgent: clip(context.userAgent, 512),
    requestId: clip(context.requestId, 255),
  });
  // Nobody reads its result: on PostgreSQL it goes with the commit (db/tenant.ts).
  await deferStatement(tx as Tx, insert);
}
