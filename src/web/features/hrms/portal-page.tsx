import { useQuery } from '@tanstack/react-query';
import { PencilIcon, PlaneIcon, PlusIcon, UserRoundXIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { contactInput, HRMS_MESSAGES, type MyEmployee } from '@/shared/hrms';
import { SectionCard } from '@/web/components/module/dashboard';
import { EmptyState } from '@/web/components/module/empty-state';
import { fieldErrors, SelectField, TextAreaField, TextField, useFormState } from '@/web/components/module/form-fields';
import { HRMS_MODULE } from '@/web/components/module/module-config';
import { ModuleLayout } from '@/web/components/module/module-layout';
import { PageHeading } from '@/web/components/module/module-page';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { Button } from '@/web/components/ui/button';
import { PageState } from '@/web/components/ui/page-state';
import { leaveRequestsQuery, meQuery, teamAwayQuery, useUpdateContact } from './api';
import { ClockCard } from './attendance/clock-card';
import { TimesheetsToApproveCard } from './attendance/timesheets-to-approve-card';
import { BalanceCards } from './components/balances';
import { formatDay } from './format';
import { AwayList, RequestLeaveDialog, RequestTable } from './leaves-page';
import { MyOnboardingCard } from './onboarding/my-onboarding-card';
import { MyPayslipsCard } from './payroll/my-payslips-card';

/**
 * The Employee Portal (issue 34): what every linked employee sees of themselves, with or without an
 * HRMS grant: their profile and contact details, leave balances and requests, who on their team is
 * away, and, for a manager, their reports' requests to decide. No entity switcher: the page is the
 * person's own, across the entities where they are employed (one record each).
 *
 * Layout: a two-column grid of cards on a wide screen, one column on a phone: profile, team away,
 * the clock (attendance) and my onboarding tasks (shown only while some are open).
 */
export function PortalPage() {
  return (
    <ModuleLayout module={HRMS_MODULE} title="Employee Portal">
      <Portal />
    </ModuleLayout>
  );
}

function Portal() {
  const me = useQuery(meQuery);
  const [chosen, setChosen] = useState<string>();
  if (me.isPending) return <PageState>Loading...</PageState>;
  if (me.isError) return <PageState>{me.error.message}</PageState>;
  const records = me.data.employees;
  const mine = records.find((e) => e.id === chosen) ?? records[0];
  if (!mine) {
    return (
      <>
        <PageHeading title="Employee Portal" description="Your profile, leave and team." />
        <EmptyState icon={UserRoundXIcon} title="Your account is not linked to an employee record">
          Ask an App Admin of HRMS to link your user account to your employee record. Then your profile, leave balances and requests appear here.
        </EmptyState>
      </>
    );
  }
  return <PortalFor key={mine.id} mine={mine} records={records} onChoose={setChosen} />;
}

function PortalFor({ mine, records, onChoose }: { mine: MyEmployee; records: MyEmployee[]; onChoose: (id: string) => void }) {
  const [requesting, setRequesting] = useState(false);
  return (
    <>
      <PageHeading
        title="Employee Portal"
        description={`Welcome, ${mine.firstName}. Your profile, leave and team.`}
        actions={
          <Button onClick={() => setRequesting(true)}>
            <PlusIcon aria-hidden />
            Request Leave
          </Button>
        }
      />
      {records.length > 1 ? (
        <div className="max-w-xs">
          <SelectField id="portal-record" label="Employment" value={mine.id} onChange={onChoose}>
            {records.map((r) => (
              <option key={r.id} value={r.id}>
                {r.entityName}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileCard mine={mine} />
        <TeamAwayCard />
        <ClockCard employeeId={mine.id} />
        <MyOnboardingCard />
        <MyPayslipsCard />
      </div>
      <BalanceCards employeeId={mine.id} />
      <MyRequests employeeId={mine.id} />
      {mine.hasReports ? <TeamRequests /> : null}
      {mine.hasReports ? <TimesheetsToApproveCard /> : null}
      <RequestLeaveDialog open={requesting} onOpenChange={setRequesting} entityId={mine.entityId} employeeId={mine.id} />
    </>
  );
}

/** Label and value, in the definition list of a card. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="break-words whitespace-pre-line text-sm">{children || <span className="text-muted-foreground">Not given</span>}</dd>
    </div>
  );
}

function ProfileCard({ mine }: { mine: MyEmployee }) {
  const [editing, setEditing] = useState(false);
  return (
    <SectionCard
      title="My Profile"
      description={`${mine.jobTitle || 'Employee'}${mine.department ? ` · ${mine.department}` : ''} · ${mine.entityName}`}
      action={
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <PencilIcon aria-hidden />
          Edit Contact Details
        </Button>
      }
    >
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact label="Name">
          {mine.firstName} {mine.lastName}
        </Fact>
        <Fact label="Manager">{mine.managerName ?? 'No manager'}</Fact>
        <Fact label="Work Email">{mine.workEmail}</Fact>
        <Fact label="Start Date">{formatDay(mine.startDate)}</Fact>
        <Fact label="Personal Email">{mine.personal.personalEmail}</Fact>
        <Fact label="Phone">{mine.personal.phone}</Fact>
        <Fact label="Address">{mine.personal.address}</Fact>
      </dl>
      <ContactDialog open={editing} onOpenChange={setEditing} mine={mine} />
    </SectionCard>
  );
}

function ContactForm({ mine, onDone }: { mine: MyEmployee; onDone: () => void }) {
  const update = useUpdateContact();
  const { id, values, set, errors, setErrors } = useFormState({ ...mine.personal });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = contactInput.safeParse({ ...values, version: mine.version });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    update.mutate(
      { id: mine.id, ...parsed.data },
      { onSuccess: succeeded(HRMS_MESSAGES.contactUpdated, onDone), onError: (error) => setErrors({ form: error.message || HRMS_MESSAGES.contactUpdateFailed }) },
    );
  };
  return (
    <DialogForm
      title="Edit Contact Details"
      description="Your personal contact details, seen by HR. Your work details are kept by HR."
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel="Save"
      busy={update.isPending}
    >
      <TextField id={`${id}-email`} label="Personal Email" type="email" value={values.personalEmail} onChange={set('personalEmail')} error={errors.personalEmail} maxLength={254} />
      <TextField id={`${id}-phone`} label="Phone" type="tel" value={values.phone} onChange={set('phone')} error={errors.phone} maxLength={50} />
      <TextAreaField id={`${id}-address`} label="Address" value={values.address} onChange={set('address')} error={errors.address} maxLength={500} rows={3} />
    </DialogForm>
  );
}

const ContactDialog = formDialog(ContactForm, 'md');

function TeamAwayCard() {
  const away = useQuery(teamAwayQuery);
  return (
    <SectionCard title="Who Is Away on My Team" description="Approved leave in the next 14 days, today included">
      <AwayList away={away} empty="Nobody on your team is away in the next 14 days." />
    </SectionCard>
  );
}

function MyRequests({ employeeId }: { employeeId: string }) {
  const requests = useQuery(leaveRequestsQuery({ employeeId, limit: 25 }));
  return (
    <SectionCard title="My Leave Requests" description="Your latest 25 requests; cancel one while it is pending">
      {requests.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {requests.error.message}
        </p>
      ) : requests.data && requests.data.items.length > 0 ? (
        <RequestTable label="My leave requests" items={requests.data.items} />
      ) : requests.isPending ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : (
        <EmptyState icon={PlaneIcon} title="No leave requests yet">
          Use Request Leave to ask for time off; your manager or HR approves it.
        </EmptyState>
      )}
    </SectionCard>
  );
}

/** A manager's reports' pending requests, to approve or reject here (no HRMS grant needed). */
function TeamRequests() {
  const requests = useQuery(leaveRequestsQuery({ status: 'pending', limit: 25 }));
  const toDecide = (requests.data?.items ?? []).filter((r) => r.canDecide);
  return (
    <SectionCard title="Requests to Approve" description="Pending leave of the people who report to you">
      {requests.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {requests.error.message}
        </p>
      ) : toDecide.length > 0 ? (
        <RequestTable label="Leave requests to approve" items={toDecide} />
      ) : (
        <p className="text-sm text-muted-foreground">{requests.isPending ? 'Loading...' : 'No requests are waiting for you.'}</p>
      )}
    </SectionCard>
  );
}
