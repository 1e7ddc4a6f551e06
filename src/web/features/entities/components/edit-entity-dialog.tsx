import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { ENTITY_MESSAGES, entityUpdateInput, type Entity } from '@/shared/entities';
import type { Product } from '@/shared/products';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { RemoveProductDialog } from '@/web/components/admin/remove-product-dialog';
import { useUpdateEntity } from '../api';
import { FormAlert } from '@/web/components/admin/form-alert';
import { useFocusReturn } from '@/web/lib/use-focus-return';
import { CountrySelect, failureMessage, ProductChecklist } from './entity-form-parts';

/** Rename an entity, change its country, and choose the products it holds; its organization cannot change. */
export function EditEntityDialog({
  entity,
  onOpenChange,
  onCloseAutoFocus,
}: {
  entity: Entity | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={entity !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-[425px]" onCloseAutoFocus={onCloseAutoFocus}>
        {entity ? <EditEntityForm key={entity.id} entity={entity} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditEntityForm({ entity, onDone }: { entity: Entity; onDone: () => void }) {
  const update = useUpdateEntity();
  const [name, setName] = useState(entity.name);
  const [country, setCountry] = useState(entity.country);
  const [productIds, setProductIds] = useState<string[]>(entity.productIds);
  // A product the entity holds now, being unticked: asked about first (its access ends on save).
  const [confirming, setConfirming] = useState<Product | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const focus = useFocusReturn();

  const toggle = (product: Product, checked: boolean) => {
    if (checked) setProductIds((ids) => [...ids, product.id]);
    else if (entity.productIds.includes(product.id)) {
      focus.returnTo(`edit-entity-product-${product.id}`);
      setConfirming(product);
    }
    else setProductIds((ids) => ids.filter((p) => p !== product.id));
  };

  const fail = (message: string) => {
    setProblem(message);
    toast.error('Error', { description: message });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = entityUpdateInput.safeParse({ name, country, productIds });
    if (!parsed.success) {
      fail(parsed.error.issues[0]?.message ?? ENTITY_MESSAGES.updateRequired);
      return;
    }
    setProblem(null);
    update.mutate(
      { id: entity.id, ...parsed.data },
      {
        onSuccess: () => {
          toast.success('Success', { description: ENTITY_MESSAGES.updated });
          onDone();
        },
        onError: (e) => fail(failureMessage(e, ENTITY_MESSAGES.updateFailed)),
      },
    );
  };

  const saving = update.isPending;
  return (
    <>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <DialogHeader>
          <DialogTitle>Edit Entity</DialogTitle>
          <DialogDescription>Change the entity&apos;s name, country or products. Its organization stays the same.</DialogDescription>
        </DialogHeader>
        <Field id="edit-entity-name" label="Entity Name">
          <Input id="edit-entity-name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field id="edit-entity-organization" label="Organization">
          <Input id="edit-entity-organization" value={entity.organizationName ?? 'Unknown'} readOnly />
        </Field>
        <Field id="edit-entity-country" label="Country">
          <CountrySelect id="edit-entity-country" value={country} onChange={setCountry} />
        </Field>
        <ProductChecklist idPrefix="edit-entity-product" selected={productIds} onToggle={toggle} />
        <FormAlert message={problem} />
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Updating...' : 'Update Entity'}
          </Button>
        </DialogFooter>
      </form>
      <RemoveProductDialog
        product={confirming}
        scope={{ kind: 'entity', entityName: entity.name }}
        onConfirm={() => {
          const id = confirming?.id;
          setProductIds((ids) => ids.filter((p) => p !== id));
          setConfirming(null);
        }}
        onOpenChange={(open) => !open && setConfirming(null)}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
    </>
  );
}
