import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { HRMS_MESSAGES, leaveTypeCreateInput, type LeaveType } from '@/shared/hrms';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { toast } from '@/web/lib/toast';
import { ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { leaveTypesQuery, useCreateLeaveType, useUpdateLeaveType } from './api';
import { HrmsPage } from './hrms-page';
import { PageHeading } from '@/web/components/module/module-page';

export function HrmsSettingsPage() {
  return <HrmsPage title="HRMS Settings">{(scope) => <Settings scope={scope} />}</HrmsPage>;
}

function Settings({ scope }: { scope: ModuleScopeState }) {
  const types = useQuery(leaveTypesQuery(scope.entityId));
  return (
    <>
      <PageHeading title="HRMS Settings" description="Leave types and their yearly allowance, per entity. 0 days means unlimited." />
      {types.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {types.error.message}
        </p>
      ) : null}
      {scope.inScope.map((entity) => {
        const admin = scope.can('app_admin', entity.id);
        const mine = (types.data?.items ?? []).filter((t) => t.entityId === entity.id);
        return (
          <SectionCard key={entity.id} title={`Leave Types · ${entity.name}`} description={admin ? undefined : 'Only an App Admin can change these.'}>
            {types.isPending ? (
              <p className="text-sm text-muted-foreground">Loading...</p>
            ) : (
              <div className="grid gap-4">
                <ScrollTable label={`Leave types of ${entity.name}`}>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Name</TableHead>
                      <TableHead>Days per year</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {mine.map((t) => (
                      <LeaveTypeRow key={`${t.id}-${t.version}`} type={t} editable={admin} />
                    ))}
                  </TableBody>
                </ScrollTable>
                {admin ? <AddLeaveType entityId={entity.id} /> : null}
              </div>
            )}
          </SectionCard>
        );
      })}
    </>
  );
}

function LeaveTypeRow({ type, editable }: { type: LeaveType; editable: boolean }) {
  const [days, setDays] = useState(String(type.allowanceDays));
  const update = useUpdateLeaveType();
  const changed = days !== String(type.allowanceDays);
  return (
    <TableRow>
      <TableCell className="font-medium">{type.name}</TableCell>
      <TableCell>
        {editable ? (
          <form
            className="flex flex-wrap items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate(
                { id: type.id, allowanceDays: Number(days), version: type.version },
                {
                  onSuccess: () => toast.success('Success', { description: HRMS_MESSAGES.leaveTypeUpdated }),
                  onError: (error) => toast.error('Error', { description: error.message }),
                },
              );
            }}
          >
            <Input
              aria-label={`Days per year for ${type.name}`}
              type="number"
              min={0}
              max={366}
              step={1}
              className="h-9 w-24"
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
            <Button size="sm" variant="outline" type="submit" disabled={!changed || update.isPending}>
              Save
            </Button>
            {type.allowanceDays === 0 ? <span className="text-xs text-muted-foreground">Unlimited</span> : null}
          </form>
        ) : type.allowanceDays === 0 ? (
          'Unlimited'
        ) : (
          type.allowanceDays
        )}
      </TableCell>
    </TableRow>
  );
}

function AddLeaveType({ entityId }: { entityId: string }) {
  const id = useId();
  const [name, setName] = useState('');
  const [days, setDays] = useState('0');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateLeaveType();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = leaveTypeCreateInput.safeParse({ entityId, name, allowanceDays: Number(days) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Success', { description: HRMS_MESSAGES.leaveTypeCreated });
        setName('');
        setDays('0');
      },
      onError: (err) => setError(err.message),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid items-end gap-3 sm:grid-cols-[2fr_1fr_auto]">
      <Field id={`${id}-name`} label="New Leave Type" error={error}>
        <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Study" />
      </Field>
      <Field id={`${id}-days`} label="Days per Year">
        <Input id={`${id}-days`} type="number" min={0} max={366} value={days} onChange={(e) => setDays(e.target.value)} />
      </Field>
      <Button type="submit" disabled={create.isPending} className={error ? 'sm:mb-7' : undefined}>
        <PlusIcon aria-hidden />
        Add Leave Type
      </Button>
    </form>
  );
}
