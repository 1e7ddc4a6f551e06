import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { ENTITY_MESSAGES } from '@/shared/entities';
import type { Role } from '@/shared/roles';
import { USER_MESSAGES, userAccountShape, type User, type UserDetail } from '@/shared/users';
import { FormAlert } from '@/web/components/admin/form-alert';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { entityOptionsQuery } from '../../entities/api';
import { myProductsQuery } from '../../products/api';
import { useUpdateUser, userQuery } from '../api';
import { grantsOf, ProductAccess, validateAccess, type AccessRow } from './add-user-wizard';

type Profile = { firstName: string; lastName: string; email: string };
type ProfileErrors = Partial<Record<keyof Profile, string>>;
const profileFields = z.object({ firstName: userAccountShape.firstName, lastName: userAccountShape.lastName, email: userAccountShape.email });
const COMPANY_ROLES: { value: Role; label: string }[] = [
  { value: 'user', label: 'User' },
  { value: 'super_admin', label: 'Super Admin' },
];

/** The wizard's step 1 messages for the three profile fields, each under its field. */
export function validateProfile(profile: Profile): ProfileErrors {
  const errors: ProfileErrors = {};
  const result = profileFields.safeParse(profile);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof Profile | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return errors;
}

/** Edit a user's name, email, company role and product access (one save, one transaction). */
export function EditUserDialog({
  user,
  onOpenChange,
  onCloseAutoFocus,
}: {
  user: User | null;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        {user ? <Loader user={user} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Loader({ user, onDone }: { user: User; onDone: () => void }) {
  const detail = useQuery({ ...userQuery(user.id), staleTime: 0 });
  if (detail.isPending || detail.isError) {
    return (
      <div className="grid gap-4">
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription>
            {user.firstName} {user.lastName}
          </DialogDescription>
        </DialogHeader>
        {detail.isError ? (
          <FormAlert message={errorMessage(detail.error, 'Failed to load the user. Please try again.')} />
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </DialogFooter>
      </div>
    );
  }
  return <EditForm detail={detail.data} onDone={onDone} />;
}

function EditForm({ detail, onDone }: { detail: UserDetail; onDone: () => void }) {
  const products = useQuery(myProductsQuery);
  const entities = useQuery(entityOptionsQuery);
  const update = useUpdateUser();
  const nextKey = useRef(1);
  const [profile, setProfile] = useState<Profile>({ firstName: detail.firstName, lastName: detail.lastName, email: detail.email });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [role, setRole] = useState<Role>(detail.role);
  const [rows, setRows] = useState<AccessRow[]>(() =>
    detail.access.map((a) => ({ key: nextKey.current++, productId: a.productId, entityId: a.entityId, roleType: a.roleType })),
  );
  const [selected, setSelected] = useState<string[]>(() => [...new Set(detail.access.map((a) => a.productId))]);
  const [problem, setProblem] = useState<string | null>(null);

  const set = (field: keyof Profile, value: string) => {
    setProfile((p) => ({ ...p, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const newRow = (productId: string): AccessRow => ({ key: nextKey.current++, productId, entityId: '', roleType: 'app_admin' });
  const toggleProduct = (productId: string, checked: boolean) => {
    setProblem(null);
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
    const found = validateProfile(profile);
    setErrors(found);
    const first = (Object.keys(found) as (keyof Profile)[]).find((k) => found[k]);
    if (first) {
      document.getElementById(`edit-user-${first}`)?.focus();
      return;
    }
    // A super admin sees every product of the company: access rows are optional for them.
    const accessProblem = role === 'user' ? validateAccess(selected, rows) : null;
    if (accessProblem) {
      setProblem(accessProblem);
      return;
    }
    setProblem(null);
    update.mutate(
      { id: detail.id, input: { ...profile, role, access: grantsOf(rows) } },
      {
        onSuccess: () => {
          toast.success('Success', { description: USER_MESSAGES.updated });
          onDone();
        },
        onError: (e) => {
          const message = errorMessage(e, USER_MESSAGES.updateFailed);
          setProblem(message);
          toast.error('Error', { description: message });
        },
      },
    );
  };

  const saving = update.isPending;
  const selectedProducts = (products.data ?? []).filter((p) => selected.includes(p.id));

  return (
    <form className="grid min-w-0 gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>Edit User</DialogTitle>
        <DialogDescription>Change the details, company role and product access. Access changes apply on their next request.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-2">
        <ProfileField id="firstName" label="First Name" profile={profile} errors={errors} onChange={set} />
        <ProfileField id="lastName" label="Last Name" profile={profile} errors={errors} onChange={set} />
      </div>
      <ProfileField id="email" label="Email" type="email" profile={profile} errors={errors} onChange={set} />
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor="edit-user-role">Company Role</Label>
        <Select value={role} onValueChange={(value) => setRole(value as Role)}>
          <SelectTrigger id="edit-user-role" className="bg-background">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {COMPANY_ROLES.map((r) => (
              <SelectItem key={r.value} value={r.value}>
                {r.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
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
                <Checkbox id={`edit-product-${p.id}`} checked={selected.includes(p.id)} onCheckedChange={(checked) => toggleProduct(p.id, checked === true)} />
                <Label htmlFor={`edit-product-${p.id}`} className="font-normal">
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
      <FormAlert message={problem} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ProfileField({
  id,
  label,
  type = 'text',
  profile,
  errors,
  onChange,
}: {
  id: keyof Profile;
  label: string;
  type?: string;
  profile: Profile;
  errors: ProfileErrors;
  onChange: (field: keyof Profile, value: string) => void;
}) {
  const inputId = `edit-user-${id}`;
  const error = errors[id];
  return (
    <Field id={inputId} label={label} error={error}>
      <Input
        id={inputId}
        type={type}
        autoComplete="off"
        value={profile[id]}
        onChange={(e) => onChange(id, e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
      />
    </Field>
  );
}
