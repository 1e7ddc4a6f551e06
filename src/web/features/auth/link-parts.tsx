import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LINK_STATE_MESSAGES, setPasswordInput, type LinkState } from '@/shared/account';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { PasswordInput } from '@/web/components/ui/password-input';
import { FormAlert } from '@/web/components/admin/form-alert';

/** A card of the sign-in family: heading, one line under it, content. */
export function AuthCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * What an unusable link's page says: why, and what to do next. A deactivated account's message
 * says it itself: a new link would not help (none is sent to such an account).
 */
export function LinkProblem({ state, whatToDo, action }: { state: Exclude<LinkState, 'valid'>; whatToDo: string; action?: { to: string; label: string } }) {
  const newLinkHelps = state !== 'deactivated';
  return (
    <div className="grid gap-4 text-center">
      <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
        {newLinkHelps ? `${LINK_STATE_MESSAGES[state]} ${whatToDo}` : LINK_STATE_MESSAGES[state]}
      </p>
      {action && newLinkHelps ? (
        <Button asChild>
          <Link to={action.to}>{action.label}</Link>
        </Button>
      ) : null}
      <Link to="/login" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </div>
  );
}

/** New password twice, with sign-up's rules and messages; the server checks them again. */
export function NewPasswordForm({
  token,
  label,
  busyLabel,
  busy,
  problem,
  onSubmit,
}: {
  token: string;
  label: string;
  busyLabel: string;
  busy: boolean;
  problem: string | null;
  onSubmit: (password: string, confirmPassword: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<{ field: 'password' | 'confirmPassword'; message: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = setPasswordInput.safeParse({ token, password, confirmPassword });
    if (!result.success) {
      const issue = result.error.issues[0]!;
      const field = issue.path[0] === 'confirmPassword' ? 'confirmPassword' : 'password';
      setError({ field, message: issue.message });
      document.getElementById(field === 'password' ? 'new-password' : 'confirm-password')?.focus();
      return;
    }
    setError(null);
    onSubmit(password, confirmPassword);
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label={label}>
      <Field id="new-password" label="New Password" error={error?.field === 'password' ? error.message : undefined}>
        <PasswordInput
          id="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error?.field === 'password' ? true : undefined}
          aria-describedby={error?.field === 'password' ? 'new-password-error' : undefined}
        />
      </Field>
      <Field id="confirm-password" label="Confirm Password" error={error?.field === 'confirmPassword' ? error.message : undefined}>
        <PasswordInput
          id="confirm-password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          aria-invalid={error?.field === 'confirmPassword' ? true : undefined}
          aria-describedby={error?.field === 'confirmPassword' ? 'confirm-password-error' : undefined}
        />
      </Field>
      <FormAlert message={problem} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </form>
  );
}
