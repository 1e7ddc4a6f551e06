import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Info } from 'lucide-react';
import {
  ANNUAL_DISCOUNT,
  CUSTOM_QUOTE_OVER_USERS,
  FREE_TRIAL_DAYS,
  MAX_PLATFORM_USERS,
  MODULE_LABELS,
  MODULE_PRICES,
  PRICING_MODULES,
  VOLUME_DISCOUNT_OVER_USERS,
  formatPercent,
  formatUsd,
  quote,
  type Billing,
  type PricingModule,
  type Quote,
} from '@/shared/pricing';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/utils';
import { ContactButton } from './contact';

/** Entities a self-serve estimate covers; bigger set-ups talk to sales anyway. */
export const MAX_CALCULATOR_ENTITIES = 1000;

const count = (n: number) => n.toLocaleString('en-US');
const minus = (amount: number) => (amount ? `−${formatUsd(amount)}` : formatUsd(0));

/** A whole number in [1, max] from what was typed, or null. */
function parseCount(raw: string, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : null;
}

export function PricingCalculator() {
  const id = useId();
  const [modules, setModules] = useState<PricingModule[]>(['crm', 'hrms', 'payroll']);
  const [usersRaw, setUsersRaw] = useState('25');
  const [entitiesRaw, setEntitiesRaw] = useState('1');
  const [billing, setBilling] = useState<Billing>('monthly');

  const users = parseCount(usersRaw, MAX_PLATFORM_USERS);
  const entities = parseCount(entitiesRaw, MAX_CALCULATOR_ENTITIES);
  const result = users !== null && entities !== null ? quote({ modules, users, entities, billing }) : null;

  const toggle = (m: PricingModule, on: boolean) =>
    setModules((prev) => (on ? [...prev, m] : prev.filter((x) => x !== m)));

  const usersError = users === null ? `Enter a whole number of users from 1 to ${count(MAX_PLATFORM_USERS)}.` : undefined;
  const entitiesError =
    entities === null ? `Enter a whole number of entities from 1 to ${count(MAX_CALCULATOR_ENTITIES)}.` : undefined;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <form
        aria-label="Pricing calculator"
        className="grid content-start gap-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        onSubmit={(e) => e.preventDefault()}
      >
        <fieldset>
          <legend className="text-base font-semibold text-slate-900">Modules</legend>
          <p className="mt-1 text-sm text-slate-600">Any 3 modules save 10%, 4 save 15%, all 5 save 20%.</p>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            {PRICING_MODULES.map((m) => {
              const inputId = `${id}-module-${m}`;
              const checked = modules.includes(m);
              return (
                <div
                  key={m}
                  className={cn(
                    'flex items-center gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                    checked ? 'border-blue-300 bg-blue-50' : 'border-slate-200',
                  )}
                >
                  <input
                    id={inputId}
                    type="checkbox"
                    className="size-5 shrink-0 accent-primary"
                    checked={checked}
                    onChange={(e) => toggle(m, e.target.checked)}
                    aria-describedby={`${inputId}-price`}
                  />
                  <Label htmlFor={inputId} className="flex-1 cursor-pointer text-base">
                    {MODULE_LABELS[m]}
                  </Label>
                  <span id={`${inputId}-price`} className="text-sm text-slate-600">
                    {formatUsd(MODULE_PRICES[m])} per user
                  </span>
                </div>
              );
            })}
          </div>
        </fieldset>

        <div className="grid gap-6 sm:grid-cols-2">
          <NumberField
            id={`${id}-users`}
            label="Number of users"
            hint="People who will use the modules"
            value={usersRaw}
            onChange={setUsersRaw}
            max={MAX_PLATFORM_USERS}
            error={usersError}
          />
          <NumberField
            id={`${id}-entities`}
            label="Number of entities"
            hint="Business units or locations"
            value={entitiesRaw}
            onChange={setEntitiesRaw}
            max={MAX_CALCULATOR_ENTITIES}
            error={entitiesError}
          />
        </div>

        <fieldset>
          <legend className="text-base font-semibold text-slate-900">Billing</legend>
          <div className="mt-3 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
            {(['monthly', 'annual'] as const).map((b) => (
              <label
                key={b}
                className={cn(
                  'relative flex cursor-pointer items-center justify-center gap-2 rounded-lg px-3 py-2.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  billing === b ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-billing`}
                  value={b}
                  checked={billing === b}
                  onChange={() => setBilling(b)}
                  // Invisible but covering the whole label: clicks and taps land on the radio itself.
                  className="absolute inset-0 cursor-pointer opacity-0"
                />
                {b === 'monthly' ? (
                  'Monthly'
                ) : (
                  <>
                    Annual
                    <span className="whitespace-nowrap rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                      save {formatPercent(ANNUAL_DISCOUNT)}
                    </span>
                  </>
                )}
              </label>
            ))}
          </div>
        </fieldset>
      </form>

      <Estimate result={result} users={users} entities={entities} billing={billing} />
    </div>
  );
}

function NumberField({
  id,
  label,
  hint,
  value,
  onChange,
  max,
  error,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (v: string) => void;
  max: number;
  error?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id} className="text-base font-semibold text-slate-900">
        {label}
      </Label>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Estimate({
  result,
  users,
  entities,
  billing,
}: {
  result: Quote | null;
  users: number | null;
  entities: number | null;
  billing: Billing;
}) {
  const empty = !result || result.modules.length === 0;
  const configuration =
    result && users && entities
      ? `Modules: ${result.modules.map((m) => MODULE_LABELS[m]).join(', ')}\nUsers: ${count(users)}\nEntities: ${count(entities)}\nBilling: ${billing}`
      : undefined;

  return (
    <section
      aria-labelledby="estimate-title"
      className="flex flex-col rounded-2xl bg-slate-900 p-6 text-white shadow-lg sm:p-8 lg:sticky lg:top-24 lg:self-start"
    >
      <h3 id="estimate-title" className="text-lg font-semibold">
        Your estimate
      </h3>
      <div aria-live="polite" aria-atomic="true" className="mt-4">
        {!result ? (
          <p className="text-slate-300">Fix the numbers on the left to see a price.</p>
        ) : empty ? (
          <p className="text-slate-300">Choose at least one module to see a price.</p>
        ) : (
          <p>
            <span data-testid="quote-total" className="text-4xl font-bold tracking-tight sm:text-5xl">
              {formatUsd(result.totalPerMonth)}
            </span>{' '}
            <span className="text-slate-300">per month</span>
            {result.totalPerYear !== null ? (
              <span className="mt-1 block text-sm text-slate-300">
                Billed annually: <span data-testid="quote-year">{formatUsd(result.totalPerYear)}</span> per year
              </span>
            ) : null}
          </p>
        )}
      </div>

      {result && !empty ? (
        <dl className="mt-6 grid gap-3 border-t border-white/15 pt-6 text-sm">
          <Row
            label="List price"
            detail={`${formatUsd(result.pricePerUserPerEntity)} × ${count(users ?? 0)} ${users === 1 ? 'user' : 'users'} × ${count(entities ?? 0)} ${entities === 1 ? 'entity' : 'entities'}`}
            value={formatUsd(result.subtotal)}
            testId="quote-subtotal"
          />
          <Row
            label={`Bundle discount (${formatPercent(result.bundleDiscountRate)})`}
            detail={result.bundleDiscountRate ? `${result.modules.length} modules` : 'Choose 3 or more modules'}
            value={minus(result.bundleDiscount)}
            testId="quote-bundle"
          />
          <Row
            label={`Annual billing (${formatPercent(result.annualDiscountRate)})`}
            detail={billing === 'annual' ? 'On the bundled price' : `Switch to annual to save ${formatPercent(ANNUAL_DISCOUNT)}`}
            value={minus(result.annualDiscount)}
            testId="quote-annual"
          />
          <div className="flex items-baseline justify-between gap-4 border-t border-white/15 pt-3 text-base font-semibold">
            <dt>Total per month</dt>
            <dd>{formatUsd(result.totalPerMonth)}</dd>
          </div>
        </dl>
      ) : null}

      {result?.customQuote ? (
        <div role="note" className="mt-6 rounded-xl bg-amber-100 p-4 text-sm text-amber-950">
          <p className="font-semibold">Over {count(CUSTOM_QUOTE_OVER_USERS)} users? You get a custom quote.</p>
          <p className="mt-1">The figure above uses list prices; tell us about your organization and we will price it for you.</p>
          <ContactButton intent="quote" message={configuration} size="sm" className="mt-3 bg-amber-950 text-white hover:bg-amber-900">
            Request a custom quote
          </ContactButton>
        </div>
      ) : result?.volumeDiscount ? (
        <div role="note" className="mt-6 flex gap-3 rounded-xl bg-blue-100 p-4 text-sm text-blue-950">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-semibold">Teams over {count(VOLUME_DISCOUNT_OVER_USERS)} users qualify for volume discounts.</p>
            <ContactButton intent="sales" message={configuration} size="sm" variant="link" className="h-auto px-0 text-blue-950 underline">
              Talk to Sales about your discount
            </ContactButton>
          </div>
        </div>
      ) : null}

      <div className="mt-auto pt-6">
        <Button asChild size="lg" className="w-full bg-white text-slate-900 hover:bg-slate-100">
          <Link to="/signup">Start Free Trial</Link>
        </Button>
        <p className="mt-2 text-center text-xs text-slate-300">{FREE_TRIAL_DAYS}-day free trial. No credit card required.</p>
      </div>
    </section>
  );
}

function Row({ label, detail, value, testId }: { label: string; detail: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt>
        <span className="text-white">{label}</span>
        <span className="block text-xs text-slate-400">{detail}</span>
      </dt>
      <dd data-testid={testId} className="tabular-nums">
        {value}
      </dd>
    </div>
  );
}
