import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { SectionCard } from '@/web/components/module/dashboard';
import { contactQuery } from './api';
import { ActivityTimeline } from './components/activity-timeline';
import { ContactDialog } from './components/contact-dialog';
import { DetailList } from '@/web/components/module/form-fields';
import { DuplicateFlag } from './contacts-page';
import { CrmPage } from './crm-page';
import { RecordPage } from '@/web/components/module/record-page';

export function ContactPage() {
  return <CrmPage title="Contact">{(scope) => <ContactDetail scope={scope} />}</CrmPage>;
}

function ContactDetail({ scope }: { scope: ModuleScopeState }) {
  const { id = '' } = useParams();
  const contact = useQuery(contactQuery(id));
  const search = entitySearch(scope);
  return (
    <RecordPage scope={scope} query={contact} back={{ to: `/crm/contacts${search}`, label: 'Contacts' }}>
      {(k, canWrite) => ({
        title: `${k.firstName} ${k.lastName}`,
        description: [k.jobTitle, k.clientName].filter(Boolean).join(' · ') || 'Contact',
        edit: canWrite ? { dialog: (props) => <ContactDialog {...props} scope={scope} contact={k} /> } : undefined,
        body: (
          <>
            {k.duplicateOf ? (
              <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3">
                <DuplicateFlag contact={k} search={search} />
              </p>
            ) : null}
            <SectionCard title="Details">
              <DetailList
                items={[
                  ['Email', k.email || '—'],
                  ['Phone', k.phone || '—'],
                  ['Job Title', k.jobTitle || '—'],
                  [
                    'Client',
                    k.clientId ? (
                      <Link key="c" to={`/crm/clients/${k.clientId}${search}`} className="text-primary underline-offset-4 hover:underline">
                        {k.clientName}
                      </Link>
                    ) : (
                      '—'
                    ),
                  ],
                  ['Entity', k.entityName],
                ]}
              />
            </SectionCard>
            <ActivityTimeline target="contactId" id={k.id} canWrite={canWrite} />
          </>
        ),
      })}
    </RecordPage>
  );
}
