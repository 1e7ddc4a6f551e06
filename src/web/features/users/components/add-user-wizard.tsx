import { useQuery } from '@tanstack/react-query';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { z } from 'zod';
import { ENTITY_MESSAGES } from '@/shared/entities';
import type { EntityOption } from '@/shared/entities';
import type { Product } from '@/shared/products';
import { ACCESS_ROLE_LABELS, ACCESS_ROLES, type AccessRole } from '@/shared/roles';
import { USER_MESSAGES, userAccountShape, type UserCreateInput } from '@/shared/users';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { PasswordInput } from '@/web/components/ui/password-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { errorMessage } from '@/web/lib/api';
import { cn } from '@/web/lib/utils';
import { entityOptionsQuery } from '../../entities/api';
import { myProductsQuery } from '../../products/api';
import { FormAlert } from '@/web/components/admin/form-alert';
import { useCreateUser, useInviteUser } from '../api';

type Step = 1 | 2 | 3;
type Account = { firstName: string; lastName: string; email: string; password: string; confirmPassword: string };
type AccountErrors = Partial<Record<keyof Account, string>>;
/** One access row of step 2: a product granted at an entity (empty until chosen) with a role. */
export type AccessRow = { key: number; productId: string; entityId: string; roleType: AccessRole };

const EMPTY_ACCOUNT: Account = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };
const STEP_TITLES: Record<Step, string> = { 1: 'User Details', 2: 'Product Access', 3: 'Review' };
const accountFields = z.object(userAccountShape);

const inviteFields = z.object({ firstName: userAccountShape.firstName, lastName: userAccountShape.lastName, email: userAccountShape.email });

/** Step 1 (spec §5): every field's first message at once, under its field (no password when inviting). */
export function validateAccount(account: Account, invite = false): AccountErrors {
  const errors: AccountErrors = {};
  const result = (invite ? inviteFields : accountFields).safeParse(account);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof Account | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!invite && !errors.confirmPassword && account.password !== account.confirmPassword) errors.confirmPassword = USER_MESSAGES.passwordsDoNotMatch;
  return errors;
}

/** Step 2 (spec §5): a product, and at least one row with an entity. Rows left empty are skipped. */
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

/** Add a user in three steps: details, product access per entity, review. */
export function AddUserWizard({
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
      {/* Wider than the other dialogs: step 2 puts an entity and a role side by side per row. */}
      <DialogContent className="sm:max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>{open ? <Wizard onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function Wizard({ onDone }: { onDone: () => void }) {
  const products = useQuery(myProductsQuery);
  const entities = useQuery(entityOptionsQuery);
  const create = useCreateUser();
  const inviteUser = useInviteUser();
  const [step, setStep] = useState<Step>(1);
  const [account, setAccount] = useState<Account>(EMPTY_ACCOUNT);
  const [invite, setInvite] = useState(false);
  const [errors, setErrors] = useState<AccountErrors>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [rows, setRows] = useState<AccessRow[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const nextKey = useRef(1);
  const stepHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (products.isError) toast.error('Error', { description: ENTITY_MESSAGES.productsLoadFailed });
  }, [products.isError]);
  useEffect(() => {
    if (entities.isError) toast.error('Error', { description: errorMessage(entities.error, ENTITY_MESSAGES.loadFailed) });
  }, [entities.isError, entities.error]);

  const goTo = (next: Step) => {
    setProblem(null);
    setStep(next);
    // Keyboard and screen reader users land on the new step's heading.
    requestAnimationFrame(() => stepHeading.current?.focus());
  };

  const fail = (message: string) => {
    setProblem(message);
    toast.error('Error', { description: message });
  };

  const set = (field: keyof Account, value: string) => {
    setAccount((a) => ({ ...a, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const newRow = (productId: string): AccessRow => ({ key: nextKey.current++, productId, entityId: '', roleType: 'app_admin' });

  const toggleProduct = (productId: string, checked: boolean) => {
    setProblem(null);
    // Keep the products in the catalogue's order, whatever order they were ticked in.
    const order = products.data?.map((p) => p.id) ?? [];
    setSelected((ids) => (checked ? order.filter((id) => id === productId || ids.includes(id)) : ids.filter((id) => id !== productId)));
    setRows((rs) => (checked ? [...rs, newRow(productId)] : rs.filter((r) => r.productId !== productId)));
  };

  const updateRow = (key: number, change: Partial<AccessRow>) => {
    setProblem(null);
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 1) {
      const found = validateAccount(account, invite);
      setErrors(found);
      const first = (Object.keys(found) as (keyof Account)[]).find((k) => found[k]);
      if (first) {
        document.getElementById(`user-${first}`)?.focus();
        return;
      }
      goTo(2);
      return;
    }
    const accessProblem = validateAccess(selected, rows);
    if (accessProblem) {
      // Said beside the buttons, not in a toast that would cover them on a phone.
      setProblem(accessProblem);
      return;
    }
    if (step === 2) {
      goTo(3);
      return;
    }
    setProblem(null);
    if (invite) {
      const { firstName, lastName, email } = account;
      inviteUser.mutate(
        { firstName, lastName, email, access: grantsOf(rows) },
        {
          onSuccess: () => {
            toast.success('Success', { description: USER_MESSAGES.invited });
            onDone();
          },
          onError: (e) => fail(errorMessage(e, USER_MESSAGES.invitationFailed)),
        },
      );
      return;
    }
    create.mutate(
      { ...account, access: grantsOf(rows) },
      {
        onSuccess: () => {
          toast.success('Success', { description: USER_MESSAGES.created });
          onDone();
        },
        onError: (e) => fail(errorMessage(e, USER_MESSAGES.createFailed)),
      },
    );
  };

  const creating = create.isPending || inviteUser.isPending;
  const selectedProducts = (products.data ?? []).filter((p) => selected.includes(p.id));

  return (
    <form className="grid min-w-0 gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>Add New User</DialogTitle>
        <DialogDescription>Step {step} of 3</DialogDescription>
        <StepBar step={step} />
      </DialogHeader>
      <h3 ref={stepHeading} tabIndex={-1} className="text-base font-semibold outline-none">
        {STEP_TITLES[step]}
      </h3>

      {step === 1 ? (
        <div className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <AccountField id="firstName" label="First Name" autoComplete="off" account={account} errors={errors} onChange={set} />
            <AccountField id="lastName" label="Last Name" autoComplete="off" account={account} errors={errors} onChange={set} />
          </div>
          <AccountField id="email" label="Email" type="email" autoComplete="off" account={account} errors={errors} onChange={set} />
          <div className="flex items-start gap-3 rounded-md border p-3">
            <Checkbox
              id="user-invite"
              checked={invite}
              onCheckedChange={(checked) => {
                setInvite(checked === true);
                setErrors((e) => ({ ...e, password: undefined, confirmPassword: undefined }));
              }}
              aria-describedby="user-invite-hint"
            />
            <div className="grid gap-1">
              <Label htmlFor="user-invite" className="font-normal">
                Send an invitation email
              </Label>
              <p id="user-invite-hint" className="text-sm text-muted-foreground">
                They choose their own password from a link valid for 7 days.
              </p>
            </div>
          </div>
          {invite ? null : (
            <div className="grid gap-4 sm:grid-cols-2">
              <AccountField id="password" label="Password" password account={account} errors={errors} onChange={set} />
              <AccountField id="confirmPassword" label="Confirm Password" password account={account} errors={errors} onChange={set} />
            </div>
          )}
        </div>
      ) : step === 2 ? (
        <div className="grid gap-4">
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
                      id={`user-product-${p.id}`}
                      checked={selected.includes(p.id)}
                      onCheckedChange={(checked) => toggleProduct(p.id, checked === true)}
                    />
                    <Label htmlFor={`user-product-${p.id}`} className="font-normal">
                      {p.name}
                    </Label>
                  </div>
                ))}
              </div>
            )}
          </fieldset>
          {selectedProducts.map((product) => (
            <ProductAccess
              key={product.id}
              product={product}
              rows={rows.filter((r) => r.productId === product.id)}
              entities={(entities.data ?? []).filter((e) => e.productIds.includes(product.id))}
              entitiesLoading={entities.isPending}
              onAddRow={() => setRows((rs) => [...rs, newRow(product.id)])}
              onChangeRow={updateRow}
              onRemoveRow={(key) => setRows((rs) => rs.filter((r) => r.key !== key))}
            />
          ))}
        </div>
      ) : (
        <Review account={account} invite={invite} products={selectedProducts} rows={rows} entities={entities.data ?? []} />
      )}

      <FormAlert message={problem} />
      <DialogFooter>
        {step === 1 ? (
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : (
          <Button variant="outline" onClick={() => goTo((step - 1) as Step)} disabled={creating}>
            Back
          </Button>
        )}
        {step < 3 ? (
          <Button type="submit">Next</Button>
        ) : (
          <Button type="submit" disabled={creating}>
            {invite ? (creating ? 'Sending...' : 'Send Invitation') : creating ? 'Creating...' : 'Create User'}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}

function StepBar({ step }: { step: Step }) {
  return (
    <div className="mt-1 grid grid-cols-3 gap-2" aria-hidden>
      {[1, 2, 3].map((n) => (
        <span key={n} className={cn('h-1.5 rounded-full', n <= step ? 'bg-primary' : 'bg-slate-200')} />
      ))}
    </div>
  );
}

function AccountField({
  id,
  label,
  type = 'text',
  password = false,
  autoComplete,
  account,
  errors,
  onChange,
}: {
  id: keyof Account;
  label: string;
  type?: string;
  password?: boolean;
  autoComplete?: string;
  account: Account;
  errors: AccountErrors;
  onChange: (field: keyof Account, value: string) => void;
}) {
  const inputId = `user-${id}`;
  const error = errors[id];
  const props = {
    id: inputId,
    value: account[id],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(id, e.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${inputId}-error` : undefined,
  };
  return (
    <Field id={inputId} label={label} error={error}>
      {password ? <PasswordInput autoComplete="new-password" {...props} /> : <Input type={type} autoComplete={autoComplete} {...props} />}
    </Field>
  );
}

export function ProductAccess({
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

function Review({
  account,
  invite,
  products,
  rows,
  entities,
}: {
  account: Account;
  invite: boolean;
  products: Product[];
  rows: AccessRow[];
  entities: EntityOption[];
}) {
  const byId = new Map(entities.map((e) => [e.id, e]));
  const grants = grantsOf(rows);
  return (
    <div className="grid gap-4">
      <dl className="grid gap-3 rounded-md border p-4 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-medium text-muted-foreground">Name</dt>
        <dd className="break-words">
          {account.firstName.trim()} {account.lastName.trim()}
        </dd>
        <dt className="font-medium text-muted-foreground">Email</dt>
        <dd className="break-all">{account.email.trim()}</dd>
        <dt className="font-medium text-muted-foreground">Password</dt>
        <dd>{invite ? 'Chosen by them from the invitation email' : 'Set now'}</dd>
      </dl>
      <div className="grid gap-3">
        <h4 className="text-sm font-medium">Product Access</h4>
        {products.map((product) => {
          const granted = grants.filter((g) => g.productId === product.id);
          if (granted.length === 0) return null;
          return (
            <div key={product.id} className="rounded-md border p-4 text-sm">
              <p className="font-semibold">{product.name}</p>
              <ul className="mt-2 grid gap-1">
                {granted.map((g) => {
                  const e = byId.get(g.entityId);
                  return (
                    <li key={g.entityId} className="flex flex-wrap justify-between gap-x-4 gap-y-1">
                      <span>
                        <span className="text-muted-foreground">Entity: </span>
                        <span>{e ? entityLabel(e) : g.entityId}</span>
                      </span>
                      <span>
                        <span className="text-muted-foreground">Role: </span>
                        <span>{ACCESS_ROLE_LABELS[g.roleType ?? 'app_admin']}</span>
                      </span>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </div>
    </div>
  );
}
