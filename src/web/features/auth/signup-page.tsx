import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from '@/web/lib/toast';
import { AUTH_MESSAGES, signUpAccount, signUpCompany, type SignUpForm } from '@/shared/auth';
import { COUNTRIES } from '@/shared/countries';
import type { Product } from '@/shared/products';
import { REDIRECT_AFTER_SIGNUP_MS } from '@/shared/timing';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { PasswordInput } from '@/web/components/ui/password-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { errorMessage } from '@/web/lib/api';
import { cn } from '@/web/lib/utils';
import { catalogueQuery } from '../products/api';
import { useSession } from '@/web/lib/session';
import { useSignUp } from './api';
import { AuthLayout } from './auth-layout';

const EMPTY: SignUpForm = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  companyName: '',
  organizationName: '',
  entityName: '',
  country: '',
  selectedProducts: [],
};

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? AUTH_MESSAGES.fillAllFields);

export function SignupPage() {
  const session = useSession();
  const signUp = useSignUp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<1 | 2>(1);
  const [form, setForm] = useState<SignUpForm>(EMPTY);
  const [products, setProducts] = useState<Product[] | null>(null);
  const [loadingProducts, setLoadingProducts] = useState(false);

  if (session.data && !signUp.isSuccess) return <Navigate to="/products" replace />;

  const set = <K extends keyof SignUpForm>(key: K, value: SignUpForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const loadProducts = async () => {
    setLoadingProducts(true);
    try {
      setProducts(await queryClient.fetchQuery(catalogueQuery));
    } catch (e) {
      setProducts([]);
      toast.error('Error', { description: `Failed to load products: ${errorMessage(e, 'unknown error')}` });
    } finally {
      setLoadingProducts(false);
    }
  };

  const onNext = (event: FormEvent) => {
    event.preventDefault();
    const issue = firstIssue(signUpAccount.safeParse(form));
    if (issue) {
      toast.error('Error', { description: issue });
      return;
    }
    // Step 1's errors are about fields no longer on screen: they go with it.
    toast.dismiss();
    setStep(2);
    if (!products?.length) void loadProducts();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const issue = firstIssue(signUpCompany.safeParse(form));
    if (issue) {
      toast.error('Error', { description: issue });
      return;
    }
    signUp.mutate(form, {
      onSuccess: () => {
        toast.success('Success!', { description: 'Account created successfully. Redirecting to products page...' });
        setTimeout(() => navigate('/products', { replace: true }), REDIRECT_AFTER_SIGNUP_MS);
      },
      onError: (e) => toast.error('Sign Up Failed', { description: errorMessage(e, 'An unexpected error occurred') }),
    });
  };

  const toggleProduct = (id: string, checked: boolean) =>
    set('selectedProducts', checked ? [...form.selectedProducts, id] : form.selectedProducts.filter((p) => p !== id));

  const busy = signUp.isPending || signUp.isSuccess;
  return (
    <AuthLayout>
      <Card className="w-full max-w-lg">
        <CardHeader className="text-center">
          <StepDots step={step} />
          <h1 className="text-2xl font-semibold tracking-tight">{step === 1 ? 'Create Account' : 'Company Setup'}</h1>
          <CardDescription>{step === 1 ? 'Enter your personal details' : 'Set up your organization and select products'}</CardDescription>
        </CardHeader>
        <CardContent>
          {step === 1 ? (
            <form className="grid gap-4" onSubmit={onNext} noValidate aria-label="Create Account">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="firstName" label="First Name">
                  <Input id="firstName" autoComplete="given-name" value={form.firstName} onChange={(e) => set('firstName', e.target.value)} />
                </Field>
                <Field id="lastName" label="Last Name">
                  <Input id="lastName" autoComplete="family-name" value={form.lastName} onChange={(e) => set('lastName', e.target.value)} />
                </Field>
              </div>
              <Field id="email" label="Email">
                <Input id="email" type="email" autoComplete="email" value={form.email} onChange={(e) => set('email', e.target.value)} />
              </Field>
              <Field id="password" label="Password">
                <PasswordInput id="password" autoComplete="new-password" value={form.password} onChange={(e) => set('password', e.target.value)} />
              </Field>
              <Field id="confirmPassword" label="Confirm Password">
                <PasswordInput
                  id="confirmPassword"
                  autoComplete="new-password"
                  value={form.confirmPassword}
                  onChange={(e) => set('confirmPassword', e.target.value)}
                />
              </Field>
              <Button type="submit" className="w-full">
                Next
              </Button>
            </form>
          ) : (
            <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Company Setup">
              <Field id="companyName" label="Company Name">
                <Input id="companyName" autoComplete="organization" value={form.companyName} onChange={(e) => set('companyName', e.target.value)} />
              </Field>
              <Field id="organizationName" label="Organization Name">
                <Input id="organizationName" value={form.organizationName} onChange={(e) => set('organizationName', e.target.value)} />
              </Field>
              <Field id="entityName" label="Entity Name">
                <Input id="entityName" value={form.entityName} onChange={(e) => set('entityName', e.target.value)} />
              </Field>
              <Field id="country" label="Country">
                <Select value={form.country} onValueChange={(v) => set('country', v)}>
                  <SelectTrigger id="country">
                    <SelectValue placeholder="Select a country" />
                  </SelectTrigger>
                  <SelectContent>
                    {COUNTRIES.map((c) => (
                      <SelectItem key={c} value={c}>
                        {c}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
              <fieldset className="grid gap-3">
                <legend className="mb-2 text-sm font-medium">Select Products</legend>
                {loadingProducts ? (
                  <p role="status" className="text-sm text-muted-foreground">
                    Loading products...
                  </p>
                ) : products && products.length === 0 ? (
                  <div className="grid gap-2 rounded-md border border-dashed p-4 text-center text-sm">
                    <p>No products available. Please try again.</p>
                    <Button variant="outline" onClick={() => void loadProducts()}>
                      Retry Loading Products
                    </Button>
                  </div>
                ) : (
                  products?.map((p) => (
                    <div key={p.id} className="flex items-start gap-3 rounded-md border p-3">
                      <Checkbox
                        id={`product-${p.id}`}
                        checked={form.selectedProducts.includes(p.id)}
                        onCheckedChange={(checked) => toggleProduct(p.id, checked === true)}
                        className="mt-0.5"
                      />
                      <Label htmlFor={`product-${p.id}`} className="grid gap-1 font-normal">
                        <span className="font-medium">{p.name}</span>
                        {p.description ? <span className="text-muted-foreground">{p.description}</span> : null}
                      </Label>
                    </div>
                  ))
                )}
              </fieldset>
              <div className="flex gap-3">
                <Button variant="outline" className="flex-1" onClick={() => setStep(1)} disabled={busy}>
                  Back
                </Button>
                <Button type="submit" className="flex-1" disabled={busy || loadingProducts}>
                  {busy ? 'Processing...' : 'Create Account'}
                </Button>
              </div>
            </form>
          )}
          <p className="mt-6 text-center text-sm text-muted-foreground">
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Already have an account? Sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}

function StepDots({ step }: { step: 1 | 2 }) {
  return (
    <div className="mb-2 flex justify-center gap-2" role="img" aria-label={`Step ${step} of 2`}>
      {[1, 2].map((n) => (
        <span key={n} className={cn('size-2.5 rounded-full', n <= step ? 'bg-primary' : 'bg-slate-300')} />
      ))}
    </div>
  );
}
