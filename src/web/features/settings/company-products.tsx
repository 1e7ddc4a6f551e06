import { useQuery } from '@tanstack/react-query';
import { PackageIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { COMPANY_PRODUCT_MESSAGES, type CompanyProduct } from '@/shared/company-products';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useFocusReturn } from '@/web/lib/use-focus-return';
import { RemoveProductDialog } from '@/web/components/admin/remove-product-dialog';
import { companyProductsQuery, useChangeCompanyProduct } from './products-api';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /settings: the products the company uses. Adding one shows it on the products hub at once (an
 * entity must then be given it before anyone works in it); removing one asks first, and says what
 * removal does.
 */
export function CompanyProducts() {
  const products = useQuery(companyProductsQuery);
  const change = useChangeCompanyProduct();
  const [removing, setRemoving] = useState<CompanyProduct | null>(null);
  const focus = useFocusReturn();
  const heldCount = products.data?.filter((p) => p.held).length ?? 0;
  const adding = change.isPending && change.variables.add ? change.variables.productId : null;

  const add = (product: CompanyProduct) =>
    change.mutate(
      { productId: product.id, add: true },
      {
        onSuccess: () => toast.success('Success', { description: `${product.name} added. Give it to an entity in Entity Management to start using it.` }),
        onError: (e) => toast.error('Error', { description: errorMessage(e, COMPANY_PRODUCT_MESSAGES.addFailed) }),
      },
    );

  const remove = (product: CompanyProduct) =>
    change.mutate(
      { productId: product.id, add: false },
      {
        onSuccess: () => toast.success('Success', { description: `${product.name} removed. Its data is kept.` }),
        onError: (e) => toast.error('Error', { description: errorMessage(e, COMPANY_PRODUCT_MESSAGES.removeFailed) }),
        onSettled: () => setRemoving(null),
      },
    );

  return (
    <section aria-labelledby="products-settings-title" className="rounded-lg border bg-card p-4 shadow-sm sm:p-6">
      <div className="flex items-start gap-4">
        <PackageIcon className="size-8 shrink-0 text-primary" aria-hidden />
        <div className="grid min-w-0 flex-1 gap-3">
          <h2 id="products-settings-title" className="text-xl font-semibold leading-none tracking-tight">
            Products
          </h2>
          <p className="text-sm text-muted-foreground">
            The products your company uses. A product you add shows on the products hub at once; give it to your entities in{' '}
            <Link to="/entity-management" className="font-medium text-primary underline-offset-4 hover:underline">
              Entity Management
            </Link>
            , then grant it to users.
          </p>
          {products.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading products...
            </p>
          ) : products.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
              {errorMessage(products.error, COMPANY_PRODUCT_MESSAGES.loadFailed)}
              <Button variant="outline" size="sm" onClick={() => void products.refetch()} disabled={products.isFetching}>
                Retry
              </Button>
            </div>
          ) : (
            <ul className="divide-y rounded-md border">
              {products.data.map((p) => {
                const last = p.held && heldCount === 1;
                return (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                    <div className="grid min-w-0 flex-1 basis-56 gap-1">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        <span>{p.name}</span>
                        <Badge variant={p.held ? 'success' : 'outline'}>{p.held ? 'In use' : 'Not added'}</Badge>
                      </p>
                      <p className="text-sm text-muted-foreground">
                        {last
                          ? COMPANY_PRODUCT_MESSAGES.lastProduct
                          : p.held
                            ? `Held by ${plural(p.entityCount, 'entity', 'entities')}; ${plural(p.userCount, 'user', 'users')} granted.`
                            : p.description}
                      </p>
                    </div>
                    {p.held ? (
                      <Button
                        id={`company-product-${p.id}`}
                        variant="outline"
                        aria-label={`Remove ${p.name}`}
                        disabled={change.isPending || last}
                        onClick={() => {
                          // The same place holds the product's Add button once it is removed.
                          focus.returnTo(`company-product-${p.id}`);
                          setRemoving(p);
                        }}
                      >
                        Remove
                      </Button>
                    ) : (
                      <Button
                        id={`company-product-${p.id}`}
                        aria-label={adding === p.id ? `Adding ${p.name}...` : `Add ${p.name}`}
                        disabled={change.isPending}
                        onClick={() => add(p)}
                      >
                        {adding === p.id ? 'Adding...' : 'Add'}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </div>
      <RemoveProductDialog
        product={removing}
        scope={{ kind: 'company', entityCount: removing?.entityCount ?? 0, userCount: removing?.userCount ?? 0 }}
        busy={change.isPending}
        onConfirm={() => removing && remove(removing)}
        onOpenChange={(open) => !open && setRemoving(null)}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
    </section>
  );
}
