import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MoreHorizontalIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { ENTITY_MESSAGES, type Entity } from '@/shared/entities';
import { Button } from '@/web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/web/components/ui/dropdown-menu';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { RequireSuperAdmin } from '@/web/lib/session';
import { formatDate } from '@/web/lib/format';
import { myProductsQuery } from '../products/api';
import { AdminHeader, AdminMain } from '@/web/components/admin/admin-header';
import { ListCard, LoadMore, TableMessageRow, usePagedRows } from '@/web/components/admin/admin-list';
import { useFocusReturn } from '@/web/lib/use-focus-return';
import { entitiesQuery } from './api';
import { AddEntityDialog } from './components/add-entity-dialog';
import { EditEntityDialog } from './components/edit-entity-dialog';

export function EntitiesPage() {
  return (
    <RequireSuperAdmin deniedMessage={ENTITY_MESSAGES.deniedPage}>
      <Entities />
    </RequireSuperAdmin>
  );
}

function Entities() {
  const list = useInfiniteQuery(entitiesQuery);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Entity | null>(null);
  const focus = useFocusReturn();

  // The add dialog's checklist: loaded with the page, so a failure is said at once.
  const products = useQuery(myProductsQuery);

  useEffect(() => {
    if (products.isError) toast.error('Error', { description: ENTITY_MESSAGES.productsLoadFailed });
  }, [products.isError, products.errorUpdatedAt]);

  const entities = usePagedRows(list, ENTITY_MESSAGES.loadFailed);

  return (
    <div className="min-h-dvh bg-slate-50">
      <AdminHeader title="Entity Management" backTo="/settings" backLabel="Back to Settings" />
      <AdminMain>
        <ListCard
          title="Entities"
          description="Business units and locations of your company, newest first."
          action={
            <Button
              id="add-entity"
              onClick={() => {
                focus.returnTo('add-entity');
                setAdding(true);
              }}
            >
              <PlusIcon aria-hidden />
              Add Entity
            </Button>
          }
        >
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Entity Name</TableHead>
                <TableHead>Organization</TableHead>
                <TableHead>Country</TableHead>
                <TableHead>Created Date</TableHead>
                <TableHead className="w-24 text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.isPending ? (
                <TableMessageRow colSpan={5} busy>
                  Loading...
                </TableMessageRow>
              ) : entities.length === 0 ? (
                <TableMessageRow colSpan={5}>No entities found. Create your first entity to get started.</TableMessageRow>
              ) : (
                entities.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell className="font-medium">{e.name}</TableCell>
                    <TableCell>{e.organizationName ?? 'Unknown'}</TableCell>
                    <TableCell className="whitespace-nowrap">{e.country}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatDate(e.createdAt)}</TableCell>
                    <TableCell className="text-right">
                      <DropdownMenu>
                        <DropdownMenuTrigger asChild>
                          <Button id={`entity-actions-${e.id}`} variant="ghost" size="icon" aria-label={`Actions for ${e.name}`}>
                            <MoreHorizontalIcon aria-hidden />
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent align="end">
                          <DropdownMenuItem
                            onSelect={() => {
                              focus.returnTo(`entity-actions-${e.id}`, 'add-entity');
                              setEditing(e);
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
      <AddEntityDialog open={adding} onOpenChange={setAdding} onCloseAutoFocus={focus.onCloseAutoFocus} />
      <EditEntityDialog entity={editing} onOpenChange={(open) => !open && setEditing(null)} onCloseAutoFocus={focus.onCloseAutoFocus} />
    </div>
  );
}
