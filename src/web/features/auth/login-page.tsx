import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from '@/web/lib/toast';
import { AUTH_MESSAGES } from '@/shared/auth-messages';
import { PRODUCT_NAME } from '@/shared/brand';
import { REDIRECT_AFTER_SIGNIN_MS } from '@/shared/timing';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { PageState } from '@/web/components/ui/page-state';
import { PasswordInput } from '@/web/components/ui/password-input';
import { errorMessage } from '@/web/lib/api';
import { useSession } from '@/web/lib/session';
import type { SessionUser } from '@/shared/auth';
import { useSignIn } from './api';
import { AuthLayout } from './auth-layout';

// Only a sign-in with two-factor authentication on needs it: its own chunk.
const TwoFactorStep = lazy(async () => ({ default: (await import('./two-factor-step')).TwoFactorStep }));

/** Where a new session goes: the products hub, or the setup its company requires first. */
export const homeOf = (user: SessionUser) => (user.twoFactorSetupRequired ? '/two-factor-setup' : '/products');

export function LoginPage() {
  const session = useSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [codeStep, setCodeStep] = useState(false);
  const [signedIn, setSignedIn] = useState(false);

  // Already signed in when the page loads: straight to the products hub.
  if (session.data && !signIn.isSuccess && !signedIn && !codeStep) return <Navigate to={homeOf(session.data)} replace />;

  const welcome = (user: SessionUser) => {
    setSignedIn(true);
    toast.success('Success!', { description: 'Logged in successfully' });
    setTimeout(() => navigate(homeOf(user), { replace: true }), REDIRECT_AFTER_SIGNIN_MS);
  };

  if (codeStep) {
    return (
      <Suspense fallback={<PageState>Loading...</PageState>}>
        <TwoFactorStep
          onSignedIn={welcome}
          onBack={() => {
            setCodeStep(false);
            setPassword('');
            signIn.reset();
          }}
        />
      </Suspense>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast.error('Error', { description: AUTH_MESSAGES.fillAllFields });
      return;
    }
    signIn.mutate(
      { email, password },
      {
        onSuccess: (result) => {
          if ('user' in result) welcome(result.user);
          else setCodeStep(true);
        },
        onError: (e) => toast.error('Login Failed', { description: errorMessage(e, 'Sign-in failed') }),
      },
    );
  };

  const busy = signIn.isPending || signedIn;
  return (
    <AuthLayout>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">{PRODUCT_NAME} Hub</h1>
          <CardDescription>Sign in to access your products</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Sign in">
            <Field id="email" label="Email">
              <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field>
            <Field id="password" label="Password">
              <PasswordInput
                id="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
          <p className="mt-4 text-center text-sm">
            <Link to="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
              Forgot password?
            </Link>
          </p>
          <p className="mt-4 text-center text-sm text-muted-foreground">
            Don&apos;t have an account?{' '}
            <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
              Sign up
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
