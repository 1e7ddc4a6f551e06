import { useQuery } from '@tanstack/react-query';
import { COUNTRIES } from '@/shared/countries';
import { ENTITY_MESSAGES } from '@/shared/entities';
import type { Product } from '@/shared/products';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { ApiError } from '@/web/lib/api';
import { myProductsQuery } from '../../products/api';

/** The country choices of spec §2, in order. */
export function CountrySelect({ id, value, onChange, disabled }: { id: string; value: string; onChange: (v: string) => void; disabled?: boolean }) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger id={id} className="min-w-0">
        <SelectValue placeholder="Select a country" />
      </SelectTrigger>
      <SelectContent>
        {COUNTRIES.map((c) => (
          <SelectItem key={c} value={c}>
            {c}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The server's words for a duplicate or invalid entity; the spec's generic text otherwise. */
export function failureMessage(error: unknown, fallback: string) {
  return error instanceof ApiError && (error.status === 409 || error.status === 400 || error.status === 404) ? error.message : fallback;
}

/**
 * The company's products as a checklist, "name (type)", with the count chosen (spec §2, Add Entity
 * dialog; the edit dialog has the same). `onToggle` decides what a tick or an untick does.
 */
export function ProductChecklist({
  idPrefix,
  selected,
  onToggle,
}: {
  idPrefix: string;
  selected: string[];
  onToggle: (product: Product, checked: boolean) => void;
}) {
  const products = useQuery(myProductsQuery);
  return (
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
              <Checkbox id={`${idPrefix}-${p.id}`} checked={selected.includes(p.id)} onCheckedChange={(checked) => onToggle(p, checked === true)} />
              <Label htmlFor={`${idPrefix}-${p.id}`} className="font-normal">
                {p.name} ({p.type})
              </Label>
            </div>
          ))}
        </div>
      )}
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Selected: {selected.length} product(s)
      </p>
    </fieldset>
  );
}
