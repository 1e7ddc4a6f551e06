import { useInfiniteQuery } from '@tanstack/react-query';
import { MoreHorizontalIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { ORGANIZATION_MESSAGES, type Organization } from '@/shared/organizations';
import { Button } from '@/web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/web/components/ui/dropdown-menu';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { RequireSuperAdmin } from '@/web/lib/session';
import { formatDateTime } from '@/web/lib/format';
import { AdminHeader, AdminMain } from '@/web/components/admin/admin-header';
import { ListCard, LoadMore, TableMessageRow, usePagedRows } from '@/web/components/admin/admin-list';
import { useFocusReturn } from '@/web/lib/use-focus-return';
import { organizationsQuery } from './api';
import { OrganizationDialog } from './components/organization-dialog';

export function OrganizationsPage() {
  return (
    <RequireSuperAdmin deniedMessage={ORGANIZATION_MESSAGES.deniedPage}>
      <Organizations />
    </RequireSuperAdmin>
  );
}

type DialogState = { mode: 'add' } | { mode: 'edit'; organization: Organization } | null;

function Organizations() {
  const list = useInfiniteQuery(organizationsQuery);
  const [dialog, setDialog] = useState<DialogState>(null);
  const focus = useFocusReturn();

  const organizations = usePagedRows(list, ORGANIZATION_MESSAGES.loadFailed);

  return (
    <div className="min-h-dvh bg-slate-50">
      <AdminHeader title="Organization Management" backTo="/settings" backLabel="Back to Settings" />
      <AdminMain>
        <ListCard
          title="Organizations"
          description="The organizations of your company, newest first."
          action={
            <Button
              id="add-organization"
              onClick={() => {
                focus.returnTo('add-organization');
                setDialog({ mode: 'add' });
              }}
            >
              <PlusIcon aria-hidden />
              Add Organization
            </Button>
          }
        >
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Organization Name</TableHead>
                <TableHead>Created Date</TableHead>
                <TableHead className="w-16 text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.isPending ? (
                <TableMessageRow colSpan={3} busy>
                  Loading...
                </TableMessageRow>
              ) : organizations.length === 0 ? (
                <TableMessageRow colSpan={3}>No organizations found</TableMessageRow>
              ) : (
                organizations.map((org) => (
                  <TableRow key={org.id}>
                    <TableCell className="font-medium">{org.name}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatDateTime(org.createdAt)}</TableCell>
                    <TableCell className="text-right">
                      <DropdownMenu>
                        <DropdownMenuTrigger asChild>
                          <Button id={`organization-actions-${org.id}`} variant="ghost" size="icon" aria-label={`Actions for ${org.name}`}>
                            <MoreHorizontalIcon aria-hidden />
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent align="end">
                          <DropdownMenuItem
                            onSelect={() => {
                              focus.returnTo(`organization-actions-${org.id}`, 'add-organization');
                              setDialog({ mode: 'edit', organization: org });
                            }}
                          >
                            <PencilIcon aria-hidden />
                            Edit
                          </DropdownMenuItem>
                        </DropdownMenuContent>
                      </DropdownMenu>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          <LoadMore hasNextPage={!list.isError && list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
        </ListCard>
      </AdminMain>
      <OrganizationDialog
        open={dialog !== null}
        onOpenChange={(open) => {
          // Closing (Cancel, Escape, save) forgets the selected organization.
          if (!open) setDialog(null);
        }}
        organization={dialog?.mode === 'edit' ? dialog.organization : null}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
    </div>
  );
}
