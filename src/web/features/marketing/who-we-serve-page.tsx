import {
  Building2,
  Calculator,
  ClipboardList,
  Cpu,
  Factory,
  Handshake,
  Hospital,
  Landmark,
  type LucideIcon,
  Quote,
  Scale,
  ShoppingBag,
  Truck,
  UserSearch,
  Users,
} from 'lucide-react';
import { PRODUCT_NAME } from '@/shared/brand';
import { MODULE_LABELS, type PricingModule } from '@/shared/pricing';
import { ContactButton } from './contact';
import type { Person } from './content';
import { CallToActionBand } from './cta-band';
import { MarketingLayout } from './marketing-layout';
import { PageHeader } from './page-header';
import { Avatar, CheckList, PageHero, Section, SectionHeading } from './section';

interface Audience {
  id: string;
  title: string;
  icon: LucideIcon;
  text: string;
  helps: string[];
  modules: PricingModule[];
  testimonial: Person;
}

/** Spec §1 named audiences: six segments. */
const AUDIENCES: Audience[] = [
  {
    id: 'hr-teams',
    title: 'HR teams',
    icon: Users,
    text: 'Keep every employee record, document and request in one place, from the first day to the last.',
    helps: ['Onboarding and offboarding checklists', 'Leave, attendance and expenses in one flow', 'Self-service portal for employees'],
    modules: ['hrms', 'payroll'],
    testimonial: {
      quote: 'Our HR team stopped chasing spreadsheets. Every request has an owner and a status, and employees can see both.',
      name: 'Grace Mensah',
      role: 'HR Manager',
      company: 'Lumen Care Homes',
    },
  },
  {
    id: 'finance-payroll',
    title: 'Finance and payroll teams',
    icon: Calculator,
    text: 'Run domestic and international payroll with tax handling and filings built in, fed by live HR data.',
    helps: ['Multi-country pay runs', 'Tax calculation, withholding and filings', 'Hours and leave flow in from HRMS'],
    modules: ['payroll', 'hrms'],
    testimonial: {
      quote: 'Payroll used to take our team most of a week. Now hours and leave arrive already approved, and we close in a day.',
      name: 'Rahul Mehta',
      role: 'Payroll Lead',
      company: 'Orbit Engineering',
    },
  },
  {
    id: 'sales-support',
    title: 'Sales and support teams',
    icon: Handshake,
    text: 'Track every lead, opportunity and support ticket against one customer record your whole team can see.',
    helps: ['Pipeline from lead to closed deal', 'Support tickets beside sales history', 'Reports and forecasts from live data'],
    modules: ['crm'],
    testimonial: {
      quote: 'Sales and support finally look at the same customer. Handovers after a deal closes are no longer a guessing game.',
      name: 'Lucas Moreau',
      role: 'VP of Sales',
      company: 'Cobalt Software',
    },
  },
  {
    id: 'recruiters',
    title: 'Recruiters and hiring managers',
    icon: UserSearch,
    text: 'Move candidates from requisition to placement with structured interviews and quick feedback.',
    helps: ['Requisitions, postings and pipelines', 'Interview scheduling and scorecards', 'Hires become employees in HRMS'],
    modules: ['ats', 'hrms'],
    testimonial: {
      quote: 'Hiring managers leave feedback the same day now. Our time to offer dropped noticeably in the first quarter.',
      name: 'Hannah Becker',
      role: 'Talent Acquisition Lead',
      company: 'Verdant Foods',
    },
  },
  {
    id: 'project-managers',
    title: 'Project managers',
    icon: ClipboardList,
    text: 'Plan roadmaps, run sprints and track tickets next to the people and customers the work is for.',
    helps: ['Roadmaps, kanban boards and sprints', 'Tickets linked to clients in CRM', 'Progress and workload reports'],
    modules: ['projects', 'crm'],
    testimonial: {
      quote: 'I can see who is free before I promise a date to a client. That alone changed how we plan.',
      name: 'Tomás Alvarez',
      role: 'Delivery Manager',
      company: 'Northgate Digital',
    },
  },
  {
    id: 'leaders',
    title: 'Founders, COOs and CIOs',
    icon: Building2,
    text: 'One platform, one login and one bill for the whole company, with the access controls and compliance you need.',
    helps: ['One dashboard across all modules', 'Access per product and per entity', 'Compliance with labour and privacy law'],
    modules: ['hrms', 'payroll', 'crm', 'ats', 'projects'],
    testimonial: {
      quote: 'We retired six contracts and six logins. IT spends its time on projects instead of keeping integrations alive.',
      name: 'Aisha Karim',
      role: 'CIO',
      company: 'Sterling Group',
    },
  },
];

/** Seven industries. */
const INDUSTRIES: { name: string; icon: LucideIcon; text: string }[] = [
  { name: 'Technology and software', icon: Cpu, text: 'Fast-growing teams hiring across borders and shipping in sprints.' },
  { name: 'Healthcare', icon: Hospital, text: 'Shift-based staff, strict records and compliance with labour law.' },
  { name: 'Manufacturing', icon: Factory, text: 'Plants and offices in many locations, each its own entity.' },
  { name: 'Retail and e-commerce', icon: ShoppingBag, text: 'Seasonal hiring, hourly pay and many stores on one platform.' },
  { name: 'Financial services', icon: Landmark, text: 'Privacy-first handling of employee and client data.' },
  { name: 'Professional services', icon: Scale, text: 'Client work planned, staffed and tracked from pipeline to delivery.' },
  { name: 'Logistics and transportation', icon: Truck, text: 'Distributed teams, international payroll and fast onboarding.' },
];

export function WhoWeServePage() {
  return (
    <MarketingLayout header={<PageHeader cta="demo" />}>
      <PageHero
        eyebrow="Built for every team"
        title="Who We Serve"
        intro={`${PRODUCT_NAME} is built for enterprises and growing companies, and for each of the teams inside them.`}
      />

      <Section id="audiences" labelledBy="audiences-title">
        <SectionHeading
          id="audiences-title"
          title="Six teams, one platform"
          intro="Each team gets the module it needs, and everyone shares the same people, customers and data."
        />
        <ul className="mt-12 grid gap-6 lg:grid-cols-2">
          {AUDIENCES.map((a) => (
            <li key={a.id} id={a.id} className="scroll-mt-24">
              <AudienceCard audience={a} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="industries" labelledBy="industries-title" className="bg-slate-50">
        <SectionHeading
          id="industries-title"
          title="Industries we serve"
          intro="Companies in these seven industries run their people and their customers on WorkSphere."
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {INDUSTRIES.map((ind) => (
            <li key={ind.name} className="rounded-2xl border border-slate-200 bg-white p-6">
              <ind.icon aria-hidden className="size-7 text-primary" />
              <h3 className="mt-4 font-semibold text-slate-900">{ind.name}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{ind.text}</p>
            </li>
          ))}
          <li className="flex flex-col justify-between rounded-2xl border border-dashed border-blue-300 bg-blue-50 p-6">
            <p className="font-semibold text-slate-900">Not on the list?</p>
            <p className="mt-2 text-sm leading-6 text-slate-700">Tell us how your business runs and we will show you the fit.</p>
            <ContactButton intent="sales" variant="link" className="mt-3 h-auto self-start px-0">
              Talk to Sales
            </ContactButton>
          </li>
        </ul>
      </Section>

      <CallToActionBand title="See how your team would use it" />
    </MarketingLayout>
  );
}

function AudienceCard({ audience: a }: { audience: Audience }) {
  const titleId = `${a.id}-title`;
  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-blue-100 text-blue-800">
          <a.icon aria-hidden className="size-6" />
        </span>
        <div>
          <h3 id={titleId} className="text-xl font-semibold text-slate-900">
            {a.title}
          </h3>
          <p className="mt-1 text-sm leading-6 text-slate-600">{a.text}</p>
        </div>
      </div>
      <CheckList items={a.helps} className="mt-5" />
      <p className="mt-5 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">Modules:</span>
        {a.modules.map((m) => (
          <span key={m} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
            {MODULE_LABELS[m]}
          </span>
        ))}
      </p>
      <figure className="mt-auto pt-6">
        <div className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
          <Quote aria-hidden className="size-5 text-blue-300" />
          <blockquote className="mt-2 text-sm leading-6 text-slate-700">
            <p>“{a.testimonial.quote}”</p>
          </blockquote>
          <figcaption className="mt-4 flex items-center gap-3">
            <Avatar name={a.testimonial.name} />
            <div className="text-sm">
              <div className="font-semibold text-slate-900">{a.testimonial.name}</div>
              <div className="text-slate-600">
                {a.testimonial.role}, {a.testimonial.company}
              </div>
            </div>
          </figcaption>
        </div>
      </figure>
    </article>
  );
}
