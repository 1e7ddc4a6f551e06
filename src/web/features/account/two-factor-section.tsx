import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_MESSAGES } from '@/shared/two-factor-messages';
import { FormAlert } from '@/web/components/admin/form-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { PasswordInput } from '@/web/components/ui/password-input';
import { errorMessage } from '@/web/lib/api';
import { sessionKey } from '@/web/lib/session';
import { toast } from '@/web/lib/toast';
import { twoFactorStatusQuery, useDisableTwoFactor } from './api';
import { TwoFactorEnrollment } from './two-factor-enrollment';

/** /account/security: two-factor sign-in on or off, enabling it (a dialog of three steps) and disabling it. */
export function TwoFactorSection() {
  const status = useQuery(twoFactorStatusQuery);
  const qc = useQueryClient();
  const [enabling, setEnabling] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const enabled = status.data?.enabled ?? false;

  const finishEnabling = () => {
    setEnabling(false);
    void qc.invalidateQueries({ queryKey: sessionKey });
  };

  return (
    <section aria-labelledby="two-factor-title" className="rounded-lg border bg-card shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4 p-4 sm:p-6">
        <div className="grid gap-1">
          <h2 id="two-factor-title" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
            Two-Factor Authentication
            {status.data ? <Badge variant={enabled ? 'success' : 'secondary'}>{enabled ? 'Enabled' : 'Disabled'}</Badge> : null}
          </h2>
          <p className="text-sm text-muted-foreground">
            {enabled
              ? 'Signing in asks for a code from your authenticator app after your password.'
              : 'Add a second step to signing in: a code from an authenticator app on your phone.'}
          </p>
          {status.data?.enabled && status.data.recoveryCodesLeft !== null ? (
            <p className="text-sm text-muted-foreground">Recovery codes left: {status.data.recoveryCodesLeft}</p>
          ) : null}
          {status.data?.required ? <p className="text-sm text-muted-foreground">Your company requires it for super admins.</p> : null}
        </div>
        {status.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        ) : status.isError ? (
          <div className="grid justify-items-end gap-2 text-sm text-muted-foreground">
            <p>{TWO_FACTOR_MESSAGES.loadFailed}</p>
            <Button variant="outline" onClick={() => void status.refetch()}>
              Try again
            </Button>
          </div>
        ) : enabled ? (
          <Button variant="outline" onClick={() => setDisabling(true)}>
            Disable Two-Factor Authentication
          </Button>
        ) : (
          <Button onClick={() => setEnabling(true)}>
            <ShieldCheckIcon aria-hidden />
            Enable Two-Factor Authentication
          </Button>
        )}
      </div>

      <Dialog open={enabling} onOpenChange={(open) => (open ? setEnabling(true) : finishEnabling())}>
        <DialogContent className="max-h-dvh overflow-y-auto sm:max-w-[480px]">
          <DialogHeader>
            <DialogTitle>Enable Two-Factor Authentication</DialogTitle>
            <DialogDescription>Use an authenticator app such as Google Authenticator, Microsoft Authenticator or 1Password.</DialogDescription>
          </DialogHeader>
          {enabling ? (
            <TwoFactorEnrollment
              onCancel={() => setEnabling(false)}
              onDone={() => {
                toast.success('Success', { description: TWO_FACTOR_MESSAGES.enabled });
                finishEnabling();
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <DisableDialog open={disabling} onOpenChange={setDisabling} required={status.data?.required ?? false} />
    </section>
  );
}

function DisableDialog({ open, onOpenChange, required }: { open: boolean; onOpenChange: (open: boolean) => void; required: boolean }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (disable.isPending) return;
    if (!next) {
      setPassword('');
      setProblem(null);
    }
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setProblem(TWO_FACTOR_MESSAGES.passwordRequired);
    setProblem(null);
    disable.mutate(password, {
      onSuccess: () => {
        toast.success('Success', { description: TWO_FACTOR_MESSAGES.disabled });
        setPassword('');
        onOpenChange(false);
      },
      onError: (e) => setProblem(errorMessage(e, TWO_FACTOR_MESSAGES.incorrectPassword)),
    });
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-[425px]">
        <DialogHeader>
          <DialogTitle>Disable Two-Factor Authentication</DialogTitle>
          <DialogDescription>
            {required
              ? 'Your company requires two-factor authentication: you will be asked to set it up again right away (for a new phone, say).'
              : 'Signing in will ask only for your password. Your recovery codes and trusted devices stop working.'}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Disable two-factor authentication">
          <FormAlert message={problem} />
          <Field id="disable-two-factor-password" label="Password">
            <PasswordInput id="disable-two-factor-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={disable.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={disable.isPending}>
              {disable.isPending ? 'Disabling...' : 'Disable'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
