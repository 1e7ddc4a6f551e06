import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, passwordChangeInput, profileInput } from '@/shared/account';
import { AdminHeader, AdminMain } from '@/web/components/admin/admin-header';
import { FormAlert } from '@/web/components/admin/form-alert';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { errorMessage } from '@/web/lib/api';
import { useCurrentUser } from '@/web/lib/session';
import { toast } from '@/web/lib/toast';
import { useChangePassword, useUpdateProfile } from './account-api';
import { NotificationPreferencesSection } from './notification-preferences';

type Errors<K extends string> = Partial<Record<K, string>>;

/** Each field's first message, from a shared schema. */
function fieldErrors<K extends string>(issues: { path: PropertyKey[]; message: string }[]): Errors<K> {
  const errors: Errors<K> = {};
  for (const issue of issues) {
    const field = issue.path[0] as K | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The signed-in user's own account: name, password and notification preferences. */
export function AccountPage() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <AdminHeader title="My Account" backTo="/products" backLabel="Back to Products" />
      <AdminMain>
        <div className="grid gap-6">
          <ProfileSection />
          <PasswordSection />
          <NotificationPreferencesSection />
        </div>
      </AdminMain>
    </div>
  );
}

function ProfileSection() {
  const user = useCurrentUser();
  const update = useUpdateProfile();
  const [form, setForm] = useState({ firstName: user.firstName, lastName: user.lastName });
  const [errors, setErrors] = useState<Errors<'firstName' | 'lastName'>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = profileInput.safeParse(form);
    if (!result.success) {
      const found = fieldErrors<'firstName' | 'lastName'>(result.error.issues);
      setErrors(found);
      document.getElementById(found.firstName ? 'account-firstName' : 'account-lastName')?.focus();
      return;
    }
    setErrors({});
    update.mutate(result.data, {
      onSuccess: () => toast.success('Success', { description: ACCOUNT_MESSAGES.profileUpdated }),
      onError: (e) => toast.error('Error', { description: errorMessage(e, 'Failed to update your profile') }),
    });
  };

  const field = (id: 'firstName' | 'lastName', label: string) => (
    <Field id={`account-${id}`} label={label} error={errors[id]}>
      <Input
        id={`account-${id}`}
        autoComplete={id === 'firstName' ? 'given-name' : 'family-name'}
        value={form[id]}
        onChange={(e) => setForm((f) => ({ ...f, [id]: e.target.value }))}
        aria-invalid={errors[id] ? true : undefined}
        aria-describedby={errors[id] ? `account-${id}-error` : undefined}
      />
    </Field>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name as your colleagues see it. Your email is {user.email}; an administrator can change it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Profile">
          <div className="grid gap-4 sm:grid-cols-2">
            {field('firstName', 'First Name')}
            {field('lastName', 'Last Name')}
          </div>
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

type PasswordField = 'currentPassword' | 'password' | 'confirmPassword';
const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

function PasswordSection() {
  const change = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors<PasswordField>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = passwordChangeInput.safeParse(form);
    if (!result.success) {
      const found = fieldErrors<PasswordField>(result.error.issues);
      setErrors(found);
      const first = (['currentPassword', 'password', 'confirmPassword'] as const).find((k) => found[k]);
      if (first) document.getElementById(`account-${first}`)?.focus();
      return;
    }
    setErrors({});
    setProblem(null);
    change.mutate(form, {
      onSuccess: ({ message }) => {
        setForm(EMPTY);
        toast.success('Success', { description: message });
      },
      onError: (e) => setProblem(errorMessage(e, 'Failed to change your password')),
    });
  };

  const field = (id: PasswordField, label: string, autoComplete: string) => (
    <Field id={`account-${id}`} label={label} error={errors[id]}>
      <PasswordInput
        id={`account-${id}`}
        autoComplete={autoComplete}
        value={form[id]}
        onChange={(e) => setForm((f) => ({ ...f, [id]: e.target.value }))}
        aria-invalid={errors[id] ? true : undefined}
        aria-describedby={errors[id] ? `account-${id}-error` : undefined}
      />
    </Field>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Enter your current password to choose a new one. Your other sessions will be signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Change password">
          {field('currentPassword', 'Current Password', 'current-password')}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('password', 'New Password', 'new-password')}
            {field('confirmPassword', 'Confirm New Password', 'new-password')}
          </div>
          <FormAlert message={problem} />
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
