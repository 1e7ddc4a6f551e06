import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from '@/web/lib/toast';
import { AUTH_MESSAGES } from '@/shared/auth-messages';
import { PRODUCT_NAME } from '@/shared/brand';
import { REDIRECT_AFTER_SIGNIN_MS } from '@/shared/timing';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { PasswordInput } from '@/web/components/ui/password-input';
import { errorMessage } from '@/web/lib/api';
import { useSession } from '@/web/lib/session';
import { useSignIn } from './api';
import { AuthLayout } from './auth-layout';

export function LoginPage() {
  const session = useSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  // Already signed in when the page loads: straight to the products hub.
  if (session.data && !signIn.isSuccess) return <Navigate to="/products" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast.error('Error', { description: AUTH_MESSAGES.fillAllFields });
      return;
    }
    signIn.mutate(
      { email, password },
      {
        onSuccess: () => {
          toast.success('Success!', { description: 'Logged in successfully' });
          setTimeout(() => navigate('/products', { replace: true }), REDIRECT_AFTER_SIGNIN_MS);
        },
        onError: (e) => toast.error('Login Failed', { description: errorMessage(e, 'Sign-in failed') }),
      },
    );
  };

  const busy = signIn.isPending || signIn.isSuccess;
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
          <p className="mt-6 text-center text-sm text-muted-foreground">
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
