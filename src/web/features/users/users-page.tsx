import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SearchIcon, KeyRoundIcon, LogOutIcon, MailIcon, MailXIcon, MoreHorizontalIcon, PencilIcon, PlusIcon, Trash2Icon, UserCheckIcon, UserXIcon } from 'lucide-react';
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
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useSession } from '@/web/lib/session';
import { errorMessage } from '@/web/lib/api';
import { formatDate } from '@/web/lib/format';
import { AdminHeader, AdminMain } from '@/web/components/admin/admin-header';
import { ListCard, LoadMore, TableMessageRow, usePagedRows } from '@/web/components/admin/admin-list';
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
  const [deleting, setDeleting] = useState<User | null>(null);
  const [signingOut, setSigningOut] = useState<User | null>(null);
  const [editing, setEditing] = useState<User | null>(null);
  const [deactivating, setDeactivating] = useState<User | null>(null);
  const setActive = useSetUserActive();
  const focus = useFocusReturn();
  const me = useSession().data?.id;

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

  // The spec has no text for this one: the server's message, or a sentence like the others'.
  const users = usePagedRows(list, errorMessage(list.error, 'Failed to load users. Please try again.'));

  return (
    <div className="min-h-dvh bg-slate-50">
      <AdminHeader title="User Management" backTo="/settings" backLabel="Back to Settings" />
      <AdminMain>
        <ListCard
          title="Users"
          description="The users of your company, newest first."
          action={
            <Button
              id="add-user"
              onClick={() => {
                focus.returnTo('add-user');
                setAdding(true);
              }}
            >
              <PlusIcon aria-hidden />
              Add User
            </Button>
          }
        >
          <div className="flex flex-wrap items-end gap-3 border-b p-4">
            <div className="grid min-w-48 flex-1 gap-2">
              <Label htmlFor="user-search">Search</Label>
              <div className="relative">
                <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
                <Input
                  id="user-search"
                  type="search"
                  placeholder="Name or email"
                  className="pl-9"
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                />
              </div>
            </div>
            <div className="grid w-40 gap-2">
              <Label htmlFor="user-status-filter">Status</Label>
              <Select value={filters.status ?? ALL} onValueChange={(v) => set('status', v)}>
                <SelectTrigger id="user-status-filter" className="bg-background">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>All statuses</SelectItem>
                  {USER_STATUSES.map((s) => (
                    <SelectItem key={s} value={s}>
                      {USER_STATUS_LABELS[s]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid w-40 gap-2">
              <Label htmlFor="user-role-filter">Role</Label>
              <Select value={filters.role ?? ALL} onValueChange={(v) => set('role', v)}>
                <SelectTrigger id="user-role-filter" className="bg-background">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>All roles</SelectItem>
                  <SelectItem value="user">User</SelectItem>
                  <SelectItem value="super_admin">Super Admin</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <p role="status" className="basis-full text-sm text-muted-foreground sm:basis-auto sm:pb-2">
              {total === undefined || total === null ? '' : `${total.toLocaleString('en-US')} ${total === 1 ? 'user' : 'users'}`}
            </p>
          </div>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Created Date</TableHead>
                <TableHead className="w-44 text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.isPending ? (
                <TableMessageRow colSpan={6} busy>
                  Loading...
                </TableMessageRow>
              ) : users.length === 0 ? (
                <TableMessageRow colSpan={6}>
                  {filtered ? 'No users match these filters.' : 'No users found. Create your first user to get started.'}
                </TableMessageRow>
              ) : (
                users.map((u) => {
                  const name = `${u.firstName} ${u.lastName}`;
                  return (
                    <TableRow key={u.id}>
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
                          <Button
                            variant="ghost"
                            size="icon"
                            id={`edit-user-${u.id}`}
                            aria-label={`Edit ${name}`}
                            title="Edit"
                            onClick={() => {
                              focus.returnTo(`edit-user-${u.id}`, 'add-user');
                              setEditing(u);
                            }}
                          >
                            <PencilIcon aria-hidden />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            id={`sign-out-user-${u.id}`}
                            aria-label={`Sign Out Everywhere: ${name}`}
                            title="Sign Out Everywhere"
                            onClick={() => {
                              focus.returnTo(`sign-out-user-${u.id}`, 'add-user');
                              setSigningOut(u);
                            }}
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
                                <DropdownMenuItem onSelect={() => linkAction(u, 'send-password-reset')}>
                                  <KeyRoundIcon aria-hidden />
                                  Send Password Reset
                                </DropdownMenuItem>
                              ) : null}
                              {u.status === 'invited' ? (
                                <>
                                  <DropdownMenuItem onSelect={() => linkAction(u, 'resend-invitation')}>
                                    <MailIcon aria-hidden />
                                    Resend Invitation
                                  </DropdownMenuItem>
                                  <DropdownMenuItem onSelect={() => linkAction(u, 'revoke-invitation')}>
                                    <MailXIcon aria-hidden />
                                    Revoke Invitation
                                  </DropdownMenuItem>
                                </>
                              ) : null}
                              {u.status === 'deactivated' ? (
                                <DropdownMenuItem onSelect={() => reactivate(u)}>
                                  <UserCheckIcon aria-hidden />
                                  Reactivate
                                </DropdownMenuItem>
                              ) : null}
                              {u.status === 'active' && u.id !== me ? (
                                <DropdownMenuItem
                                  onSelect={() => {
                                    focus.returnTo(`user-actions-${u.id}`, 'add-user');
                                    setDeactivating(u);
                                  }}
                                >
                                  <UserXIcon aria-hidden />
                                  Deactivate
                                </DropdownMenuItem>
                              ) : null}
                            </DropdownMenuContent>
                          </DropdownMenu>
                          {u.id === me ? (
                            <DeleteSelfButton name={name} />
                          ) : (
                            <Button
                              variant="ghost"
                              size="icon"
                              id={`delete-user-${u.id}`}
                              aria-label={`Delete ${name}`}
                              className="text-destructive hover:text-destructive"
                              onClick={() => {
                                focus.returnTo(`delete-user-${u.id}`, 'add-user');
                                setDeleting(u);
                              }}
                            >
                              <Trash2Icon aria-hidden />
                            </Button>
                          )}
                        </div>
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
          <LoadMore hasNextPage={!list.isError && list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
        </ListCard>
      </AdminMain>
      <AddUserWizard open={adding} onOpenChange={setAdding} onCloseAutoFocus={focus.onCloseAutoFocus} />
      <SignOutEverywhereDialog user={signingOut} onOpenChange={(open) => !open && setSigningOut(null)} onCloseAutoFocus={focus.onCloseAutoFocus} />
      <DeleteUserDialog user={deleting} onOpenChange={(open) => !open && setDeleting(null)} onCloseAutoFocus={focus.onCloseAutoFocus} />
      <EditUserDialog user={editing} onOpenChange={(open) => !open && setEditing(null)} onCloseAutoFocus={focus.onCloseAutoFocus} />
      <DeactivateUserDialog user={deactivating} onOpenChange={(open) => !open && setDeactivating(null)} onCloseAutoFocus={focus.onCloseAutoFocus} />
    </div>
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
