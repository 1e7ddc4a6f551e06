import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ContactIcon, PlusIcon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CONTACT_CSV_COLUMNS, type Contact } from '@/shared/crm';
import { DataTable } from '@/web/components/module/data-table';
import { EmptyState } from '@/web/components/module/empty-state';
import { ImportDialog } from '@/web/components/module/import-dialog';
import { ListActions, ListTextFilter } from '@/web/components/module/list-controls';
import { useListParams } from '@/web/components/module/list-params';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { Button } from '@/web/components/ui/button';
import { contactsQuery } from './api';
import { ContactDialog } from './components/contact-dialog';
import { CrmPage } from './crm-page';
import { PageHeading } from '@/web/components/module/module-page';
import { exportHref } from './list-helpers';

export function ContactsPage() {
  return <CrmPage title="Contacts">{(scope) => <ContactList scope={scope} />}</CrmPage>;
}

const SORTS = ['name', 'createdAt'];

/** "Possible duplicate of X" with a link to X. */
export function DuplicateFlag({ contact, search }: { contact: Contact; search: string }) {
  if (!contact.duplicateOf) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-amber-800">
      <TriangleAlertIcon className="size-3.5 shrink-0" aria-hidden />
      Possible duplicate of{' '}
      <Link to={`/crm/contacts/${contact.duplicateOf.id}${search}`} className="font-medium underline underline-offset-2">
        {contact.duplicateOf.name}
      </Link>
    </span>
  );
}

function ContactList({ scope }: { scope: ModuleScopeState }) {
  const list = useListParams();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const sortId = SORTS.includes(list.get('sort') ?? '') ? list.get('sort')! : 'name';
  const query = { entityId: scope.entityId, q: list.get('q'), sort: sortId, dir: list.get('dir') === 'desc' ? 'desc' : 'asc', cursor: list.get('cursor'), limit: 25 };
  const contacts = useQuery(contactsQuery(query));
  const search = entitySearch(scope);
  const canWrite = scope.can('member');
  // Under "All entities" too: the import dialog then asks which entity the file goes into.
  const importInto = scope.inScope.filter((e) => scope.can('member', e.id));

  const columns: ColumnDef<Contact>[] = [
    {
      id: 'name',
      accessorFn: (k) => `${k.lastName} ${k.firstName}`,
      header: 'Name',
      enableSorting: true,
      cell: ({ row: { original: k } }) => (
        <div className="grid">
          <Link to={`/crm/contacts/${k.id}${search}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {k.lastName}, {k.firstName}
          </Link>
          <DuplicateFlag contact={k} search={search} />
        </div>
      ),
    },
    { id: 'email', header: 'Email', enableSorting: false, cell: ({ row }) => row.original.email || '—' },
    { id: 'phone', header: 'Phone', enableSorting: false, cell: ({ row }) => row.original.phone || '—' },
    { id: 'jobTitle', header: 'Job Title', enableSorting: false, cell: ({ row }) => row.original.jobTitle || '—' },
    {
      id: 'client',
      header: 'Client',
      enableSorting: false,
      cell: ({ row: { original: k } }) =>
        k.clientId ? (
          <Link to={`/crm/clients/${k.clientId}${search}`} className="text-primary underline-offset-4 hover:underline">
            {k.clientName}
          </Link>
        ) : (
          '—'
        ),
    },
    ...(scope.entities.length > 1 ? [{ id: 'entity', header: 'Entity', enableSorting: false, cell: ({ row }) => row.original.entityName } as ColumnDef<Contact>] : []),
  ];

  return (
    <>
      <PageHeading
        title="Contacts"
        description="The people you deal with at clients and prospects."
        actions={
          <ListActions
            exportHref={exportHref('/crm/contacts/export', query)}
            onImport={importInto.length > 0 ? () => setImporting(true) : undefined}
            addLabel="Add Contact"
            onAdd={canWrite ? () => setAdding(true) : undefined}
          />
        }
      />
      <search className="grid gap-1.5 sm:max-w-md">
        <ListTextFilter id="contact-search" label="Search" search placeholder="Name or email" value={query.q} onApply={(value) => list.set({ q: value })} />
      </search>
      <DataTable
        label="Contacts"
        columns={columns}
        data={contacts.data?.items}
        getRowId={(k) => k.id}
        sort={{ id: sortId, desc: query.dir === 'desc' }}
        onSortChange={(s) => list.set({ sort: s.id, dir: s.desc ? 'desc' : 'asc' })}
        isLoading={contacts.isPending}
        error={contacts.error}
        hasNext={Boolean(contacts.data?.nextCursor)}
        hasPrevious={Boolean(query.cursor)}
        onNext={() => list.set({ cursor: contacts.data?.nextCursor ?? undefined })}
        onFirst={() => list.set({ cursor: undefined })}
        empty={
          query.q ? (
            <EmptyState icon={ContactIcon} title="No contacts match">
              Change the search to see more.
            </EmptyState>
          ) : (
            <EmptyState
              icon={ContactIcon}
              title="No contacts yet"
              action={
                canWrite ? (
                  <Button onClick={() => setAdding(true)}>
                    <PlusIcon aria-hidden />
                    Add Contact
                  </Button>
                ) : undefined
              }
            >
              {canWrite ? 'Add your first contact, or import a CSV file with one row per contact.' : 'Contacts added by your sales team appear here.'}
            </EmptyState>
          )
        }
      />
      <ContactDialog open={adding} onOpenChange={setAdding} scope={scope} />
      {importInto.length > 0 ? (
        <ImportDialog
          open={importing}
          onOpenChange={setImporting}
          title="Import Contacts"
          path="/crm/contacts/import"
          entities={importInto}
          columns={CONTACT_CSV_COLUMNS}
          invalidate={['crm']}
        />
      ) : null}
    </>
  );
}
