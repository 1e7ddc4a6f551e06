import { useInfiniteQuery } from '@tanstack/react-query';
import { DownloadIcon, FilterXIcon, SearchIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_MESSAGES, isInternalAuditField, type AuditAction, type AuditChange, type AuditEvent } from '@/shared/audit';
import { SETTINGS_MESSAGES } from '@/shared/settings';
import { RequireSuperAdmin } from '@/web/lib/session';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { cn } from '@/web/lib/utils';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { errorMessage } from '@/web/lib/api';
import { formatDateTime } from '@/web/lib/format';
import { AdminHeader, AdminMain } from '@/web/components/admin/admin-header';
import { ListCard, LoadMore, TableMessageRow, usePagedRows } from '@/web/components/admin/admin-list';
import { auditEventsQuery, exportUrl, type AuditSearch } from './api';

const ACTIONS = new Set<string>(AUDIT_ACTIONS);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters from the URL; anything malformed there is ignored rather than sent. */
function readSearch(params: URLSearchParams): AuditSearch {
  const action = params.get('action') ?? '';
  const day = (key: string) => {
    const v = params.get(key) ?? '';
    return DAY.test(v) ? v : '';
  };
  return {
    actor: (params.get('actor') ?? '').slice(0, 200),
    action: ACTIONS.has(action) ? (action as AuditAction) : '',
    target: (params.get('target') ?? '').slice(0, 200),
    from: day('from'),
    to: day('to'),
  };
}

export function AuditLogPage() {
  return (
    <RequireSuperAdmin deniedMessage={SETTINGS_MESSAGES.deniedPage}>
      <AuditLog />
    </RequireSuperAdmin>
  );
}

function AuditLog() {
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const list = useInfiniteQuery(auditEventsQuery(search));
  const events = usePagedRows(list, errorMessage(list.error, AUDIT_MESSAGES.loadFailed));
  const filtered = Object.values(search).some(Boolean);

  return (
    <div className="min-h-dvh bg-slate-50">
      <AdminHeader title="Audit Log" backTo="/settings" backLabel="Back to Settings" />
      <AdminMain>
        <Filters key={params.toString()} initial={search} onApply={(next) => setParams(toParams(next), { replace: false })} />
        <ListCard
          title="Events"
          description={filtered ? 'Events matching the filters, newest first.' : 'Every change in your company, newest first.'}
          action={
            <Button asChild variant="outline">
              <a href={exportUrl(search)} download>
                <DownloadIcon aria-hidden />
                Export CSV
              </a>
            </Button>
          }
        >
          <Table className={STACKED_TABLE}>
            <TableHeader>
              <TableRow>
                <TableHead>Time</TableHead>
                <TableHead>Actor</TableHead>
                <TableHead>Action</TableHead>
                <TableHead>Target</TableHead>
                <TableHead>Details</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.isPending ? (
                <TableMessageRow colSpan={5} busy>
                  Loading...
                </TableMessageRow>
              ) : events.length === 0 ? (
                <TableMessageRow colSpan={5}>{filtered ? 'No events match these filters.' : 'No events yet.'}</TableMessageRow>
              ) : (
                events.map((e) => <EventRow key={e.id} event={e} />)
              )}
            </TableBody>
          </Table>
          <LoadMore hasNextPage={!list.isError && list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
        </ListCard>
      </AdminMain>
    </div>
  );
}

function toParams(s: AuditSearch) {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(s)) if (value.trim()) out.set(key, value.trim());
  return out;
}

function Filters({ initial, onApply }: { initial: AuditSearch; onApply: (s: AuditSearch) => void }) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string>();
  const set = (key: keyof AuditSearch) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setError(AUDIT_MESSAGES.fromAfterTo);
      return;
    }
    setError(undefined);
    onApply(draft);
  };
  const empty: AuditSearch = { actor: '', action: '', target: '', from: '', to: '' };
  return (
    <form role="search" aria-label="Filter events" onSubmit={submit} className="grid gap-4 rounded-lg border bg-card p-4 shadow-sm sm:p-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Field id="audit-actor" label="Actor">
          <Input id="audit-actor" value={draft.actor} onChange={set('actor')} placeholder="Name or email" maxLength={200} />
        </Field>
        <Field id="audit-action" label="Action">
          <select
            id="audit-action"
            value={draft.action}
            onChange={set('action')}
            className="flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring md:text-sm"
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTION_LABELS[a]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-target" label="Target">
          <Input id="audit-target" value={draft.target} onChange={set('target')} placeholder="Name, email or id" maxLength={200} />
        </Field>
        <Field id="audit-from" label="From" error={error}>
          <Input id="audit-from" type="date" value={draft.from} onChange={set('from')} aria-invalid={error ? true : undefined} aria-describedby={error ? 'audit-from-error' : undefined} />
        </Field>
        <Field id="audit-to" label="To">
          <Input id="audit-to" type="date" value={draft.to} onChange={set('to')} />
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">
          <SearchIcon aria-hidden />
          Apply Filters
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setDraft(empty);
            setError(undefined);
            onApply(empty);
          }}
        >
          <FilterXIcon aria-hidden />
          Clear Filters
        </Button>
      </div>
    </form>
  );
}

const show = (value: unknown) => (value === undefined || value === null || value === '' ? '—' : Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value));

function Change({ change }: { change: AuditChange }) {
  const hasBefore = Object.hasOwn(change, 'before');
  const hasAfter = Object.hasOwn(change, 'after');
  return (
    <li>
      <span className="font-medium">{change.field}</span>:{' '}
      {hasBefore ? <del className="text-muted-foreground">{show(change.before)}</del> : null}
      {hasBefore && hasAfter ? <span aria-label="changed to"> → </span> : null}
      {hasAfter ? <ins className="no-underline">{show(change.after)}</ins> : null}
    </li>
  );
}

/**
 * Below the sm breakpoint each event is a card: rows and cells become blocks, the header is kept
 * for screen readers only, and each cell shows its column name (data-label) above its value.
 */
const STACKED_TABLE = 'max-sm:[&_thead]:sr-only max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:py-2';
const STACKED_CELL =
  'max-sm:block max-sm:min-w-0 max-sm:whitespace-normal max-sm:px-4 max-sm:py-1 max-sm:before:block max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]';

function EventRow({ event: e }: { event: AuditEvent }) {
  // Events kept from before internal fields were left out of the log may still hold some (a rank).
  const changes = e.changes.filter((c) => !isInternalAuditField(c.field));
  return (
    <TableRow className="align-top">
      <TableCell data-label="Time" className={cn('whitespace-nowrap', STACKED_CELL)}>
        <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
        {e.ipAddress ? <div className="text-xs text-muted-foreground">{e.ipAddress}</div> : null}
      </TableCell>
      <TableCell data-label="Actor" className={cn('min-w-40', STACKED_CELL)}>
        {e.actorName ?? <span className="text-muted-foreground">Unknown</span>}
        {e.actorEmail ? <div className="break-all text-xs text-muted-foreground">{e.actorEmail}</div> : null}
      </TableCell>
      <TableCell data-label="Action" className={cn('whitespace-nowrap', STACKED_CELL)}>
        {AUDIT_ACTION_LABELS[e.action] ?? e.action}
        <div className="font-mono text-xs text-muted-foreground">{e.action}</div>
      </TableCell>
      <TableCell data-label="Target" className={cn('min-w-40', STACKED_CELL)}>
        {e.targetLabel ?? <span className="text-muted-foreground">—</span>}
        {e.targetType ? <div className="text-xs capitalize text-muted-foreground">{e.targetType.replace(/_/g, ' ')}</div> : null}
      </TableCell>
      <TableCell data-label="Details" className={cn('min-w-56', STACKED_CELL)}>
        {changes.length ? (
          <ul className="grid gap-0.5 break-words text-xs">
            {changes.map((c) => (
              <Change key={c.field} change={c} />
            ))}
          </ul>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </TableCell>
    </TableRow>
  );
}
