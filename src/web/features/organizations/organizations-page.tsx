import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ORGANIZATION_MESSAGES, type Organization } from '@/shared/organizations';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { RequireSuperAdmin } from '@/web/lib/session';
import { formatDateTime } from '@/web/lib/format';
import { AdminListPage, AdminTable, EditRowMenu } from '@/web/components/admin/admin-list';
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

  return (
    <AdminListPage
      title="Organization Management"
      list={{ title: 'Organizations', description: 'The organizations of your company, newest first.' }}
      add={{ id: 'add-organization', label: 'Add Organization', onClick: () => setDialog({ mode: 'add' }) }}
      focus={focus}
      dialogs={
        <OrganizationDialog
          open={dialog !== null}
          onOpenChange={(open) => {
            // Closing (Cancel, Escape, save) forgets the selected organization.
            if (!open) setDialog(null);
          }}
          organization={dialog?.mode === 'edit' ? dialog.organization : null}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        />
      }
    >
      <AdminTable
        list={list}
        loadFailed={ORGANIZATION_MESSAGES.loadFailed}
        headings={[{ label: 'Organization Name' }, { label: 'Created Date' }, { label: <span className="sr-only">Actions</span>, className: 'w-16 text-right' }]}
        empty="No organizations found"
      >
        {(org) => (
          <TableRow key={org.id}>
            <TableCell className="font-medium">{org.name}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTime(org.createdAt)}</TableCell>
            <TableCell className="text-right">
              <EditRowMenu
                id={`organization-actions-${org.id}`}
                name={org.name}
                onEdit={() => {
                  focus.returnTo(`organization-actions-${org.id}`, 'add-organization');
                  setDialog({ mode: 'edit', organization: org });
                }}
              />
            </TableCell>
          </TableRow>
        )}
      </AdminTable>
    </AdminListPage>
  );
}
