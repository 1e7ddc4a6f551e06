import { useState, type FormEvent } from 'react';
import type { SessionUser } from '@/shared/auth';
import { TWO_FACTOR, TWO_FACTOR_MESSAGES } from '@/shared/two-factor-messages';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useTwoFactorSignIn } from './api';
import { AuthLayout } from './auth-layout';

/**
 * The second step of a sign-in with two-factor authentication on: a code from the authenticator
 * app (or a recovery code), and whether to trust this browser for 30 days.
 */
export function TwoFactorStep({ onSignedIn, onBack }: { onSignedIn: (user: SessionUser) => void; onBack: () => void }) {
  const verify = useTwoFactorSignIn();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      toast.error('Error', { description: recovery ? TWO_FACTOR_MESSAGES.recoveryCodeRequired : TWO_FACTOR_MESSAGES.codeRequired });
      return;
    }
    if (!recovery && !/^\d{6}$/.test(value.replace(/[\s-]/g, ''))) {
      toast.error('Error', { description: TWO_FACTOR_MESSAGES.codeFormat });
      return;
    }
    verify.mutate(
      { code: value, trustDevice },
      {
        onSuccess: ({ user }) => {
          setDone(true);
          onSignedIn(user);
        },
        onError: (e) => {
          toast.error('Verification Failed', { description: errorMessage(e, TWO_FACTOR_MESSAGES.invalidCode) });
          // The sign-in is over (too many codes, or it expired): back to the password.
          if (/sign in again/i.test(errorMessage(e, ''))) onBack();
          else setCode('');
        },
      },
    );
  };

  const busy = verify.isPending || done;
  const label = recovery ? 'Recovery Code' : 'Authentication Code';
  return (
    <AuthLayout>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Two-Factor Authentication</h1>
          <CardDescription>
            {recovery
              ? 'Enter one of the recovery codes you saved. Each code works once.'
              : `Enter the ${TWO_FACTOR.codeDigits}-digit code from your authenticator app.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Two-factor authentication">
            <Field id="two-factor-code" label={label}>
              <Input
                id="two-factor-code"
                key={label}
                autoFocus
                inputMode={recovery ? 'text' : 'numeric'}
                autoComplete="one-time-code"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={recovery ? 64 : 12}
                placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </Field>
            <div className="flex items-center gap-2">
              <Checkbox id="trust-device" checked={trustDevice} onCheckedChange={(v) => setTrustDevice(v === true)} />
              <Label htmlFor="trust-device" className="font-normal">
                Trust this device for {TWO_FACTOR.trustDeviceDays} days
              </Label>
            </div>
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? 'Verifying...' : 'Verify'}
            </Button>
          </form>
          <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
            <Button
              type="button"
              variant="link"
              className="h-auto p-0"
              onClick={() => {
                setRecovery(!recovery);
                setCode('');
              }}
            >
              {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
            </Button>
            <Button type="button" variant="link" className="h-auto p-0" onClick={onBack} disabled={busy}>
              Back to sign in
            </Button>
          </div>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
