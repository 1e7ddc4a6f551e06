import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { ENTITY_MESSAGES, entityCreateInput } from '@/shared/entities';
import { ORGANIZATION_MESSAGES } from '@/shared/organizations';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { organizationOptionsQuery } from '../../organizations/api';
import { myProductsQuery } from '../../products/api';
import { useCreateEntity } from '../api';
import { FormAlert } from '@/web/components/admin/form-alert';
import { CountrySelect, failureMessage } from './entity-form-parts';

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
  const products = useQuery(myProductsQuery);
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
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Products</legend>
        {products.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading products...
          </p>
        ) : products.isError ? (
          <div className="grid gap-2 rounded-md border border-dashed p-3 text-center text-sm">
            <p>{ENTITY_MESSAGES.productsLoadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void products.refetch()} disabled={products.isFetching}>
              Retry
            </Button>
          </div>
        ) : !products.data?.length ? (
          <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">{ENTITY_MESSAGES.noProducts}</p>
        ) : (
          <div className="grid gap-2 rounded-md border p-3">
            {products.data.map((p) => (
              <div key={p.id} className="flex items-center gap-3">
                <Checkbox
                  id={`entity-product-${p.id}`}
                  checked={productIds.includes(p.id)}
                  onCheckedChange={(checked) => toggle(p.id, checked === true)}
                />
                <Label htmlFor={`entity-product-${p.id}`} className="font-normal">
                  {p.name} ({p.type})
                </Label>
              </div>
            ))}
          </div>
        )}
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Selected: {productIds.length} product(s)
        </p>
      </fieldset>
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
