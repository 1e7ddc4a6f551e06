import { useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '@/shared/account';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { AuthLayout } from './auth-layout';
import { AuthCard, LinkProblem, NewPasswordForm } from './link-parts';
import { useAcceptInvite, useLinkCheck } from './recovery-api';

export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useLinkCheck('invitation', token);
  const accept = useAcceptInvite();
  const navigate = useNavigate();

  const state = !token ? 'invalid' : check.data?.state;
  return (
    <AuthLayout>
      <AuthCard
        title="Accept your invitation"
        description={state === 'valid' && check.data?.email ? `Choose a password for ${check.data.email}` : undefined}
      >
        {token && check.isPending ? (
          <p role="status" className="py-6 text-center text-sm text-muted-foreground">
            Checking your invitation...
          </p>
        ) : check.isError ? (
          <p role="alert" className="text-center text-sm text-destructive">
            {errorMessage(check.error, 'Something went wrong. Please try again.')}
          </p>
        ) : state && state !== 'valid' ? (
          <LinkProblem state={state} whatToDo={ACCOUNT_MESSAGES.inviteWhatToDo} />
        ) : (
          <NewPasswordForm
            token={token}
            label="Accept Invitation"
            busyLabel="Setting up..."
            busy={accept.isPending || accept.isSuccess}
            problem={accept.isError ? errorMessage(accept.error, 'Something went wrong. Please try again.') : null}
            onSubmit={(password, confirmPassword) =>
              accept.mutate(
                { token, password, confirmPassword },
                {
                  onSuccess: () => {
                    toast.success('Success', { description: ACCOUNT_MESSAGES.invitationAccepted });
                    navigate('/products', { replace: true });
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
