import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import type { Role } from '@/shared/roles';
import { USER_MESSAGES, userAccountShape, type User, type UserDetail } from '@/shared/users';
import { FormAlert } from '@/web/components/admin/form-alert';
import { fieldErrors } from '@/web/components/module/form-fields';
import { Button } from '@/web/components/ui/button';
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
import { grantsOf, ProductAccessFields, useProductAccess, validateAccess } from './product-access';

type Profile = { firstName: string; lastName: string; email: string };
type ProfileErrors = Partial<Record<keyof Profile, string>>;
const profileFields = z.object({ firstName: userAccountShape.firstName, lastName: userAccountShape.lastName, email: userAccountShape.email });
const COMPANY_ROLES: { value: Role; label: string }[] = [
  { value: 'user', label: 'User' },
  { value: 'super_admin', label: 'Super Admin' },
];

/** The wizard's step 1 messages for the three profile fields, each under its field. */
export function validateProfile(profile: Profile): ProfileErrors {
  const result = profileFields.safeParse(profile);
  return result.success ? {} : fieldErrors(result.error.issues);
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
  const [profile, setProfile] = useState<Profile>({ firstName: detail.firstName, lastName: detail.lastName, email: detail.email });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [role, setRole] = useState<Role>(detail.role);
  const [problem, setProblem] = useState<string | null>(null);
  const access = useProductAccess(products.data, detail.access, () => setProblem(null));
  const { selected, rows } = access;

  const set = (field: keyof Profile, value: string) => {
    setProfile((p) => ({ ...p, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
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
      <ProductAccessFields idPrefix="edit" products={products} entities={entities} access={access} />
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
