import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useRef, useState } from 'react';
import { ENTITY_MESSAGES, type EntityOption } from '@/shared/entities';
import type { Product } from '@/shared/products';
import { ACCESS_ROLE_LABELS, ACCESS_ROLES, type AccessRole } from '@/shared/roles';
import { USER_MESSAGES, type UserCreateInput } from '@/shared/users';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { cn } from '@/web/lib/utils';

// A user's product access, as the add wizard (step 2) and the edit dialog choose it: the products,
// and for each product the entities where they hold it, each with a role.

/** One access row: a product granted at an entity (empty until chosen) with a role. */
export type AccessRow = { key: number; productId: string; entityId: string; roleType: AccessRole };

/** Spec §5: a product, and at least one row with an entity. Rows left empty are skipped. */
export function validateAccess(selected: string[], rows: AccessRow[]): string | null {
  if (selected.length === 0) return USER_MESSAGES.selectProduct;
  if (!rows.some((r) => r.entityId)) return USER_MESSAGES.configureAccess;
  return null;
}

/** The grants sent to the server: rows with an entity, each product/entity pair once. */
export function grantsOf(rows: AccessRow[]): UserCreateInput['access'] {
  const grants = new Map<string, UserCreateInput['access'][number]>();
  for (const { productId, entityId, roleType } of rows) {
    if (entityId && !grants.has(`${productId}:${entityId}`)) grants.set(`${productId}:${entityId}`, { productId, entityId, roleType });
  }
  return [...grants.values()];
}

export const entityLabel = (e: EntityOption) => `${e.name} (${e.organizationName ?? 'No Organization'})`;

/**
 * The chosen products and their access rows. Ticking a product adds an empty row for it; `onChange`
 * is called on every change (to clear the form's problem).
 */
export function useProductAccess(products: Product[] | undefined, initial: Omit<AccessRow, 'key'>[], onChange: () => void) {
  const nextKey = useRef(1);
  const [rows, setRows] = useState<AccessRow[]>(() => initial.map(({ productId, entityId, roleType }) => ({ key: nextKey.current++, productId, entityId, roleType })));
  const [selected, setSelected] = useState<string[]>(() => [...new Set(initial.map((a) => a.productId))]);
  const newRow = (productId: string): AccessRow => ({ key: nextKey.current++, productId, entityId: '', roleType: 'app_admin' });
  const toggleProduct = (productId: string, checked: boolean) => {
    onChange();
    // Keep the products in the catalogue's order, whatever order they were ticked in.
    const order = products?.map((p) => p.id) ?? [];
    setSelected((ids) => (checked ? order.filter((id) => id === productId || ids.includes(id)) : ids.filter((id) => id !== productId)));
    setRows((rs) => (checked ? [...rs, newRow(productId)] : rs.filter((r) => r.productId !== productId)));
  };
  const updateRow = (key: number, change: Partial<AccessRow>) => {
    onChange();
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));
  };
  return {
    rows,
    selected,
    selectedProducts: (products ?? []).filter((p) => selected.includes(p.id)),
    toggleProduct,
    updateRow,
    addRow: (productId: string) => setRows((rs) => [...rs, newRow(productId)]),
    removeRow: (key: number) => setRows((rs) => rs.filter((r) => r.key !== key)),
  };
}
export type ProductAccessState = ReturnType<typeof useProductAccess>;

/** "Select Products" (a checkbox each; ids `${idPrefix}-product-…`), then the access rows of each product ticked. */
export function ProductAccessFields({
  idPrefix,
  products,
  entities,
  access,
}: {
  idPrefix: string;
  products: { data?: Product[]; isPending: boolean };
  entities: { data?: EntityOption[]; isPending: boolean };
  access: ProductAccessState;
}) {
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Select Products</legend>
        {products.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading products...
          </p>
        ) : !products.data?.length ? (
          <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">{ENTITY_MESSAGES.noProducts}</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            {products.data.map((p) => (
              <div key={p.id} className="flex items-center gap-3 rounded-md border p-3">
                <Checkbox
                  id={`${idPrefix}-product-${p.id}`}
                  checked={access.selected.includes(p.id)}
                  onCheckedChange={(checked) => access.toggleProduct(p.id, checked === true)}
                />
                <Label htmlFor={`${idPrefix}-product-${p.id}`} className="font-normal">
                  {p.name}
                </Label>
              </div>
            ))}
          </div>
        )}
      </fieldset>
      {access.selectedProducts.map((product) => (
        <ProductAccess
          key={product.id}
          product={product}
          rows={access.rows.filter((r) => r.productId === product.id)}
          entities={(entities.data ?? []).filter((e) => e.productIds.includes(product.id))}
          entitiesLoading={entities.isPending}
          onAddRow={() => access.addRow(product.id)}
          onChangeRow={access.updateRow}
          onRemoveRow={access.removeRow}
        />
      ))}
    </>
  );
}

function ProductAccess({
  product,
  rows,
  entities,
  entitiesLoading,
  onAddRow,
  onChangeRow,
  onRemoveRow,
}: {
  product: Product;
  rows: AccessRow[];
  entities: EntityOption[];
  entitiesLoading: boolean;
  onAddRow: () => void;
  onChangeRow: (key: number, change: Partial<AccessRow>) => void;
  onRemoveRow: (key: number) => void;
}) {
  const headingId = `access-${product.id}`;
  const noEntity = !entitiesLoading && entities.length === 0;
  return (
    <div role="group" aria-labelledby={headingId} className="grid gap-3 rounded-md border bg-slate-50 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-medium">
          {product.name}
        </h4>
        <Button variant="outline" size="sm" onClick={onAddRow} disabled={entitiesLoading || noEntity || rows.length >= entities.length}>
          <PlusIcon aria-hidden />
          Add Entity
        </Button>
      </div>
      {noEntity ? <p className="text-sm text-muted-foreground">No entity of your company holds this product yet.</p> : null}
      {rows.map((row, index) => {
        const label = `${product.name}, row ${index + 1}`;
        const takenElsewhere = new Set(rows.filter((r) => r.key !== row.key).map((r) => r.entityId));
        return (
          <div
            key={row.key}
            className={cn('grid grid-cols-1 items-end gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto]', index > 0 && 'border-t pt-3')}
          >
            <div className="grid min-w-0 gap-2">
              <Label htmlFor={`entity-${row.key}`}>
                Entity<span className="sr-only"> for {label}</span>
              </Label>
              <Select value={row.entityId} onValueChange={(entityId) => onChangeRow(row.key, { entityId })} disabled={noEntity}>
                <SelectTrigger id={`entity-${row.key}`} className="min-w-0 bg-background">
                  <SelectValue placeholder={entitiesLoading ? 'Loading entities...' : noEntity ? 'No entities available' : 'Select an entity'} />
                </SelectTrigger>
                <SelectContent className="max-w-[calc(100vw-2rem)]">
                  {entities.map((e) => (
                    <SelectItem key={e.id} value={e.id} disabled={takenElsewhere.has(e.id)}>
                      {entityLabel(e)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {/* A phone puts role and remove side by side under the entity; wider screens, all three in one line. */}
            <div className="flex items-end gap-3 sm:contents">
              <div className="grid flex-1 gap-2">
                <Label htmlFor={`role-${row.key}`}>
                  Role<span className="sr-only"> for {label}</span>
                </Label>
                <Select value={row.roleType} onValueChange={(roleType) => onChangeRow(row.key, { roleType: roleType as AccessRole })}>
                  <SelectTrigger id={`role-${row.key}`} className="min-w-0 bg-background">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {ACCESS_ROLES.map((r) => (
                      <SelectItem key={r} value={r}>
                        {ACCESS_ROLE_LABELS[r]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              {rows.length > 1 ? (
                <Button variant="ghost" size="icon" aria-label="Remove row" onClick={() => onRemoveRow(row.key)}>
                  <Trash2Icon aria-hidden />
                </Button>
              ) : (
                <span className="hidden size-10 sm:block" aria-hidden />
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
