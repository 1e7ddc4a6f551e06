import { useInfiniteQuery } from '@tanstack/react-query';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { roleLabel } from '@/shared/roles';
import { USER_MESSAGES, type User } from '@/shared/users';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { PageState } from '@/web/components/ui/page-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useSession } from '@/web/lib/session';
import { errorMessage } from '@/web/lib/api';
import { formatDate } from '@/web/lib/format';
import { AdminHeader, AdminMain } from '@/web/components/admin/admin-header';
import { ListCard, LoadMore, TableMessageRow, usePagedRows } from '@/web/components/admin/admin-list';
import { useFocusReturn } from '@/web/lib/use-focus-return';
import { usersQuery } from './api';
import { AddUserWizard } from './components/add-user-wizard';
import { DeleteUserDialog } from './components/delete-user-dialog';

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

function Users() {
  const list = useInfiniteQuery(usersQuery);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<User | null>(null);
  const focus = useFocusReturn();

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
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Created Date</TableHead>
                <TableHead className="w-28 text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.isPending ? (
                <TableMessageRow colSpan={5} busy>
                  Loading...
                </TableMessageRow>
              ) : users.length === 0 ? (
                <TableMessageRow colSpan={5}>No users found. Create your first user to get started.</TableMessageRow>
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
                      <TableCell className="whitespace-nowrap">{formatDate(u.createdAt)}</TableCell>
                      <TableCell className="text-right">
                        <div className="flex justify-end gap-1">
                          <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={() => toast.info(USER_MESSAGES.editPlaceholder)}>
                            <PencilIcon aria-hidden />
                          </Button>
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
      <DeleteUserDialog user={deleting} onOpenChange={(open) => !open && setDeleting(null)} onCloseAutoFocus={focus.onCloseAutoFocus} />
    </div>
  );
}
