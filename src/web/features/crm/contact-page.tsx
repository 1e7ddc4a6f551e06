import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { Button } from '@/web/components/ui/button';
import { PageState } from '@/web/components/ui/page-state';
import { SectionCard } from '@/web/components/module/dashboard';
import { contactQuery } from './api';
import { ActivityTimeline } from './components/activity-timeline';
import { ContactDialog } from './components/contact-dialog';
import { DetailList } from '@/web/components/module/form-fields';
import { DuplicateFlag } from './contacts-page';
import { CrmPage } from './crm-page';
import { PageHeading } from '@/web/components/module/module-page';

export function ContactPage() {
  return <CrmPage title="Contact">{(scope) => <ContactDetail scope={scope} />}</CrmPage>;
}

function ContactDetail({ scope }: { scope: ModuleScopeState }) {
  const { id = '' } = useParams();
  const contact = useQuery(contactQuery(id));
  const [editing, setEditing] = useState(false);
  const search = entitySearch(scope);
  if (contact.isPending) return <PageState>Loading...</PageState>;
  if (contact.isError) {
    return (
      <PageState>
        <span className="grid gap-3">
          <span>{contact.error.message}</span>
          <Link to={`/crm/contacts${search}`} className="text-primary underline">
            Back to Contacts
          </Link>
        </span>
      </PageState>
    );
  }
  const k = contact.data;
  const canWrite = scope.can('member', k.entityId);
  return (
    <>
      <Link to={`/crm/contacts${search}`} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden />
        Contacts
      </Link>
      <PageHeading
        title={`${k.firstName} ${k.lastName}`}
        description={[k.jobTitle, k.clientName].filter(Boolean).join(' · ') || 'Contact'}
        actions={
          canWrite ? (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <PencilIcon aria-hidden />
              Edit
            </Button>
          ) : null
        }
      />
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
      <ContactDialog open={editing} onOpenChange={setEditing} scope={scope} contact={k} />
    </>
  );
}
