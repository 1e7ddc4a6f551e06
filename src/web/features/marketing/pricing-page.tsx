import { ChevronDown, CircleCheck, Crown } from 'lucide-react';
import {
  ANNUAL_DISCOUNT,
  BUNDLE_DISCOUNTS,
  CUSTOM_QUOTE_OVER_USERS,
  FREE_TRIAL_DAYS,
  MODULE_PRICES,
  PRICING_MODULES,
  VOLUME_DISCOUNT_OVER_USERS,
  formatPercent,
  formatUsd,
} from '@/shared/pricing';
import { cn } from '@/web/lib/utils';
import { ContactButton } from './contact';
import { MODULES, USER_RANGE } from './content';
import { CallToActionBand } from './cta-band';
import { MarketingLayout } from './marketing-layout';
import { PageHeader } from './page-header';
import { PricingCalculator } from './pricing-calculator';
import { PageHero, Section, SectionHeading } from './section';

const count = (n: number) => n.toLocaleString('en-US');
const annual = formatPercent(ANNUAL_DISCOUNT);
const allFive = BUNDLE_DISCOUNTS[BUNDLE_DISCOUNTS.length - 1]!;

const ENTERPRISE_FEATURES = [
  `Volume discounts for teams over ${count(VOLUME_DISCOUNT_OVER_USERS)} users`,
  `Custom quotes for teams over ${count(CUSTOM_QUOTE_OVER_USERS)} users`,
  'A dedicated success manager from consultation to go-live',
  'Many organizations and entities under one company',
  'Access per product and per entity for every user',
  'Integrations with 100+ tools',
  'Compliance with labour and privacy law',
  `Scales from ${USER_RANGE} users`,
];

const BILLING_TERMS: { term: string; text: string }[] = [
  { term: 'Currency and unit', text: 'Prices are in US dollars, per user, per entity, per month.' },
  {
    term: 'Per entity',
    text: 'A user with access in two entities (business units or locations) counts once in each of them.',
  },
  { term: 'Billing cycle', text: `Pay monthly, or annually and save ${annual}. Annual plans are invoiced once a year.` },
  {
    term: 'Order of discounts',
    text: `The bundle discount applies first; the ${annual} annual discount then applies to the bundled price. They compound: all five modules billed annually cost 64% of list price.`,
  },
  { term: 'Free trial', text: `${FREE_TRIAL_DAYS} days, with no credit card required.` },
  {
    term: 'Large teams',
    text: `Volume discounts over ${count(VOLUME_DISCOUNT_OVER_USERS)} users; custom quotes over ${count(CUSTOM_QUOTE_OVER_USERS)} users.`,
  },
];

const FAQ: { q: string; a: string }[] = [
  {
    q: 'What does “per user per entity per month” mean?',
    a: 'You pay for each user in each entity (a business unit or location) that uses a module. Ten users in two entities on CRM cost 10 × 2 × $5 = $100 a month before discounts.',
  },
  {
    q: 'How do bundle discounts work?',
    a: 'Choose any 3 modules and save 10%, 4 modules and save 15%, or all 5 and save 20%. The discount applies to the whole bill for those modules.',
  },
  {
    q: 'Can I combine the bundle discount with annual billing?',
    a: `Yes. The bundle discount applies first, then the ${annual} annual discount applies to the bundled price. All five modules billed annually come to 64% of list price.`,
  },
  {
    q: 'Is there a free trial?',
    a: `Yes: ${FREE_TRIAL_DAYS} days, and no credit card is needed to start it.`,
  },
  {
    q: `We have more than ${count(VOLUME_DISCOUNT_OVER_USERS)} users. Is there a discount?`,
    a: `Yes. Teams over ${count(VOLUME_DISCOUNT_OVER_USERS)} users qualify for volume discounts, and teams over ${count(CUSTOM_QUOTE_OVER_USERS)} users get a custom quote. Talk to sales to get yours.`,
  },
  {
    q: 'Which modules can I buy?',
    a: 'CRM, ATS, HRMS, Payroll and Projects, in any combination. Three or more earn a bundle discount.',
  },
];

export function PricingPage() {
  return (
    <MarketingLayout header={<PageHeader cta="trial" />}>
      <PageHero
        eyebrow="Simple, per-user pricing"
        title="Pricing"
        intro="Pay only for the modules you use, per user, per entity, per month. Bundle modules and bill annually to save more."
      >
        <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-medium text-slate-700">
          {[`${FREE_TRIAL_DAYS}-day free trial`, 'No credit card required', `Save ${annual} with annual billing`].map((t) => (
            <li key={t} className="flex items-center gap-2">
              <CircleCheck aria-hidden className="size-4 text-emerald-700" />
              {t}
            </li>
          ))}
        </ul>
      </PageHero>

      <Section id="module-prices" labelledBy="module-prices-title">
        <SectionHeading
          id="module-prices-title"
          title="Module prices"
          intro="US dollars per user, per entity, per month. Mix and match any modules."
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {PRICING_MODULES.map((id) => {
            const m = MODULES.find((x) => x.id === id)!;
            return (
              <li key={id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className={cn('flex size-10 items-center justify-center rounded-lg', m.tone)}>
                  <m.icon aria-hidden className="size-5" />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{m.name}</h3>
                <p className="mt-1 flex-1 text-sm text-slate-600">{m.subtitle}</p>
                <p className="mt-5">
                  <span className="text-4xl font-bold tracking-tight text-slate-900">{formatUsd(MODULE_PRICES[id])}</span>
                  <span className="mt-1 block text-sm text-slate-600">per user / entity / month</span>
                </p>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="calculator" labelledBy="calculator-title" className="bg-slate-50">
        <SectionHeading
          id="calculator-title"
          title="Pricing calculator"
          intro="Pick your modules, team size and billing. Bundle discount first, then the annual discount on the bundled price."
        />
        <div className="mt-12">
          <PricingCalculator />
        </div>
      </Section>

      <Section id="discounts" labelledBy="discounts-title">
        <SectionHeading id="discounts-title" title="Bundle discounts" intro="The more modules you bundle, the more you save." />
        <ul className="mx-auto mt-12 grid max-w-5xl gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {BUNDLE_DISCOUNTS.map((tier) => (
            <li
              key={tier.modules}
              className={cn(
                'rounded-2xl border p-6 text-center',
                tier === allFive ? 'border-primary bg-primary text-white' : 'border-slate-200 bg-white',
              )}
            >
              <h3 className={cn('text-sm font-semibold', tier === allFive ? 'text-blue-50' : 'text-slate-600')}>
                {tier === allFive ? 'All 5 modules' : tier.modules === 3 ? 'Any 3 modules' : '4 modules'}
              </h3>
              <p className="mt-2 text-4xl font-bold tracking-tight">{formatPercent(tier.rate)} off</p>
            </li>
          ))}
          <li className="rounded-2xl border border-emerald-300 bg-emerald-50 p-6 text-center">
            <h3 className="text-sm font-semibold text-emerald-900">Annual billing</h3>
            <p className="mt-2 text-4xl font-bold tracking-tight text-emerald-950">{annual} off</p>
          </li>
        </ul>
        <p className="mx-auto mt-6 max-w-2xl text-center text-sm text-slate-600">
          Discounts compound: the bundle discount comes first, then {annual} off the bundled price for annual billing. All five
          modules billed annually: {formatPercent(1 - (1 - allFive.rate) * (1 - ANNUAL_DISCOUNT))} off list price.
        </p>
      </Section>

      <Section id="enterprise" labelledBy="enterprise-title" className="bg-slate-900">
        <div className="grid items-start gap-10 lg:grid-cols-2">
          <div>
            <span className="flex size-12 items-center justify-center rounded-xl bg-white/10 text-amber-300">
              <Crown aria-hidden className="size-6" />
            </span>
            <div className="mt-5">
              <SectionHeading
                id="enterprise-title"
                title="Enterprise"
                intro={`For organizations with more than ${count(VOLUME_DISCOUNT_OVER_USERS)} users, many entities or many countries.`}
                align="left"
                invert
              />
            </div>
            <ContactButton intent="sales" size="lg" className="mt-8 bg-white text-slate-900 hover:bg-slate-100">
              Talk to Sales
            </ContactButton>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {ENTERPRISE_FEATURES.map((f) => (
              <li key={f} className="flex gap-3 rounded-xl bg-white/5 p-4 text-sm leading-6 text-slate-200 ring-1 ring-white/10">
                <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-blue-300" />
                {f}
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <div className="mx-auto grid max-w-7xl gap-16 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
        <section id="billing-terms" aria-labelledby="billing-title" className="scroll-mt-24">
          <SectionHeading id="billing-title" title="Billing terms" align="left" />
          <dl className="mt-8 divide-y divide-slate-200 border-y border-slate-200">
            {BILLING_TERMS.map((t) => (
              <div key={t.term} className="grid gap-1 py-4 sm:grid-cols-[10rem_1fr] sm:gap-4">
                <dt className="text-sm font-semibold text-slate-900">{t.term}</dt>
                <dd className="text-sm leading-6 text-slate-600">{t.text}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section id="faq" aria-labelledby="faq-title" className="scroll-mt-24">
          <SectionHeading id="faq-title" title="Frequently asked questions" align="left" />
          <div className="mt-8 grid gap-3">
            {FAQ.map((item) => (
              <details key={item.q} className="group rounded-xl border border-slate-200 bg-white open:bg-slate-50">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl p-4 text-left font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
                  {item.q}
                  <ChevronDown aria-hidden className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
                </summary>
                <p className="px-4 pb-4 text-sm leading-6 text-slate-600">{item.a}</p>
              </details>
            ))}
          </div>
          <p className="mt-6 text-sm text-slate-600">
            Another question?{' '}
            <ContactButton intent="sales" variant="link" className="h-auto px-0 align-baseline">
              Ask our sales team
            </ContactButton>
          </p>
        </section>
      </div>

      <CallToActionBand title="Try it with your own team" />
    </MarketingLayout>
  );
}
