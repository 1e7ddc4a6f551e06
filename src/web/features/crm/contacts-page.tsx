import { ContactIcon, TriangleAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CONTACT_CSV_COLUMNS, type Contact } from '@/shared/crm';
import { CRM_MODULE } from '@/web/components/module/module-config';
import { column, entityColumn, ModuleListPage, personColumn } from '@/web/components/module/record-list';
import { contactsQuery } from './api';
import { ContactDialog } from './components/contact-dialog';

export function ContactsPage() {
  return (
    <ModuleListPage<Contact>
      module={CRM_MODULE}
      name="contact"
      title="Contacts"
      description="The people you deal with at clients and prospects."
      query={contactsQuery}
      sorts={{ name: 'asc', createdAt: 'asc' }}
      filters={[{ kind: 'search', placeholder: 'Name or email' }]}
      columns={({ scope, search }) => [
        personColumn((k) => `/crm/contacts/${k.id}${search}`, { below: (k) => <DuplicateFlag contact={k} search={search} /> }),
        column('email', 'Email', (k) => k.email || '—'),
        column('phone', 'Phone', (k) => k.phone || '—'),
        column('jobTitle', 'Job Title', (k) => k.jobTitle || '—'),
        column('client', 'Client', (k) =>
          k.clientId ? (
            <Link to={`/crm/clients/${k.clientId}${search}`} className="text-primary underline-offset-4 hover:underline">
              {k.clientName}
            </Link>
          ) : (
            '—'
          ),
        ),
        ...entityColumn<Contact>(scope),
      ]}
      importColumns={CONTACT_CSV_COLUMNS}
      add={{ label: 'Add Contact', dialog: ContactDialog }}
      empty={{
        icon: ContactIcon,
        writer: 'Add your first contact, or import a CSV file with one row per contact.',
        reader: 'Contacts added by your sales team appear here.',
      }}
    />
  );
}

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
