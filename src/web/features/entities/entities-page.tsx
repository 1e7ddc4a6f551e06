import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '@/web/lib/toast';
import { ENTITY_MESSAGES, type Entity } from '@/shared/entities';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { RequireSuperAdmin } from '@/web/lib/session';
import { formatDate } from '@/web/lib/format';
import { myProductsQuery } from '../products/api';
import { AdminListPage, AdminTable, EditRowMenu } from '@/web/components/admin/admin-list';
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

  return (
    <AdminListPage
      title="Entity Management"
      list={{ title: 'Entities', description: 'Business units and locations of your company, newest first.' }}
      add={{ id: 'add-entity', label: 'Add Entity', onClick: () => setAdding(true) }}
      focus={focus}
      dialogs={
        <>
          <AddEntityDialog open={adding} onOpenChange={setAdding} onCloseAutoFocus={focus.onCloseAutoFocus} />
          <EditEntityDialog entity={editing} onOpenChange={(open) => !open && setEditing(null)} onCloseAutoFocus={focus.onCloseAutoFocus} />
        </>
      }
    >
      <AdminTable
        list={list}
        loadFailed={ENTITY_MESSAGES.loadFailed}
        headings={[{ label: 'Entity Name' }, { label: 'Organization' }, { label: 'Country' }, { label: 'Created Date' }, { label: 'Actions', className: 'w-24 text-right' }]}
        empty="No entities found. Create your first entity to get started."
      >
        {(e) => (
          <TableRow key={e.id}>
            <TableCell className="font-medium">{e.name}</TableCell>
            <TableCell>{e.organizationName ?? 'Unknown'}</TableCell>
            <TableCell className="whitespace-nowrap">{e.country}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDate(e.createdAt)}</TableCell>
            <TableCell className="text-right">
              <EditRowMenu
                id={`entity-actions-${e.id}`}
                name={e.name}
                onEdit={() => {
                  focus.returnTo(`entity-actions-${e.id}`, 'add-entity');
                  setEditing(e);
                }}
              />
            </TableCell>
          </TableRow>
        )}
      </AdminTable>
    </AdminListPage>
  );
}
