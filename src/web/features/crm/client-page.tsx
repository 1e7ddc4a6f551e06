import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '@/shared/crm';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { Button } from '@/web/components/ui/button';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import { clientQuery } from './api';
import { ActivityTimeline } from './components/activity-timeline';
import { ClientStatusBadge, StageBadge } from './components/badges';
import { ClientDialog } from './components/client-dialog';
import { ContactDialog } from './components/contact-dialog';
import { DetailList } from '@/web/components/module/form-fields';
import { OpportunityDialog } from './components/opportunity-dialog';
import { CrmPage } from './crm-page';
import { RecordPage } from '@/web/components/module/record-page';
import { formatDay, formatWhen } from './format';

export function ClientPage() {
  return <CrmPage title="Client">{(scope) => <ClientDetail scope={scope} />}</CrmPage>;
}

function ClientDetail({ scope }: { scope: ModuleScopeState }) {
  const { id = '' } = useParams();
  const client = useQuery(clientQuery(id));
  const [addingContact, setAddingContact] = useState(false);
  const [addingDeal, setAddingDeal] = useState(false);
  const search = entitySearch(scope);
  return (
    <RecordPage scope={scope} query={client} back={{ to: `/crm/clients${search}`, label: 'Clients' }}>
      {(c, canWrite) => ({
        title: c.name,
        description: [c.industry, c.entityName].filter(Boolean).join(' · '),
        edit: canWrite ? { dialog: (props) => <ClientDialog {...props} scope={scope} client={c} /> } : undefined,
        body: (
          <>
            <SectionCard title="Details">
              <DetailList
                items={[
                  ['Status', <ClientStatusBadge key="s" status={c.status} />],
                  ['Owner', c.ownerName ?? '—'],
                  ['Website', c.website || '—'],
                  ['Industry', c.industry || '—'],
                  ['Entity', c.entityName],
                  ['Last Activity', formatWhen(c.lastActivityAt)],
                ]}
              />
            </SectionCard>
            <div className="grid gap-4 xl:grid-cols-2">
              <SectionCard
                title="Contacts"
                action={
                  canWrite ? (
                    <Button size="sm" variant="outline" onClick={() => setAddingContact(true)}>
                      <PlusIcon aria-hidden />
                      Add Contact
                    </Button>
                  ) : null
                }
              >
                {c.contacts.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No contacts at {c.name} yet.</p>
                ) : (
                  <ul className="grid gap-2 text-sm">
                    {c.contacts.map((k) => (
                      <li key={k.id} className="grid">
                        <Link to={`/crm/contacts/${k.id}${search}`} className="font-medium text-primary underline-offset-4 hover:underline">
                          {k.firstName} {k.lastName}
                        </Link>
                        <span className="text-xs text-muted-foreground">{[k.jobTitle, k.email, k.phone].filter(Boolean).join(' · ')}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </SectionCard>
              <SectionCard
                title="Opportunities"
                action={
                  canWrite ? (
                    <Button size="sm" variant="outline" onClick={() => setAddingDeal(true)}>
                      <PlusIcon aria-hidden />
                      Add Opportunity
                    </Button>
                  ) : null
                }
              >
                {c.opportunities.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No opportunities with {c.name} yet.</p>
                ) : (
                  <ScrollTable label={`Opportunities with ${c.name}`}>
                    <TableHeader>
                      <TableRow>
                        <TableHead>Name</TableHead>
                        <TableHead>Stage</TableHead>
                        <TableHead className="text-right">Amount</TableHead>
                        <TableHead>Expected Close</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {c.opportunities.map((o) => (
                        <TableRow key={o.id}>
                          <TableCell className="whitespace-nowrap">
                            <Link to={`/crm/opportunities/${o.id}${search}`} className="font-medium text-primary underline-offset-4 hover:underline">
                              {o.name}
                            </Link>
                          </TableCell>
                          <TableCell>
                            <StageBadge stage={o.stage} />
                          </TableCell>
                          <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(o.amountMinor, o.currency)}</TableCell>
                          <TableCell className="whitespace-nowrap">{o.expectedCloseDate ? formatDay(o.expectedCloseDate) : '—'}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </ScrollTable>
                )}
              </SectionCard>
            </div>
            <ActivityTimeline target="clientId" id={c.id} canWrite={canWrite} showSubject />
            <ContactDialog open={addingContact} onOpenChange={setAddingContact} scope={scope} clientId={c.id} entityId={c.entityId} />
            <OpportunityDialog open={addingDeal} onOpenChange={setAddingDeal} scope={scope} clientId={c.id} entityId={c.entityId} />
          </>
        ),
      })}
    </RecordPage>
  );
}
