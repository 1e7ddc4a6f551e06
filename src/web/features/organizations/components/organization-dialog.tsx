import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { ORGANIZATION_MESSAGES, organizationInput, type Organization, type OrganizationInput } from '@/shared/organizations';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { ApiError } from '@/web/lib/api';
import { useCreateOrganization, useUpdateOrganization } from '../api';

/**
 * Add (no `organization`) or edit an organization. Closing the dialog unmounts the form, so
 * Cancel, Escape and a successful save all start the next opening from a clean form.
 */
export function OrganizationDialog({
  open,
  onOpenChange,
  organization,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organization: Organization | null;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[425px]" onCloseAutoFocus={onCloseAutoFocus}>
        {open ? <OrganizationForm organization={organization} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The text to show for a failed save: the server's own words for a duplicate or invalid name. */
function failureMessage(error: unknown, fallback: string) {
  return error instanceof ApiError && (error.status === 409 || error.status === 400) ? error.message : fallback;
}

function OrganizationForm({ organization, onDone }: { organization: Organization | null; onDone: () => void }) {
  const editing = organization !== null;
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const saving = create.isPending || update.isPending;
  const form = useForm<OrganizationInput>({
    resolver: zodResolver(organizationInput),
    defaultValues: { name: organization?.name ?? '' },
  });
  const nameError = form.formState.errors.name?.message;

  const onSubmit = form.handleSubmit((values) => {
    const fallback = editing ? ORGANIZATION_MESSAGES.updateFailed : ORGANIZATION_MESSAGES.createFailed;
    const callbacks = {
      onSuccess: () => {
        toast.success('Success', { description: editing ? ORGANIZATION_MESSAGES.updated : ORGANIZATION_MESSAGES.created });
        form.reset({ name: '' });
        onDone();
      },
      onError: (error: unknown) => {
        const message = failureMessage(error, fallback);
        // Shown in the dialog as well: while a modal is open, screen readers cannot reach the toasts.
        form.setError('name', { message }, { shouldFocus: true });
        toast.error('Error', { description: message });
      },
    };
    if (organization) update.mutate({ id: organization.id, ...values }, callbacks);
    else create.mutate(values, callbacks);
  });

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit Organization' : 'Add New Organization'}</DialogTitle>
        <DialogDescription>
          {editing ? 'Change the name of this organization. ' : 'Create an organization in your company. '}
          Organization names must be unique.
        </DialogDescription>
      </DialogHeader>
      <Field id="organization-name" label="Organization Name" error={nameError}>
        <Input
          id="organization-name"
          autoComplete="off"
          placeholder="e.g. North America"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'organization-name-error' : undefined}
          {...form.register('name')}
        />
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {editing ? 'Update Organization' : 'Create Organization'}
        </Button>
      </DialogFooter>
    </form>
  );
}
