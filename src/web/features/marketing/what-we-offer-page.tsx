import { Link } from 'react-router';
import { ArrowRight, Blocks } from 'lucide-react';
import { PRODUCT_NAME } from '@/shared/brand';
import { formatUsd } from '@/shared/pricing';
import { cn } from '@/web/lib/utils';
import { MODULES, moduleStartingPrice, type MarketingModule } from './content';
import { CallToActionBand } from './cta-band';
import { MarketingLayout } from './marketing-layout';
import { CheckList, PageHero } from './section';
import { PageHeader } from './page-header';

/** Spec §2: the five modules with their features, benefits and ideal audience. */
export function WhatWeOfferPage() {
  return (
    <MarketingLayout header={<PageHeader cta="demo" />}>
      <PageHero
        eyebrow="Five modules, one platform"
        title="What We Offer"
        intro={`${PRODUCT_NAME} covers the whole employee and customer lifecycle: hire with ATS, manage with HRMS, pay with Payroll, sell with CRM and deliver with Project Management.`}
      >
        <nav aria-label="Modules on this page" className="mt-8">
          <ul className="flex flex-wrap justify-center gap-2">
            {MODULES.map((m) => (
              <li key={m.id}>
                <a
                  href={`#${m.id}`}
                  className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm hover:border-blue-300 hover:text-blue-800"
                >
                  <m.icon aria-hidden className="size-4" />
                  {m.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>

      {MODULES.map((m, i) => (
        <ModuleSection key={m.id} module={m} shaded={i % 2 === 1} />
      ))}

      <section aria-labelledby="unified-title" className="px-4 pb-16 sm:px-6 sm:pb-20 lg:px-8">
        <div className="mx-auto grid max-w-7xl items-center gap-8 rounded-3xl bg-slate-900 p-8 sm:p-12 lg:grid-cols-[1fr_auto]">
          <div>
            <span className="flex size-12 items-center justify-center rounded-xl bg-white/10 text-blue-200">
              <Blocks aria-hidden className="size-6" />
            </span>
            <h2 id="unified-title" className="mt-5 text-2xl font-bold tracking-tight text-white sm:text-3xl">
              Better together: one unified platform
            </h2>
            <p className="mt-3 max-w-2xl leading-7 text-slate-300">
              Every module shares one employee record, one login and one dashboard. Access is granted per product and per entity,
              so each team sees exactly what it needs, and bundles of three or more modules cost less.
            </p>
          </div>
          <Link
            to="/pricing"
            className="inline-flex items-center gap-2 self-start rounded-md bg-white px-5 py-3 text-sm font-semibold text-slate-900 hover:bg-slate-100 lg:self-center"
          >
            See bundle pricing
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
      </section>

      <CallToActionBand title="See the modules with your own data" />
    </MarketingLayout>
  );
}

function ModuleSection({ module: m, shaded }: { module: MarketingModule; shaded: boolean }) {
  const titleId = `${m.id}-title`;
  return (
    <section id={m.id} aria-labelledby={titleId} className={cn('scroll-mt-20 py-16 sm:py-20', shaded && 'bg-slate-50')}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex items-center gap-4">
          <span className={cn('flex size-14 shrink-0 items-center justify-center rounded-2xl', m.tone)}>
            <m.icon aria-hidden className="size-7" />
          </span>
          <div>
            <h2 id={titleId} className="text-3xl font-bold tracking-tight text-slate-900">
              {m.name}
            </h2>
            <p className="mt-1 text-lg text-slate-600">{m.subtitle}</p>
          </div>
        </div>
        <div className="mt-10 grid gap-6 lg:grid-cols-3">
          <div className="rounded-2xl border border-slate-200 bg-white p-6">
            <h3 className="text-base font-semibold text-slate-900">Features</h3>
            <CheckList items={m.features} className="mt-4" />
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6">
            <h3 className="text-base font-semibold text-slate-900">Benefits</h3>
            <CheckList items={m.benefits} className="mt-4" />
          </div>
          <div className="flex flex-col rounded-2xl border border-blue-200 bg-blue-50 p-6">
            <h3 className="text-base font-semibold text-slate-900">Ideal for</h3>
            <p className="mt-4 text-lg font-medium text-blue-900">{m.idealFor}</p>
            <p className="mt-auto pt-6 text-sm text-slate-700">
              <span className="text-2xl font-bold text-slate-900">{formatUsd(moduleStartingPrice(m))}</span> per user per entity per
              month
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
