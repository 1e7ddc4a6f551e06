import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { CompanySecurity } from '@/shared/two-factor';
import { TWO_FACTOR_MESSAGES } from '@/shared/two-factor-messages';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';
import { api, errorMessage } from '@/web/lib/api';
import { useCurrentUser } from '@/web/lib/session';
import { toast } from '@/web/lib/toast';

const securityKey = ['company', 'security'] as const;

/**
 * /settings: whether every super admin of the company must use two-factor authentication. Those
 * without it are taken to its setup at their next request. Turning it on needs your own.
 */
export function TwoFactorRequirement() {
  const user = useCurrentUser();
  const qc = useQueryClient();
  const security = useQuery({ queryKey: securityKey, queryFn: () => api.get<CompanySecurity>('/company/security') });
  const update = useMutation({
    mutationFn: (input: CompanySecurity) => api.patch<CompanySecurity>('/company/security', null, input),
    onSuccess: (data) => qc.setQueryData(securityKey, data),
  });
  const checked = update.isPending ? (update.variables?.requireSuperAdminTwoFactor ?? false) : (security.data?.requireSuperAdminTwoFactor ?? false);
  const ownMissing = !user.twoFactorEnabled && !checked;

  return (
    <section aria-labelledby="security-settings-title" className="rounded-lg border bg-card p-4 shadow-sm sm:p-6">
      <div className="flex items-start gap-4">
        <ShieldCheckIcon className="size-8 shrink-0 text-primary" aria-hidden />
        <div className="grid gap-3">
          <h2 id="security-settings-title" className="text-xl font-semibold leading-none tracking-tight">
            Security
          </h2>
          {security.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(security.error, TWO_FACTOR_MESSAGES.loadFailed)}
            </p>
          ) : (
            <div className="flex items-start gap-3">
              <Checkbox
                id="require-two-factor"
                className="mt-0.5"
                checked={checked}
                disabled={security.isPending || update.isPending || ownMissing}
                aria-describedby="require-two-factor-help"
                onCheckedChange={(value) =>
                  update.mutate(
                    { requireSuperAdminTwoFactor: value === true },
                    {
                      onSuccess: (data) =>
                        toast.success('Success', {
                          description: data.requireSuperAdminTwoFactor ? TWO_FACTOR_MESSAGES.requirementOn : TWO_FACTOR_MESSAGES.requirementOff,
                        }),
                      onError: (e) => toast.error('Error', { description: errorMessage(e, TWO_FACTOR_MESSAGES.loadFailed) }),
                    },
                  )
                }
              />
              <div className="grid gap-1">
                <Label htmlFor="require-two-factor">Require two-factor authentication for super admins</Label>
                <p id="require-two-factor-help" className="text-sm text-muted-foreground">
                  Super admins without it are taken to set it up right after signing in, and can use nothing else until they do.
                  {ownMissing ? (
                    <>
                      {' '}
                      {TWO_FACTOR_MESSAGES.ownTwoFactorFirst}:{' '}
                      <Link to="/account/security" className="font-medium text-primary underline-offset-4 hover:underline">
                        Account Security
                      </Link>
                      .
                    </>
                  ) : null}
                </p>
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
