import { useQueryClient } from '@tanstack/react-query';
import { LogOutIcon } from 'lucide-react';
import { Navigate, useNavigate } from 'react-router';
import { TWO_FACTOR_MESSAGES } from '@/shared/two-factor-messages';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { PRODUCT_NAME } from '@/shared/brand';
import { sessionKey, useCurrentUser, useLogout } from '@/web/lib/session';
import { toast } from '@/web/lib/toast';
import { TwoFactorEnrollment } from './two-factor-enrollment';

/**
 * Where a super admin goes, right after signing in, when their company requires two-factor
 * authentication they have not set up: nothing else opens until they do (the server refuses
 * every other route too).
 */
export function TwoFactorSetupPage() {
  const user = useCurrentUser();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { logout, isPending } = useLogout();
  if (!user.twoFactorSetupRequired && !user.twoFactorEnabled) return <Navigate to="/account/security" replace />;
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-slate-50 to-blue-50">
      <header className="px-4 py-4 sm:px-8">
        <span className="text-lg font-bold text-primary">{PRODUCT_NAME}</span>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center">
        <Card className="w-full max-w-lg">
          <CardHeader>
            <h1 className="text-2xl font-semibold tracking-tight">Set Up Two-Factor Authentication</h1>
            <CardDescription>{TWO_FACTOR_MESSAGES.setupRequired}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <TwoFactorEnrollment
              doneLabel="Continue"
              onDone={async () => {
                toast.success('Success', { description: TWO_FACTOR_MESSAGES.enabled });
                await qc.invalidateQueries({ queryKey: sessionKey });
                await navigate('/products', { replace: true });
              }}
            />
            <div className="border-t pt-4 text-sm text-muted-foreground">
              <Button variant="outline" size="sm" onClick={logout} disabled={isPending}>
                <LogOutIcon aria-hidden />
                Logout
              </Button>
            </div>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
