import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { CalendarCheckIcon, PlaneIcon, PlusIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { daysBetween, HRMS_MESSAGES, LEAVE_STATUS_LABELS, LEAVE_STATUSES, leaveRequestInput, type HrmsDashboard, type LeaveDays, type LeaveRequest } from '@/shared/hrms';
import { isIsoDate } from '@/shared/dates';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { toast } from '@/web/lib/toast';
import { ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import { EmptyState } from '@/web/components/module/empty-state';
import { useListParams } from '@/web/components/module/list-params';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { awayQuery, leaveDaysQuery, leaveRequestsQuery, leaveTypesQuery, meQuery, useLeaveAction, useRequestLeave } from './api';
import { BalanceCards } from './components/balances';
import { StatusBadge } from './components/status-badge';
import { formatDay, formatRange } from './format';
import { HrmsPage } from './hrms-page';
import { PageHeading } from '@/web/components/module/module-page';
import { fieldErrors, FormError, SelectField, TextField, useFormState } from '@/web/components/module/form-fields';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { nativeSelect } from '@/web/components/module/styles';

type Away = HrmsDashboard['upcomingLeave'][number];

export function LeavesPage() {
  return <HrmsPage title="Leaves">{(scope) => <Leaves scope={scope} />}</HrmsPage>;
}

function Leaves({ scope }: { scope: ModuleScopeState }) {
  const list = useListParams();
  const me = useQuery(meQuery);
  const myEmployees = (me.data?.employees ?? []).filter((e) => scope.inScope.some((s) => s.id === e.entityId));
  const mine = myEmployees[0];
  const [requesting, setRequesting] = useState(false);
  const status = list.get('status');
  const cursor = list.get('cursor');
  const requests = useQuery(leaveRequestsQuery({ entityId: scope.entityId, status, cursor, limit: 25 }));
  const away = useQuery(awayQuery(scope.entityId));
  // Every linked employee requests their own leave (self-service, issue 34).
  const canRequest = mine !== undefined;

  return (
    <>
      <PageHeading
        title="Leaves"
        description="Requests, approvals, balances and who is away."
        actions={
          canRequest ? (
            <Button onClick={() => setRequesting(true)}>
              <PlusIcon aria-hidden />
              Request Leave
            </Button>
          ) : null
        }
      />
      {mine ? <BalanceCards employeeId={mine.id} /> : null}
      <SectionCard title="Who Is Away" description="Approved leave in the next 14 days, today included">
        <AwayList away={away} empty="Nobody is away in the next 14 days." />
      </SectionCard>
      <SectionCard
        title="Leave Requests"
        action={
          <div className="grid gap-1">
            <Label htmlFor="leave-status" className="sr-only">
              Status
            </Label>
            <select id="leave-status" className={`${nativeSelect} h-9 w-40`} value={status ?? ''} onChange={(e) => list.set({ status: e.target.value })}>
              <option value="">All statuses</option>
              {LEAVE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {LEAVE_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        }
      >
        {requests.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {requests.error.message}
          </p>
        ) : requests.data && requests.data.items.length > 0 ? (
          <>
            <RequestTable label="Leave requests" items={requests.data.items} />
            {requests.data.nextCursor || cursor ? (
              <div className="flex justify-end gap-2 pt-3">
                <Button variant="outline" size="sm" disabled={!cursor} onClick={() => list.set({ cursor: undefined })}>
                  First page
                </Button>
                <Button variant="outline" size="sm" disabled={!requests.data.nextCursor} onClick={() => list.set({ cursor: requests.data.nextCursor ?? undefined })}>
                  Next page
                </Button>
              </div>
            ) : null}
          </>
        ) : requests.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : (
          <EmptyState icon={PlaneIcon} title={status ? 'No requests with this status' : 'No leave requests yet'}>
            {canRequest
              ? 'Use Request Leave to ask for time off; your manager or an App Admin approves it.'
              : 'Requests appear here once employees linked to a user account ask for leave.'}
          </EmptyState>
        )}
      </SectionCard>
      {mine ? <RequestLeaveDialog open={requesting} onOpenChange={setRequesting} entityId={mine.entityId} employeeId={mine.id} /> : null}
    </>
  );
}

function RequestRow({ request: r }: { request: LeaveRequest }) {
  const action = useLeaveAction();
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const run = (kind: 'approve' | 'reject' | 'cancel', comment?: string) =>
    action.mutate(
      { id: r.id, action: kind, comment },
      {
        onSuccess: () => {
          toast.success('Success', {
            description: kind === 'approve' ? HRMS_MESSAGES.leaveApproved : kind === 'reject' ? HRMS_MESSAGES.leaveRejected : HRMS_MESSAGES.leaveCancelled,
          });
          setDeciding(null);
        },
        onError: (e) => toast.error('Error', { description: e.message }),
      },
    );
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap font-medium">{r.employeeName}</TableCell>
      <TableCell className="whitespace-nowrap">{r.leaveTypeName}</TableCell>
      <TableCell className="whitespace-nowrap">{formatRange(r.startDate, r.endDate)}</TableCell>
      <TableCell className="text-right tabular-nums">{r.days}</TableCell>
      <TableCell>
        <StatusBadge status={r.status} />
        {/* The approver's comment is written for the requester: shown with the decision. */}
        {r.decisionComment ? <p className="mt-1 max-w-64 text-xs break-words whitespace-pre-line text-muted-foreground">{r.decisionComment}</p> : null}
      </TableCell>
      <TableCell className="whitespace-nowrap text-right">
        <div className="flex justify-end gap-2">
          {r.canDecide ? (
            <>
              <Button size="sm" onClick={() => setDeciding('approve')} aria-label={`Approve ${r.employeeName}'s leave`}>
                Approve
              </Button>
              <Button size="sm" variant="outline" onClick={() => setDeciding('reject')} aria-label={`Reject ${r.employeeName}'s leave`}>
                Reject
              </Button>
            </>
          ) : null}
          {r.canCancel ? (
            <Button size="sm" variant="ghost" disabled={action.isPending} onClick={() => run('cancel')} aria-label={`Cancel ${r.employeeName}'s leave`}>
              Cancel
            </Button>
          ) : null}
        </div>
        {deciding ? <DecisionDialog kind={deciding} request={r} pending={action.isPending} onClose={() => setDeciding(null)} onConfirm={(c) => run(deciding, c)} /> : null}
      </TableCell>
    </TableRow>
  );
}

function DecisionDialog({
  kind,
  request,
  pending,
  onClose,
  onConfirm,
}: {
  kind: 'approve' | 'reject';
  request: LeaveRequest;
  pending: boolean;
  onClose: () => void;
  onConfirm: (comment: string) => void;
}) {
  const id = useId();
  const [comment, setComment] = useState('');
  const verb = kind === 'approve' ? 'Approve' : 'Reject';
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="text-left sm:max-w-md">
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            onConfirm(comment);
          }}
        >
          <DialogHeader>
            <DialogTitle>{verb} Leave</DialogTitle>
            <DialogDescription>
              {request.employeeName}: {request.leaveTypeName}, {formatRange(request.startDate, request.endDate)} ({request.days} days).
              {request.reason ? ` Reason: ${request.reason}` : ''}
            </DialogDescription>
          </DialogHeader>
          <Field id={`${id}-comment`} label="Comment (optional)">
            <Input id={`${id}-comment`} value={comment} onChange={(e) => setComment(e.target.value)} maxLength={500} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant={kind === 'reject' ? 'destructive' : 'default'} disabled={pending}>
              {verb}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RequestLeaveForm({ entityId, employeeId, onDone }: { entityId: string; employeeId: string; onDone: () => void }) {
  const types = useQuery(leaveTypesQuery(entityId));
  const request = useRequestLeave();
  const { id, values, setValues, set, errors, setErrors } = useFormState({ leaveTypeId: '', startDate: '', endDate: '', startHalf: false, endHalf: false, reason: '' });
  const type = types.data?.items.find((t) => t.id === values.leaveTypeId);
  const wholeDays = type !== undefined && !type.halfDays;
  const halves = wholeDays ? { startHalf: false, endHalf: false } : { startHalf: values.startHalf, endHalf: values.endHalf };
  // The count is the server's (the entity's public and company holidays), asked once the dates make a range.
  const range = isIsoDate(values.startDate) && isIsoDate(values.endDate) && values.endDate >= values.startDate && daysBetween(values.startDate, values.endDate) < 366;
  const days = useQuery({ ...leaveDaysQuery({ employeeId, startDate: values.startDate, endDate: values.endDate, ...halves }), enabled: range });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = leaveRequestInput.safeParse({ ...values, ...halves });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    request.mutate(parsed.data, { onSuccess: succeeded(HRMS_MESSAGES.leaveRequested, onDone), onError: (error) => setErrors({ form: error.message }) });
  };

  return (
    <DialogForm
      title="Request Leave"
      description="Weekends and public or company holidays are not counted."
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel="Request Leave"
      busy={request.isPending}
      busyLabel="Sending..."
    >
      <SelectField id={`${id}-type`} label="Leave Type" value={values.leaveTypeId} onChange={set('leaveTypeId')} error={errors.leaveTypeId}>
        <option value="">Choose a leave type</option>
        {(types.data?.items ?? []).map((t) => (
          <option key={t.id} value={t.id}>
            {t.name} {t.allowanceDays === 0 ? '(unlimited)' : `(${t.allowanceDays} days a year)`}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-start`} label="First Day" type="date" value={values.startDate} onChange={set('startDate')} error={errors.startDate} />
        <TextField id={`${id}-end`} label="Last Day" type="date" value={values.endDate} onChange={set('endDate')} error={errors.endDate} />
      </div>
      {wholeDays ? (
        <p className="text-sm text-muted-foreground">{type.name} leave is taken in whole days.</p>
      ) : (
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">Half days</legend>
          <div className="flex items-center gap-2">
            <Checkbox id={`${id}-sh`} checked={values.startHalf} onCheckedChange={(c) => setValues({ ...values, startHalf: c === true })} />
            <Label htmlFor={`${id}-sh`}>First day: afternoon only</Label>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id={`${id}-eh`} checked={values.endHalf} onCheckedChange={(c) => setValues({ ...values, endHalf: c === true })} />
            <Label htmlFor={`${id}-eh`}>Last day: morning only</Label>
          </div>
        </fieldset>
      )}
      <FormError message={errors.endHalf} />
      <TextField id={`${id}-reason`} label="Reason (optional)" value={values.reason} onChange={set('reason')} error={errors.reason} maxLength={500} />
      <DayCount range={range} days={days} start={values.startDate} end={values.endDate} />
    </DialogForm>
  );
}

/** "This request uses N working days", and the holidays in the range it does not count. */
function DayCount({ range, days, start, end }: { range: boolean; days: ReturnType<typeof useQuery<LeaveDays>>; start: string; end: string }) {
  let text: string;
  if (!range) text = start && end && end >= start && daysBetween(start, end) >= 366 ? HRMS_MESSAGES.tooLong : 'Choose the first and last day.';
  else if (days.isError) text = days.error.message;
  else if (!days.data) text = 'Counting working days...';
  else text = `This request uses ${days.data.days} working ${days.data.days === 1 ? 'day' : 'days'}.`;
  const holidays = range && days.data ? days.data.holidays : [];
  return (
    <div className="grid gap-1 rounded-md bg-muted/50 p-3 text-sm" aria-live="polite">
      <p className="font-medium">{text}</p>
      {holidays.length > 0 ? <p className="text-muted-foreground">Not counted: {holidays.map((h) => `${h.name} (${formatDay(h.date)})`).join(', ')}.</p> : null}
    </div>
  );
}

export const RequestLeaveDialog = formDialog(RequestLeaveForm, 'md');

/** Who is away (approved leave), or `empty` in words. */
export function AwayList({ away, empty }: { away: UseQueryResult<{ items: Away[] }>; empty: string }) {
  if (away.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {away.error.message}
      </p>
    );
  if (!away.data || away.data.items.length === 0)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <CalendarCheckIcon className="size-4" aria-hidden />
        {away.isPending ? 'Loading...' : empty}
      </p>
    );
  return (
    <ul className="grid gap-2 text-sm">
      {away.data.items.map((a) => (
        <li key={`${a.employeeId}-${a.startDate}`} className="flex flex-wrap justify-between gap-2">
          <span className="font-medium">{a.employeeName}</span>
          <span className="text-muted-foreground">
            {a.leaveTypeName} · {formatRange(a.startDate, a.endDate)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Leave requests with their actions (approve, reject, cancel), as the caller may take them. */
export function RequestTable({ label, items }: { label: string; items: LeaveRequest[] }) {
  return (
    <ScrollTable label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Employee</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Dates</TableHead>
          <TableHead className="text-right">Days</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((r) => (
          <RequestRow key={r.id} request={r} />
        ))}
      </TableBody>
    </ScrollTable>
  );
}
