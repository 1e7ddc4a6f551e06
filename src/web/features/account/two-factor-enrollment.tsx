import { CopyIcon, DownloadIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PRODUCT_NAME } from '@/shared/brand';
import type { TwoFactorSetup } from '@/shared/two-factor';
import { TWO_FACTOR, TWO_FACTOR_MESSAGES } from '@/shared/two-factor-messages';
import { FormAlert } from '@/web/components/admin/form-alert';
import { Button } from '@/web/components/ui/button';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { errorMessage } from '@/web/lib/api';
import { useConfirmTwoFactor, useStartTwoFactorSetup } from './api';

type Step = { name: 'password' } | { name: 'scan'; setup: TwoFactorSetup } | { name: 'codes'; codes: string[] };

/** The recovery codes as a text file the browser saves (no request: the codes exist only here). */
function downloadCodes(codes: string[]) {
  const text = `${PRODUCT_NAME} recovery codes\nEach code signs you in once when you cannot use your authenticator app.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${PRODUCT_NAME.toLowerCase()}-recovery-codes.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Enabling two-factor sign-in, in three steps: the password; the QR code (made by our server) and
 * the secret as text, confirmed with a 6-digit code; the 10 recovery codes, shown once, with a
 * download. `onDone` is called when the codes have been seen.
 */
export function TwoFactorEnrollment({ onDone, onCancel, doneLabel = 'Done' }: { onDone: () => void; onCancel?: () => void; doneLabel?: string }) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setProblem(TWO_FACTOR_MESSAGES.passwordRequired);
    setProblem(null);
    start.mutate(password, {
      onSuccess: (setup) => {
        setPassword('');
        setStep({ name: 'scan', setup });
      },
      onError: (e) => setProblem(errorMessage(e, TWO_FACTOR_MESSAGES.incorrectPassword)),
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/[\s-]/g, '');
    if (!digits) return setProblem(TWO_FACTOR_MESSAGES.codeRequired);
    if (!/^\d{6}$/.test(digits)) return setProblem(TWO_FACTOR_MESSAGES.codeFormat);
    setProblem(null);
    confirm.mutate(digits, {
      onSuccess: ({ recoveryCodes }) => setStep({ name: 'codes', codes: recoveryCodes }),
      onError: (e) => setProblem(errorMessage(e, TWO_FACTOR_MESSAGES.invalidCode)),
    });
  };

  if (step.name === 'password') {
    return (
      <form className="grid gap-4" onSubmit={submitPassword} noValidate aria-label="Confirm your password">
        <p className="text-sm text-muted-foreground">Enter your password to start.</p>
        <FormAlert message={problem} />
        <Field id="two-factor-password" label="Password">
          <PasswordInput id="two-factor-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
        </Field>
        <StepButtons onCancel={onCancel} busy={start.isPending} submit="Continue" submitting="Checking..." />
      </form>
    );
  }

  if (step.name === 'scan') {
    const { setup } = step;
    return (
      <form className="grid gap-4" onSubmit={submitCode} noValidate aria-label="Scan the QR code">
        <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
          <li>Scan this QR code with your authenticator app, or enter the key below.</li>
          <li>Enter the {TWO_FACTOR.codeDigits}-digit code the app shows.</li>
        </ol>
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`}
          alt="QR code for your authenticator app"
          className="mx-auto size-48 rounded-md border bg-white p-2"
        />
        <div className="grid gap-2">
          <p className="text-sm font-medium" id="two-factor-secret-label">
            Setup key
          </p>
          <div className="flex items-center gap-2">
            <code aria-labelledby="two-factor-secret-label" data-testid="two-factor-secret" className="min-w-0 flex-1 break-all rounded-md bg-muted px-3 py-2 font-mono text-sm">
              {setup.secret}
            </code>
            <Button type="button" variant="outline" size="icon" aria-label="Copy setup key" onClick={() => void navigator.clipboard?.writeText(setup.secret)}>
              <CopyIcon aria-hidden />
            </Button>
          </div>
        </div>
        <FormAlert message={problem} />
        <Field id="two-factor-code" label="Verification Code">
          <Input
            id="two-factor-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            placeholder="123456"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </Field>
        <StepButtons onCancel={onCancel} busy={confirm.isPending} submit="Verify and Enable" submitting="Verifying..." />
      </form>
    );
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Two-factor authentication is on. Save these recovery codes somewhere safe: each signs you in once if you lose your authenticator app.{' '}
        <strong>They are shown only now.</strong>
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-muted p-3 font-mono text-sm">
        {step.codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => downloadCodes(step.codes)}>
          <DownloadIcon aria-hidden />
          Download Codes
        </Button>
        <Button type="button" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}

/** A step's buttons: Cancel when the enrollment can be left, and the step's submit; both disabled while it is sent. */
function StepButtons({ onCancel, busy, submit, submitting }: { onCancel?: () => void; busy: boolean; submit: string; submitting: string }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {onCancel ? (
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? submitting : submit}
      </Button>
    </div>
  );
}
