import { useQuery } from '@tanstack/react-query';
import { LaptopIcon, LogOutIcon, SmartphoneIcon } from 'lucide-react';
import { useEffect } from 'react';
import { SESSION_MESSAGES, type SessionInfo } from '@/shared/sessions';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { formatDateTime } from '@/web/lib/format';
import { toast } from '@/web/lib/toast';
import { useLogout } from '@/web/lib/session';
import { AdminHeader, AdminMain } from '@/web/components/admin/admin-header';
import { mySessionsQuery, useRevokeOtherSessions, useRevokeSession } from './api';
import { TwoFactorSection } from './two-factor-section';

const MOBILE_OS = /^(iOS|Android|iPadOS)/;

/** The signed-in user's account security. Sections stack in <AdminMain>: two-factor sign-in, then sessions. */
export function SecurityPage() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <AdminHeader title="Account Security" backTo="/products" backLabel="Back to Products" />
      <AdminMain>
        <TwoFactorSection />
        <SessionsSection />
      </AdminMain>
    </div>
  );
}

function SessionsSection() {
  const sessions = useQuery(mySessionsQuery);
  const revokeOthers = useRevokeOtherSessions();
  // Here, not in the row: the row is gone once the list reloads, and its callbacks with it.
  const revoke = useRevokeSession();
  const items = sessions.data?.items ?? [];
  const others = items.filter((s) => !s.current).length;

  useEffect(() => {
    if (sessions.isError) toast.error('Error', { description: errorMessage(sessions.error, SESSION_MESSAGES.loadFailed) });
  }, [sessions.isError, sessions.error]);

  return (
    <section aria-labelledby="sessions-title" className="rounded-lg border bg-card shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4 p-4 sm:p-6">
        <div className="grid gap-1">
          <h2 id="sessions-title" className="text-lg font-semibold">
            Sessions
          </h2>
          <p className="text-sm text-muted-foreground">The devices signed in to your account. Sign out any you do not recognize.</p>
        </div>
        <Button
          variant="outline"
          disabled={others === 0 || revokeOthers.isPending}
          onClick={() =>
            revokeOthers.mutate(undefined, {
              onSuccess: ({ revoked }) => toast.success('Success', { description: revoked ? SESSION_MESSAGES.othersSignedOut : SESSION_MESSAGES.noOthers }),
              onError: (e) => toast.error('Error', { description: errorMessage(e, SESSION_MESSAGES.revokeFailed) }),
            })
          }
        >
          <LogOutIcon aria-hidden />
          {revokeOthers.isPending ? 'Signing Out...' : 'Sign Out Other Sessions'}
        </Button>
      </div>
      <div className="border-t">
        {sessions.isPending ? (
          <p role="status" className="py-10 text-center text-muted-foreground">
            Loading...
          </p>
        ) : sessions.isError ? (
          <div className="grid justify-items-center gap-3 py-10 text-center text-muted-foreground">
            <p>{SESSION_MESSAGES.loadFailed}</p>
            <Button variant="outline" onClick={() => void sessions.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ul className="divide-y" aria-label="Your sessions">
            {items.map((s) => (
              <SessionRow
                key={s.id}
                session={s}
                busy={revoke.isPending && revoke.variables === s.id}
                onRevoke={() =>
                  revoke.mutate(s.id, {
                    onSuccess: () => toast.success('Success', { description: SESSION_MESSAGES.signedOut }),
                    onError: (e) => toast.error('Error', { description: errorMessage(e, SESSION_MESSAGES.revokeFailed) }),
                  })
                }
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function SessionRow({ session: s, busy: revoking, onRevoke }: { session: SessionInfo; busy: boolean; onRevoke: () => void }) {
  const { logout, isPending: loggingOut } = useLogout();
  const Icon = MOBILE_OS.test(s.os) ? SmartphoneIcon : LaptopIcon;
  const device = `${s.browser} on ${s.os}`;
  const busy = revoking || loggingOut;
  return (
    <li className="flex flex-wrap items-center gap-4 p-4 sm:px-6">
      <Icon className="size-8 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {device}
          {s.current ? <Badge>This device</Badge> : null}
        </p>
        <dl className="grid gap-x-6 gap-y-0.5 text-sm text-muted-foreground lg:grid-cols-3">
          <div className="flex flex-wrap gap-x-1">
            <dt className="whitespace-nowrap">Address:</dt>
            <dd className="break-all">{s.ipAddress || 'Unknown'}</dd>
          </div>
          <div className="flex flex-wrap gap-x-1">
            <dt className="whitespace-nowrap">Signed in:</dt>
            <dd>{formatDateTime(s.signedInAt)}</dd>
          </div>
          <div className="flex flex-wrap gap-x-1">
            <dt className="whitespace-nowrap">Last active:</dt>
            <dd>{formatDateTime(s.lastActiveAt)}</dd>
          </div>
        </dl>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        aria-label={s.current ? 'Sign Out of this device' : `Sign Out ${device}`}
        onClick={() => {
          // This device: the ordinary sign-out, which also clears the cookie and leaves for /login.
          if (s.current) logout();
          else onRevoke();
        }}
      >
        {busy ? 'Signing Out...' : 'Sign Out'}
      </Button>
    </li>
  );
}
