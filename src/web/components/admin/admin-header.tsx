import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { roleBadge } from '@/shared/roles';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { useSession } from '@/web/lib/session';

/**
 * The top of every company administration page: a way back, the page's one h1, and who is
 * signed in (name and role badge), with room for page-level buttons such as Logout.
 */
export function AdminHeader({
  title,
  backTo,
  backLabel,
  actions,
}: {
  title: string;
  backTo: string;
  backLabel: string;
  actions?: ReactNode;
}) {
  // Not useCurrentUser(): on logout the session empties a render before the page unmounts.
  const { data: user } = useSession();
  return (
    <header className="border-b bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-4 sm:px-6">
        <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2">
          <Button asChild variant="outline" size="sm">
            <Link to={backTo}>
              <ArrowLeftIcon aria-hidden />
              {backLabel}
            </Link>
          </Button>
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{title}</h1>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {user ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span className="font-medium text-foreground">
                {user.firstName} {user.lastName}
              </span>
              <Badge variant="secondary">{roleBadge(user.role)}</Badge>
            </p>
          ) : null}
          {actions}
        </div>
      </div>
    </header>
  );
}

/** The body of an administration page, below its header. */
export function AdminMain({ children }: { children: ReactNode }) {
  return <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 sm:py-8">{children}</main>;
}
