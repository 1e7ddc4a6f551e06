import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SearchIcon, KeyRoundIcon, LogOutIcon, MailIcon, MailXIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon, UserCheckIcon, UserXIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { useUrlParams } from '@/web/lib/use-url-params';
import { ROLES, roleLabel, type Role } from '@/shared/roles';
import { USER_MESSAGES, USER_STATUS_LABELS, USER_STATUSES, type User, type UserStatus } from '@/shared/users';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/web/components/ui/dropdown-menu';
import { PageState } from '@/web/components/ui/page-state';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/web/components/ui/tooltip';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { useSession } from '@/web/lib/session';
import { errorMessage } from '@/web/lib/api';
import { formatDate } from '@/web/lib/format';
import { AdminHeader, AdminMain } from '@/web/components/admin/admin-header';
import { AdminListPage, AdminTable } from '@/web/components/admin/admin-list';
import { useFocusReturn } from '@/web/lib/use-focus-return';
import { usersQuery, useSetUserActive, useUserLinkAction, type LinkAction, type UserFilters } from './api';
import { AddUserWizard } from './components/add-user-wizard';
import { EditUserDialog } from './components/edit-user-dialog';
import { DeactivateUserDialog, DeleteUserDialog, SignOutEverywhereDialog } from './components/confirm-user-dialogs';

/** Unlike the other admin pages, a non-super-admin stays here and reads why (spec §6). */
export function UsersPage() {
  const session = useSession();
  if (session.isPending) return <PageState>Loading...</PageState>;
  if (!session.data) return <PageState>{USER_MESSAGES.pleaseLogIn}</PageState>;
  if (session.data.role !== 'super_admin') {
    return (
      <div className="min-h-dvh bg-slate-50">
        <AdminHeader title="User Management" backTo="/products" backLabel="Back to Products" />
        <AdminMain>
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-6 text-center text-red-900">
            {USER_MESSAGES.accessDenied}
          </p>
        </AdminMain>
      </div>
    );
  }
  return <Users />;
}

const ALL = 'all';

const LINK_TOASTS: Record<LinkAction, { ok: string; failed: string }> = {
  'send-password-reset': { ok: USER_MESSAGES.passwordResetSent, failed: USER_MESSAGES.passwordResetFailed },
  'resend-invitation': { ok: USER_MESSAGES.invitationResent, failed: USER_MESSAGES.invitationFailed },
  'revoke-invitation': { ok: USER_MESSAGES.invitationRevoked, failed: 'Failed to revoke the invitation' },
};

/** Filters live in the URL (?search=&status=&role=), so a filtered list can be shared and reloaded. */
function useUserFilters() {
  const [params, setParams] = useUrlParams();
  const status = params.get('status');
  const role = params.get('role');
  const filters: UserFilters = {
    search: params.get('search')?.trim() || undefined,
    status: (USER_STATUSES as readonly string[]).includes(status ?? '') ? (status as UserStatus) : undefined,
    role: (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : undefined,
  };
  const set = (key: 'search' | 'status' | 'role', value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value && value !== ALL) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return { filters, search: params.get('search') ?? '', set };
}

function Users() {
  const { filters, search, set } = useUserFilters();
  const [typed, setTyped] = useState(search);
  // The search runs when typing pauses, not on every key. The timer applies it through an effect
  // event, so it writes onto the URL as it is then: setSearchParams from the render that started
  // the timer would put back the filters of that moment, undoing a status picked meanwhile.
  const applySearch = useEffectEvent((value: string) => {
    if (value !== search) set('search', value);
  });
  useEffect(() => {
    const timer = setTimeout(() => applySearch(typed), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useInfiniteQuery({ ...usersQuery(filters), placeholderData: keepPreviousData });
  const total = list.data?.pages[0]?.total;
  const filtered = Boolean(filters.search || filters.status || filters.role);
  const [adding, setAdding] = useState(false);
  const setActive = useSetUserActive();
  const focus = useFocusReturn();
  const me = useSession().data?.id;
  // One dialog about one user at a time: edit, sign out everywhere, deactivate or delete.
  const [dialog, setDialog] = useState<{ kind: RowDialog; user: User } | null>(null);
  const dialogProps = (kind: RowDialog) => ({
    user: dialog?.kind === kind ? dialog.user : null,
    onOpenChange: (open: boolean) => !open && setDialog(null),
    onCloseAutoFocus: focus.onCloseAutoFocus,
  });

  const sendLink = useUserLinkAction();
  const linkAction = (u: User, action: LinkAction) =>
    sendLink.mutate(
      { id: u.id, action },
      {
        onSuccess: () => toast.success('Success', { description: LINK_TOASTS[action].ok }),
        onError: (e) => toast.error('Error', { description: errorMessage(e, LINK_TOASTS[action].failed) }),
      },
    );

  const reactivate = (u: User) =>
    setActive.mutate(
      { id: u.id, active: true },
      {
        onSuccess: () => toast.success('Success', { description: USER_MESSAGES.reactivated }),
        onError: (e) => toast.error('Error', { description: errorMessage(e, USER_MESSAGES.reactivateFailed) }),
      },
    );

  return (
    <AdminListPage
      title="User Management"
      list={{ title: 'Users', description: 'The users of your company, newest first.' }}
      add={{ id: 'add-user', label: 'Add User', onClick: () => setAdding(true) }}
      focus={focus}
      dialogs={
        <>
          <AddUserWizard open={adding} onOpenChange={setAdding} onCloseAutoFocus={focus.onCloseAutoFocus} />
          <SignOutEverywhereDialog {...dialogProps('signOut')} />
          <DeleteUserDialog {...dialogProps('delete')} />
          <EditUserDialog {...dialogProps('edit')} />
          <DeactivateUserDialog {...dialogProps('deactivate')} />
        </>
      }
    >
      <div className="flex flex-wrap items-end gap-3 border-b p-4">
        <div className="grid min-w-48 flex-1 gap-2">
          <Label htmlFor="user-search">Search</Label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input id="user-search" type="search" placeholder="Name or email" className="pl-9" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </div>
        </div>
        <SelectFilter id="user-status-filter" label="Status" value={filters.status} onChange={(v) => set('status', v)} all="All statuses" options={STATUS_OPTIONS} />
        <SelectFilter id="user-role-filter" label="Role" value={filters.role} onChange={(v) => set('role', v)} all="All roles" options={ROLE_OPTIONS} />
        <p role="status" className="basis-full text-sm text-muted-foreground sm:basis-auto sm:pb-2">
          {total === undefined || total === null ? '' : `${total.toLocaleString('en-US')} ${total === 1 ? 'user' : 'users'}`}
        </p>
      </div>
      <AdminTable
        list={list}
        // The spec has no text for this one: the server's message, or a sentence like the others'.
        loadFailed={errorMessage(list.error, 'Failed to load users. Please try again.')}
        headings={[
          { label: 'Name' },
          { label: 'Email' },
          { label: 'Role' },
          { label: 'Status' },
          { label: 'Created Date' },
          { label: 'Actions', className: 'w-44 text-right' },
        ]}
        empty={filtered ? 'No users match these filters.' : 'No users found. Create your first user to get started.'}
      >
        {(u) => (
          <UserRow
            key={u.id}
            user={u}
            isMe={u.id === me}
            open={(kind, from) => {
              focus.returnTo(from, 'add-user');
              setDialog({ kind, user: u });
            }}
            linkAction={(action) => linkAction(u, action)}
            reactivate={() => reactivate(u)}
          />
        )}
      </AdminTable>
    </AdminListPage>
  );
}

/** The dialogs a user's row opens. */
type RowDialog = 'edit' | 'signOut' | 'deactivate' | 'delete';

const STATUS_OPTIONS = USER_STATUSES.map((s) => ({ value: s, label: USER_STATUS_LABELS[s] }));
const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'super_admin', label: 'Super Admin' },
];

/** A filter of the list: a labelled select whose first choice, `all`, is no filter. */
function SelectFilter({
  id,
  label,
  value,
  onChange,
  all,
  options,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  all: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div className="grid w-40 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ALL} onValueChange={onChange}>
        <SelectTrigger id={id} className="bg-background">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{all}</SelectItem>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * A user's row: Edit and Sign Out Everywhere, the menu of what their status allows, and Delete.
 * `open` opens a dialog about the user, naming the button focus goes back to.
 */
function UserRow({
  user: u,
  isMe,
  open,
  linkAction,
  reactivate,
}: {
  user: User;
  isMe: boolean;
  open: (dialog: RowDialog, from: string) => void;
  linkAction: (action: LinkAction) => void;
  reactivate: () => void;
}) {
  const name = `${u.firstName} ${u.lastName}`;
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap font-medium">{name}</TableCell>
      <TableCell>{u.email}</TableCell>
      <TableCell className="whitespace-nowrap">
        <Badge variant={u.role === 'super_admin' ? 'default' : 'secondary'}>{roleLabel(u.role)}</Badge>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <StatusBadge status={u.status} />
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatDate(u.createdAt)}</TableCell>
      <TableCell className="text-right">
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="icon" id={`edit-user-${u.id}`} aria-label={`Edit ${name}`} title="Edit" onClick={() => open('edit', `edit-user-${u.id}`)}>
            <PencilIcon aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            id={`sign-out-user-${u.id}`}
            aria-label={`Sign Out Everywhere: ${name}`}
            title="Sign Out Everywhere"
            onClick={() => open('signOut', `sign-out-user-${u.id}`)}
          >
            <LogOutIcon aria-hidden />
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button id={`user-actions-${u.id}`} variant="ghost" size="icon" aria-label={`More actions for ${name}`} title="More actions">
                <MoreHorizontalIcon aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {u.status === 'active' ? (
                <DropdownMenuItem onSelect={() => linkAction('send-password-reset')}>
                  <KeyRoundIcon aria-hidden />
                  Send Password Reset
                </DropdownMenuItem>
              ) : null}
              {u.status === 'invited' ? (
                <>
                  <DropdownMenuItem onSelect={() => linkAction('resend-invitation')}>
                    <MailIcon aria-hidden />
                    Resend Invitation
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => linkAction('revoke-invitation')}>
                    <MailXIcon aria-hidden />
                    Revoke Invitation
                  </DropdownMenuItem>
                </>
              ) : null}
              {u.status === 'deactivated' ? (
                <DropdownMenuItem onSelect={reactivate}>
                  <UserCheckIcon aria-hidden />
                  Reactivate
                </DropdownMenuItem>
              ) : null}
              {u.status === 'active' && !isMe ? (
                <DropdownMenuItem onSelect={() => open('deactivate', `user-actions-${u.id}`)}>
                  <UserXIcon aria-hidden />
                  Deactivate
                </DropdownMenuItem>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
          {isMe ? (
            <DeleteSelfButton name={name} />
          ) : (
            <Button
              variant="ghost"
              size="icon"
              id={`delete-user-${u.id}`}
              aria-label={`Delete ${name}`}
              className="text-destructive hover:text-destructive"
              onClick={() => open('delete', `delete-user-${u.id}`)}
            >
              <Trash2Icon aria-hidden />
            </Button>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}

/**
 * Delete on your own row: the server refuses it (USER_MESSAGES.cannotDeleteSelf), so it is shown
 * disabled with that reason rather than offered and then refused. aria-disabled, not disabled: it
 * stays in the tab order, so a keyboard user reaches it and hears why (aria-describedby), and the
 * tooltip shows the reason on hover and on focus.
 */
function DeleteSelfButton({ name }: { name: string }) {
  const reasonId = useId();
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${name}`}
            aria-disabled="true"
            aria-describedby={reasonId}
            className="cursor-not-allowed text-destructive opacity-50 hover:bg-transparent hover:text-destructive"
            onClick={(e) => e.preventDefault()}
          >
            <Trash2Icon aria-hidden />
          </Button>
        </TooltipTrigger>
        <TooltipContent side="top">{USER_MESSAGES.cannotDeleteSelf}</TooltipContent>
      </Tooltip>
      <span id={reasonId} className="sr-only">
        {USER_MESSAGES.cannotDeleteSelf}
      </span>
    </TooltipProvider>
  );
}

const STATUS_VARIANTS = { active: 'success', invited: 'warning', deactivated: 'danger' } as const;

function StatusBadge({ status }: { status: UserStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{USER_STATUS_LABELS[status]}</Badge>;
}
