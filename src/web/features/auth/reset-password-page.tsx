import { useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '@/shared/account';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { AuthLayout } from './auth-layout';
import { AuthCard, LinkProblem, NewPasswordForm } from './link-parts';
import { useLinkCheck, useResetPassword } from './recovery-api';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useLinkCheck('password_reset', token);
  const reset = useResetPassword();
  const navigate = useNavigate();

  const state = !token ? 'invalid' : check.data?.state;
  return (
    <AuthLayout>
      <AuthCard title="Reset your password" description={state === 'valid' && check.data?.email ? `For ${check.data.email}` : undefined}>
        {token && check.isPending ? (
          <p role="status" className="py-6 text-center text-sm text-muted-foreground">
            Checking your link...
          </p>
        ) : check.isError ? (
          <p role="alert" className="text-center text-sm text-destructive">
            {errorMessage(check.error, 'Something went wrong. Please try again.')}
          </p>
        ) : state && state !== 'valid' ? (
          <LinkProblem state={state} whatToDo={ACCOUNT_MESSAGES.resetWhatToDo} action={{ to: '/forgot-password', label: 'Send a New Link' }} />
        ) : (
          <NewPasswordForm
            token={token}
            label="Reset Password"
            busyLabel="Resetting..."
            busy={reset.isPending || reset.isSuccess}
            problem={reset.isError ? errorMessage(reset.error, 'Something went wrong. Please try again.') : null}
            onSubmit={(password, confirmPassword) =>
              reset.mutate(
                { token, password, confirmPassword },
                {
                  onSuccess: ({ message }) => {
                    toast.success('Success', { description: message });
                    navigate('/login', { replace: true });
                  },
                },
              )
            }
          />
        )}
      </AuthCard>
    </AuthLayout>
  );
}
