import { Link } from 'react-router';
import { ArrowRight, Blocks, CircleCheck, Quote } from 'lucide-react';
import { PRODUCT_NAME } from '@/shared/brand';
import { FREE_TRIAL_DAYS, formatUsd } from '@/shared/pricing';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';
import { ContactButton } from './contact';
import {
  ADVANTAGES,
  CLIENT_QUOTES,
  INTEGRATION_CATEGORIES,
  MODULES,
  STATS,
  STEPS,
  TESTIMONIALS,
  USER_RANGE,
  moduleStartingPrice,
  type MarketingModule,
  type Person,
} from './content';
import { MarketingLayout } from './marketing-layout';
import { Avatar, CheckList, Section, SectionHeading, type Heading } from './section';
import { SiteHeader } from './site-header';

/** The headings of the landing page's sections, in the page's order. */
const HEADINGS = {
  offer: {
    id: 'what-we-offer-title',
    eyebrow: 'Five modules',
    title: 'What We Offer',
    intro: 'Everything you need to hire, manage, pay and grow your teams, and to win and deliver work for your customers.',
  },
  testimonials: {
    id: 'testimonials-title',
    eyebrow: 'Testimonials',
    title: 'Loved by the teams who use it every day',
    intro: 'People teams, finance teams and operations leaders on what changed when they moved to one platform.',
  },
  numbers: { id: 'numbers-title', eyebrow: 'The numbers', title: `${PRODUCT_NAME} by the numbers`, invert: true },
  platform: {
    id: 'platform-title',
    eyebrow: 'Platform modules',
    title: 'Start with one module. Add the rest when you are ready.',
    intro: 'Every module is priced per user, per entity, per month. Bundle three or more and the discount grows.',
  },
  advantages: {
    id: 'advantages-title',
    eyebrow: 'Advantages',
    title: `Why companies choose ${PRODUCT_NAME}`,
    intro: 'Built for enterprises and growing companies that have outgrown a patchwork of tools.',
  },
  integrations: {
    id: 'integrations-title',
    eyebrow: 'Integrations',
    title: 'Works with the 100+ tools you already use',
    intro: 'Keep your accounting, banking, calendars and chat. WorkSphere connects to them, so data flows both ways and nobody copies it by hand.',
    align: 'left',
  },
  steps: {
    id: 'steps-title',
    eyebrow: 'How it works',
    title: 'Up and running in 3 easy steps',
    intro: 'Your dedicated success manager guides you from the first call to go-live.',
  },
  stories: { id: 'stories-title', eyebrow: 'Customer stories', title: 'What our clients say', intro: 'From single-office teams to multi-country enterprises.' },
} satisfies Record<string, Heading>;

/** Spec §2 landing page: its sections in the spec's order. */
export function LandingPage() {
  return (
    <MarketingLayout header={<SiteHeader />}>
      <Hero />
      <WhatWeOffer />
      <Testimonials />
      <Numbers />
      <PlatformModules />
      <Advantages />
      <Integrations />
      <EasySteps />
      <ClientQuotes />
      <FinalCallToAction />
    </MarketingLayout>
  );
}

function Hero() {
  return (
    <div className="relative overflow-hidden bg-linear-to-b from-blue-50 via-white to-white">
      <div aria-hidden className="pointer-events-none absolute -right-40 -top-40 size-[40rem] rounded-full bg-blue-200/40 blur-3xl" />
      <div aria-hidden className="pointer-events-none absolute -left-40 top-40 size-[28rem] rounded-full bg-indigo-100/60 blur-3xl" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pb-16 pt-14 sm:px-6 sm:pb-24 sm:pt-20 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-blue-200 bg-white px-3 py-1 text-sm font-medium text-blue-800">
            <Blocks aria-hidden className="size-4" />
            The all-in-one business suite
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl xl:text-6xl">
            Your people, payroll, pipeline and projects. <span className="text-primary">One platform.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
            {PRODUCT_NAME} brings HR management, domestic and international payroll, sales CRM, applicant tracking and project
            management together for enterprises and growing companies, with one dashboard and one login.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ContactButton intent="demo" size="lg">
              Get a Demo
              <ArrowRight aria-hidden />
            </ContactButton>
            <ContactButton intent="sales" size="lg" variant="outline">
              Talk to Sales
            </ContactButton>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            {[`${FREE_TRIAL_DAYS}-day free trial`, 'No credit card required', `${USER_RANGE} users`].map((t) => (
              <li key={t} className="flex items-center gap-2">
                <CircleCheck aria-hidden className="size-4 text-emerald-700" />
                {t}
              </li>
            ))}
          </ul>
        </div>
        <ProductPreview />
      </div>
    </div>
  );
}

/** A drawing of the suite's dashboard: decoration only, so hidden from assistive technology. */
function ProductPreview() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-xl">
      <div className="rounded-2xl border border-slate-200 bg-white p-2 shadow-2xl shadow-blue-900/10">
        <div className="flex items-center gap-1.5 border-b border-slate-100 px-3 py-2">
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="ml-3 h-4 flex-1 rounded bg-slate-100" />
        </div>
        <div className="flex gap-3 p-3">
          <div className="hidden w-32 shrink-0 flex-col gap-1 sm:flex">
            {MODULES.map((m, i) => (
              <div key={m.id} className={cn('flex items-center gap-2 rounded-md px-2 py-1.5 text-xs font-medium', i === 0 ? 'bg-blue-50 text-blue-800' : 'text-slate-600')}>
                <m.icon className="size-3.5" />
                {m.id === 'projects' ? 'Projects' : m.name}
              </div>
            ))}
          </div>
          <div className="min-w-0 flex-1 space-y-3">
            <div className="grid grid-cols-3 gap-2">
              {MODULES.slice(0, 3).map((m) => (
                <div key={m.id} className="rounded-lg border border-slate-100 p-2.5">
                  <span className={cn('flex size-7 items-center justify-center rounded-md', m.tone)}>
                    <m.icon className="size-4" />
                  </span>
                  <div className="mt-2 h-2 w-3/4 rounded bg-slate-200" />
                  <div className="mt-1.5 h-2 w-1/2 rounded bg-slate-100" />
                </div>
              ))}
            </div>
            <div className="rounded-lg border border-slate-100 p-3">
              <div className="h-2 w-1/3 rounded bg-slate-200" />
              <div className="mt-3 flex h-24 items-end gap-1.5">
                {[40, 65, 50, 80, 60, 90, 75, 95, 70, 85].map((h, i) => (
                  <div key={i} className="flex-1 rounded-t bg-linear-to-t from-blue-600 to-blue-400" style={{ height: `${h}%` }} />
                ))}
              </div>
            </div>
            <div className="space-y-2 rounded-lg border border-slate-100 p-3">
              {[0, 1, 2].map((row) => (
                <div key={row} className="flex items-center gap-2">
                  <span className="size-6 rounded-full bg-slate-100" />
                  <span className="h-2 flex-1 rounded bg-slate-100" />
                  <span className={cn('h-4 w-12 rounded-full', row === 1 ? 'bg-amber-100' : 'bg-emerald-100')} />
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

function ModuleCard({ module: m }: { module: MarketingModule }) {
  const headingId = `offer-${m.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      <span className={cn('flex size-11 items-center justify-center rounded-xl', m.tone)}>
        <m.icon aria-hidden className="size-5" />
      </span>
      <h3 id={headingId} className="mt-5 text-xl font-semibold text-slate-900">
        {m.name}
      </h3>
      <p className="mt-1 text-sm font-medium text-slate-600">{m.subtitle}</p>
      <CheckList items={m.features} className="mt-5" />
      <div className="mt-auto pt-6">
        <p className="border-t border-slate-100 pt-4 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">Ideal for:</span> {m.idealFor}
        </p>
      </div>
    </article>
  );
}

function WhatWeOffer() {
  return (
    <Section id="what-we-offer" heading={HEADINGS.offer}>
      <div className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {MODULES.map((m) => (
          <ModuleCard key={m.id} module={m} />
        ))}
        <aside
          aria-labelledby="unified-title"
          className="flex flex-col justify-between rounded-2xl bg-linear-to-br from-blue-700 to-indigo-800 p-6 text-white shadow-sm"
        >
          <div>
            <span className="flex size-11 items-center justify-center rounded-xl bg-white/15">
              <Blocks aria-hidden className="size-5" />
            </span>
            <h3 id="unified-title" className="mt-5 text-xl font-semibold">
              One unified platform
            </h3>
            <p className="mt-3 text-sm leading-6 text-blue-50">
              All five modules share one employee record, one login and one dashboard. A new hire in ATS becomes an employee in
              HRMS and is paid in Payroll without anyone typing their details twice.
            </p>
          </div>
          <Link
            to="/what-we-offer"
            className="mt-6 inline-flex items-center gap-2 self-start rounded-md bg-white px-4 py-2 text-sm font-semibold text-blue-800 hover:bg-blue-50"
          >
            Explore all features
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </aside>
      </div>
    </Section>
  );
}

function PersonCard({ person, variant }: { person: Person; variant: 'testimonial' | 'client' }) {
  return (
    <figure
      className={cn(
        'flex h-full flex-col rounded-2xl p-6 sm:p-8',
        variant === 'testimonial' ? 'border border-slate-200 bg-white shadow-sm' : 'bg-slate-50 ring-1 ring-slate-200',
      )}
    >
      {variant === 'client' ? <Quote aria-hidden className="size-8 text-blue-300" /> : null}
      <blockquote className={cn('flex-1 leading-7 text-slate-700', variant === 'client' ? 'mt-4 text-lg' : 'text-base')}>
        <p>“{person.quote}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <Avatar name={person.name} />
        <div className="text-sm">
          <div className="font-semibold text-slate-900">{person.name}</div>
          <div className="text-slate-600">
            {person.role}, {person.company}
          </div>
        </div>
      </figcaption>
    </figure>
  );
}

/** A section of quotes from people: the testimonials and the customer stories. */
function QuoteSection({
  id,
  heading,
  people,
  variant,
  className,
}: {
  id?: string;
  heading: Heading;
  people: Person[];
  variant: 'testimonial' | 'client';
  className?: string;
}) {
  return (
    <Section id={id} heading={heading} className={className}>
      <ul className="mt-12 grid gap-6 lg:grid-cols-3">
        {people.map((p) => (
          <li key={p.name}>
            <PersonCard person={p} variant={variant} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Testimonials() {
  return <QuoteSection heading={HEADINGS.testimonials} people={TESTIMONIALS} variant="testimonial" className="bg-slate-50" />;
}

function Numbers() {
  return (
    <Section heading={HEADINGS.numbers} className="bg-slate-900">
      <dl className="mt-12 grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-3">
        {STATS.map((s) => (
          <div key={s.label} className="flex flex-col-reverse justify-end border-l-2 border-blue-500 pl-4 sm:pl-6">
            <dt className="mt-1 text-sm text-slate-300 sm:text-base">{s.label}</dt>
            <dd className="text-2xl font-bold tracking-tight text-white sm:text-4xl">{s.value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function PlatformModules() {
  return (
    <Section heading={HEADINGS.platform}>
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {MODULES.map((m) => (
          <li key={m.id} className="flex flex-col rounded-2xl border border-slate-200 p-5">
            <span className={cn('flex size-10 items-center justify-center rounded-lg', m.tone)}>
              <m.icon aria-hidden className="size-5" />
            </span>
            <h3 className="mt-4 font-semibold text-slate-900">{m.name}</h3>
            <p className="mt-1 flex-1 text-sm text-slate-600">{m.subtitle}</p>
            <p className="mt-4 text-sm text-slate-600">
              <span className="text-2xl font-bold text-slate-900">{formatUsd(moduleStartingPrice(m))}</span> per user / entity /
              month
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <Button asChild variant="outline" size="lg">
          <Link to="/pricing">
            See pricing and bundle discounts
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </Section>
  );
}

function Advantages() {
  return (
    <Section heading={HEADINGS.advantages} className="bg-slate-50">
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {ADVANTAGES.map((a) => (
          <li key={a.title} className="rounded-2xl border border-slate-200 bg-white p-6">
            <span className="flex size-10 items-center justify-center rounded-lg bg-blue-100 text-blue-800">
              <a.icon aria-hidden className="size-5" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{a.title}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-600">{a.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Integrations() {
  return (
    <Section id="integrations" labelledBy="integrations-title">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading {...HEADINGS.integrations} />
          <ContactButton intent="sales" variant="link" className="mt-4 h-auto px-0 text-base">
            Ask about an integration
            <ArrowRight aria-hidden />
          </ContactButton>
        </div>
        <ul className="flex flex-wrap gap-3" aria-label="Kinds of tools we integrate with">
          {INTEGRATION_CATEGORIES.map((c) => (
            <li key={c} className="rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm">
              {c}
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

function EasySteps() {
  return (
    <Section heading={HEADINGS.steps} className="bg-slate-50">
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {STEPS.map((s, i) => (
          <li key={s.title} className="relative rounded-2xl border border-slate-200 bg-white p-6">
            <div className="flex items-center gap-4">
              <span className="flex size-10 items-center justify-center rounded-full bg-primary text-base font-bold text-white">
                {i + 1}
              </span>
              <s.icon aria-hidden className="size-6 text-slate-500" />
            </div>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{s.title}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-600">{s.text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex justify-center">
        <Button asChild size="lg">
          <Link to="/signup">
            Get Started
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </Section>
  );
}

function ClientQuotes() {
  return <QuoteSection id="customer-stories" heading={HEADINGS.stories} people={CLIENT_QUOTES} variant="client" />;
}

function FinalCallToAction() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
      <div className="relative mx-auto max-w-7xl overflow-hidden rounded-3xl bg-linear-to-br from-blue-700 via-blue-800 to-indigo-900 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-20">
        <div aria-hidden className="pointer-events-none absolute -right-20 -top-20 size-80 rounded-full bg-white/10 blur-2xl" />
        <h2 id="cta-title" className="relative text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Ready to bring your whole business onto one platform?
        </h2>
        <p className="relative mx-auto mt-4 max-w-2xl text-lg leading-8 text-blue-50">
          Start a {FREE_TRIAL_DAYS}-day free trial with no credit card, or talk to us about your rollout.
        </p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ContactButton intent="demo" size="lg" className="bg-white text-blue-800 hover:bg-blue-50">
            Book a Demo
          </ContactButton>
          <ContactButton intent="sales" size="lg" variant="outline" className="border-white/70 bg-transparent text-white hover:bg-white/10 hover:text-white">
            Talk to Sales
          </ContactButton>
          <Button asChild size="lg" className="bg-slate-950 text-white hover:bg-slate-900">
            <Link to="/signup">Sign Up Now</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
