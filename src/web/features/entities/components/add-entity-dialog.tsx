import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { ENTITY_MESSAGES, entityCreateInput } from '@/shared/entities';
import { ORGANIZATION_MESSAGES } from '@/shared/organizations';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { organizationOptionsQuery } from '../../organizations/api';
import { useCreateEntity } from '../api';
import { FormAlert } from '@/web/components/admin/form-alert';
import { CountrySelect, failureMessage, ProductChecklist } from './entity-form-parts';

/** Add an entity to one of the company's organizations, with the products it will hold. */
export function AddEntityDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[425px]" onCloseAutoFocus={onCloseAutoFocus}>{open ? <AddEntityForm onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function AddEntityForm({ onDone }: { onDone: () => void }) {
  const organizations = useQuery(organizationOptionsQuery);
  const create = useCreateEntity();
  const [name, setName] = useState('');
  const [organizationId, setOrganizationId] = useState('');
  const [country, setCountry] = useState('');
  const [productIds, setProductIds] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (organizations.isError) toast.error('Error', { description: ORGANIZATION_MESSAGES.loadFailed });
  }, [organizations.isError]);

  const toggle = (id: string, checked: boolean) =>
    setProductIds((ids) => (checked ? [...ids, id] : ids.filter((p) => p !== id)));

  const fail = (message: string) => {
    setProblem(message);
    toast.error('Error', { description: message });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = entityCreateInput.safeParse({ name, organizationId, country, productIds });
    if (!parsed.success) {
      fail(parsed.error.issues[0]?.message ?? ENTITY_MESSAGES.createRequired);
      return;
    }
    setProblem(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Success', { description: ENTITY_MESSAGES.created });
        onDone();
      },
      onError: (e) => fail(failureMessage(e, ENTITY_MESSAGES.createFailed)),
    });
  };

  const saving = create.isPending;
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>Add New Entity</DialogTitle>
        <DialogDescription>Create a business unit or location and choose the products it holds.</DialogDescription>
      </DialogHeader>
      <Field id="entity-name" label="Entity Name">
        <Input id="entity-name" autoComplete="off" placeholder="e.g. Berlin Office" value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field id="entity-organization" label="Organization">
        <Select value={organizationId} onValueChange={setOrganizationId} disabled={organizations.isPending}>
          <SelectTrigger id="entity-organization" className="min-w-0">
            <SelectValue placeholder={organizations.isPending ? 'Loading organizations...' : 'Select an organization'} />
          </SelectTrigger>
          <SelectContent>
            {organizations.data?.map((o) => (
              <SelectItem key={o.id} value={o.id}>
                {o.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field id="entity-country" label="Country">
        <CountrySelect id="entity-country" value={country} onChange={setCountry} />
      </Field>
      <ProductChecklist idPrefix="entity-product" selected={productIds} onToggle={(p, checked) => toggle(p.id, checked)} />
      <FormAlert message={problem} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Creating...' : 'Create Entity'}
        </Button>
      </DialogFooter>
    </form>
  );
}
