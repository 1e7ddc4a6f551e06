import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '@/shared/account';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { FormAlert } from '@/web/components/admin/form-alert';
import { errorMessage } from '@/web/lib/api';
import { AuthLayout } from './auth-layout';
import { AuthCard } from './link-parts';
import { useForgotPassword } from './recovery-api';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(ACCOUNT_MESSAGES.emailRequired);
      document.getElementById('email')?.focus();
      return;
    }
    setError(null);
    forgot.mutate(email.trim());
  };

  return (
    <AuthLayout>
      <AuthCard title="Forgot password?" description="Enter your email and we will send you a link to choose a new password.">
        {forgot.isSuccess ? (
          <div className="grid gap-4 text-center">
            <p role="status" className="rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-950">
              {forgot.data.message}
            </p>
            <Link to="/login" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Back to sign in
            </Link>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Forgot password">
            <Field id="email" label="Email" error={error ?? undefined}>
              <Input
                id="email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'email-error' : undefined}
              />
            </Field>
            <FormAlert message={forgot.isError ? errorMessage(forgot.error, 'Something went wrong. Please try again.') : null} />
            <Button type="submit" className="w-full" disabled={forgot.isPending}>
              {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
            </Button>
            <Link to="/login" className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
              Back to sign in
            </Link>
          </form>
        )}
      </AuthCard>
    </AuthLayout>
  );
}
