import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { z } from 'zod';
import { ENTITY_MESSAGES } from '@/shared/entities';
import type { EntityOption } from '@/shared/entities';
import type { Product } from '@/shared/products';
import { ACCESS_ROLE_LABELS } from '@/shared/roles';
import { USER_MESSAGES, userAccountShape } from '@/shared/users';
import { fieldErrors } from '@/web/components/module/form-fields';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { PasswordInput } from '@/web/components/ui/password-input';
import { errorMessage } from '@/web/lib/api';
import { cn } from '@/web/lib/utils';
import { entityOptionsQuery } from '../../entities/api';
import { myProductsQuery } from '../../products/api';
import { FormAlert } from '@/web/components/admin/form-alert';
import { useCreateUser, useInviteUser } from '../api';
import { entityLabel, grantsOf, ProductAccessFields, useProductAccess, validateAccess, type AccessRow } from './product-access';

type Step = 1 | 2 | 3;
type Account = { firstName: string; lastName: string; email: string; password: string; confirmPassword: string };
type AccountErrors = Partial<Record<keyof Account, string>>;

const EMPTY_ACCOUNT: Account = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };
const STEP_TITLES: Record<Step, string> = { 1: 'User Details', 2: 'Product Access', 3: 'Review' };
const accountFields = z.object(userAccountShape);

const inviteFields = z.object({ firstName: userAccountShape.firstName, lastName: userAccountShape.lastName, email: userAccountShape.email });

/** Step 1 (spec §5): every field's first message at once, under its field (no password when inviting). */
export function validateAccount(account: Account, invite = false): AccountErrors {
  const result = (invite ? inviteFields : accountFields).safeParse(account);
  const errors: AccountErrors = result.success ? {} : fieldErrors(result.error.issues);
  if (!invite && !errors.confirmPassword && account.password !== account.confirmPassword) errors.confirmPassword = USER_MESSAGES.passwordsDoNotMatch;
  return errors;
}

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
  const [problem, setProblem] = useState<string | null>(null);
  const access = useProductAccess(products.data, [], () => setProblem(null));
  const { selected, rows } = access;
  const stepHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (products.isError) toast.error('Error', { description: ENTITY_MESSAGES.productsLoadFailed });
  }, [products.isError]);
  useEffect(() => {
    if (entities.isError) toast.error('Error', { description: errorMessage(entities.error, ENTITY_MESSAGES.loadFailed) });
  }, [entities.isError, entities.error]);

  // Keyboard and screen reader users land on the new step's heading once it has rendered (not on a
  // later frame, which could take the focus from a field the user has moved on to).
  const focusHeading = useRef(false);
  useEffect(() => {
    if (focusHeading.current) stepHeading.current?.focus();
    focusHeading.current = false;
  }, [step]);
  const goTo = (next: Step) => {
    setProblem(null);
    setStep(next);
    focusHeading.current = true;
  };

  const fail = (message: string) => {
    setProblem(message);
    toast.error('Error', { description: message });
  };

  const set = (field: keyof Account, value: string) => {
    setAccount((a) => ({ ...a, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
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
          <ProductAccessFields idPrefix="user" products={products} entities={entities} access={access} />
        </div>
      ) : (
        <Review account={account} invite={invite} products={access.selectedProducts} rows={rows} entities={entities.data ?? []} />
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
