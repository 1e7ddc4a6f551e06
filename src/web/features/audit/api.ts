import { infiniteQueryOptions } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEvent } from '@/shared/audit';
import type { Page } from '@/shared/pagination';
import { api } from '@/web/lib/api';

/** The filters as the URL keeps them: dates are whole days (YYYY-MM-DD) in the viewer's time zone. */
export interface AuditSearch {
  actor: string;
  action: AuditAction | '';
  target: string;
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Local midnight of a YYYY-MM-DD day, as an instant; undefined for anything else. */
function startOfDay(day: string, plusDays = 0): string | undefined {
  if (!DAY.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d + plusDays);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The API's query for the filters: "to" includes its whole day. */
export function auditApiQuery(s: AuditSearch): Record<string, string | undefined> {
  return {
    actor: s.actor.trim() || undefined,
    action: s.action || undefined,
    target: s.target.trim() || undefined,
    from: startOfDay(s.from),
    to: startOfDay(s.to, 1),
  };
}

export function exportUrl(s: AuditSearch): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(auditApiQuery(s))) if (value) params.set(key, value);
  const query = params.toString();
  return `/api/audit-events/export${query ? `?${query}` : ''}`;
}

export const auditEventsQuery = (s: AuditSearch) =>
  infiniteQueryOptions({
    queryKey: ['audit-events', s],
    queryFn: ({ pageParam }) => api.get<Page<AuditEvent>>('/audit-events', null, { ...auditApiQuery(s), limit: AUDIT_PAGE_SIZE, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
