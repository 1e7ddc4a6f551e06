import {
  BadgePercent,
  CalendarCheck,
  Handshake,
  Headset,
  LayoutDashboard,
  type LucideIcon,
  Plug,
  Rocket,
  Scale,
  SquareKanban,
  TrendingUp,
  UserPlus,
  UserSearch,
  Users,
  Wallet,
} from 'lucide-react';
import { MAX_PLATFORM_USERS, MIN_PLATFORM_USERS, MODULE_PRICES, type PricingModule } from '@/shared/pricing';

/** Where every "talk to us" action of the marketing site ends up: there is no sales backend. */
export const SALES_EMAIL = 'sales@worksphere.example';
export const SUPPORT_EMAIL = 'support@worksphere.example';
export const CAREERS_EMAIL = 'careers@worksphere.example';
export const SECURITY_EMAIL = 'security@worksphere.example';
export const LEGAL_EMAIL = 'legal@worksphere.example';
export const HELLO_EMAIL = 'hello@worksphere.example';

const users = (n: number) => n.toLocaleString('en-US');
export const USER_RANGE = `${users(MIN_PLATFORM_USERS)} to ${users(MAX_PLATFORM_USERS)}`;

export interface MarketingModule {
  /** Anchor on /what-we-offer and key into the price list. */
  id: PricingModule;
  name: string;
  subtitle: string;
  icon: LucideIcon;
  features: [string, string, string, string];
  benefits: string[];
  idealFor: string;
  /** Tailwind classes for the icon tile: each module keeps one colour everywhere. */
  tone: string;
}

/** The five modules of spec §1, in the spec's order. */
export const MODULES: MarketingModule[] = [
  {
    id: 'hrms',
    name: 'HRMS',
    subtitle: 'Core HR from hire to retire',
    icon: Users,
    features: [
      'Employee records, documents and org charts',
      'Onboarding and offboarding checklists',
      'Attendance, leave and expense tracking',
      'Performance reviews and an employee self-service portal',
    ],
    benefits: [
      'One source of truth for every employee, across every entity',
      'Less paperwork: approvals and requests happen in one place',
      'Employees help themselves to payslips, leave balances and documents',
    ],
    idealFor: 'HR teams and people operations',
    tone: 'bg-blue-100 text-blue-800',
  },
  {
    id: 'payroll',
    name: 'Payroll',
    subtitle: 'Domestic and international payroll, taxes included',
    icon: Wallet,
    features: [
      'Domestic and international pay runs',
      'Automatic tax calculation and withholding',
      'Tax filings and year-end forms',
      'Payslips, deductions and benefits',
    ],
    benefits: [
      'Pay people in every country you operate in from one run',
      'Tax handling and filings stay on schedule',
      'Payroll reads hours and leave straight from HRMS: no re-keying',
    ],
    idealFor: 'Finance and payroll teams',
    tone: 'bg-emerald-100 text-emerald-800',
  },
  {
    id: 'crm',
    name: 'CRM',
    subtitle: 'Sales CRM for your whole pipeline',
    icon: Handshake,
    features: [
      'Clients, contacts and account history',
      'Leads and opportunity pipeline',
      'Marketing campaigns and support tickets',
      'Sales reports and forecasts',
    ],
    benefits: [
      'See every deal and every conversation in one timeline',
      'Sales and support share the same customer record',
      'Forecasts come from live pipeline data, not spreadsheets',
    ],
    idealFor: 'Sales and support teams',
    tone: 'bg-violet-100 text-violet-800',
  },
  {
    id: 'ats',
    name: 'ATS',
    subtitle: 'Applicant tracking from requisition to placement',
    icon: UserSearch,
    features: [
      'Job requisitions and postings',
      'Candidate pipeline and screening',
      'Interview scheduling and scorecards',
      'Offers and placements',
    ],
    benefits: [
      'Every candidate and every interview in one shared pipeline',
      'Hiring managers give feedback in minutes, not days',
      'A hire becomes an employee record in HRMS with one click',
    ],
    idealFor: 'Recruiters and hiring managers',
    tone: 'bg-amber-100 text-amber-900',
  },
  {
    id: 'projects',
    name: 'Project Management',
    subtitle: 'Plan, track and deliver work on time',
    icon: SquareKanban,
    features: [
      'Project lists and roadmaps',
      'Kanban boards and tickets',
      'Sprint planning',
      'Progress and workload reports',
    ],
    benefits: [
      'Plans, tickets and sprints live next to the people doing the work',
      'Roadmaps show leadership where every project stands',
      'Workload reports help you staff projects before they slip',
    ],
    idealFor: 'Project managers and delivery teams',
    tone: 'bg-rose-100 text-rose-800',
  },
];

export const moduleStartingPrice = (m: MarketingModule) => MODULE_PRICES[m.id];

export interface Person {
  quote: string;
  name: string;
  role: string;
  company: string;
}

/** Landing page: "testimonials from three people". */
export const TESTIMONIALS: Person[] = [
  {
    quote:
      'We replaced four separate tools with WorkSphere. Our HR team finally works from one employee record, and onboarding a new hire takes an afternoon instead of a week.',
    name: 'Priya Raman',
    role: 'Head of People',
    company: 'Northwind Logistics',
  },
  {
    quote:
      'Running payroll for three countries used to mean three vendors and a lot of spreadsheets. Now it is one pay run, and the tax filings go out on time.',
    name: 'Daniel Okafor',
    role: 'Finance Director',
    company: 'Brightline Health',
  },
  {
    quote:
      'Our recruiters and sales team sit in the same platform. When we close a deal, we can open the requisition for the people to deliver it the same day.',
    name: 'Sofia Lindqvist',
    role: 'Chief Operating Officer',
    company: 'Helix Consulting',
  },
];

export interface Stat {
  value: string;
  label: string;
}

/** Spec §1 and §9 marketing figures. */
export const STATS: Stat[] = [
  { value: '250K+', label: 'employees managed' },
  { value: '15K+', label: 'companies' },
  { value: '$3B+', label: 'processed in payroll' },
  { value: USER_RANGE, label: 'users on one platform' },
  { value: '100+', label: 'integrations' },
  { value: '3', label: 'onboarding steps' },
];

export interface Advantage {
  title: string;
  text: string;
  icon: LucideIcon;
}

/** Spec §1 claimed benefits. */
export const ADVANTAGES: Advantage[] = [
  {
    title: 'One dashboard, one login',
    text: 'Every module shares one sign-in, one employee record and one dashboard. No more switching between tools.',
    icon: LayoutDashboard,
  },
  {
    title: `Scales from ${USER_RANGE} users`,
    text: 'Start with a single team and grow to a global enterprise across many organizations and entities.',
    icon: TrendingUp,
  },
  {
    title: 'Bundled pricing',
    text: 'Pay only for the modules you use. Bundle three or more and save up to 20%, plus 20% more with annual billing.',
    icon: BadgePercent,
  },
  {
    title: 'Compliance with labour and privacy law',
    text: 'Leave, working time, payroll taxes and personal data are handled with local labour and privacy rules in mind.',
    icon: Scale,
  },
  {
    title: 'Dedicated success manager',
    text: 'A named expert helps you plan the rollout, import your data and get every team live.',
    icon: Headset,
  },
  {
    title: 'Integrations with 100+ tools',
    text: 'Connect the accounting, banking, calendar, messaging and identity tools your teams already use.',
    icon: Plug,
  },
];

/** Kinds of tools we connect to: categories, not brand names, since no partnership is implied. */
export const INTEGRATION_CATEGORIES: string[] = [
  'Accounting and ERP',
  'Banking and payments',
  'Calendars and email',
  'Messaging and chat',
  'Single sign-on and identity',
  'Job boards',
  'E-signature',
  'Time clocks',
  'Benefits providers',
  'BI and reporting',
  'Help desk',
  'Cloud storage',
];

export interface Step {
  title: string;
  text: string;
  icon: LucideIcon;
}

/** Spec §1: the onboarding story in three steps. */
export const STEPS: Step[] = [
  {
    title: 'Book a consultation',
    text: 'Tell us about your teams and entities. We map out the modules you need and a rollout plan.',
    icon: CalendarCheck,
  },
  {
    title: 'Add your people',
    text: 'Import employees, set up organizations and entities, and give everyone the access they need.',
    icon: UserPlus,
  },
  {
    title: 'Go live fast',
    text: 'Your success manager stays with you through the first pay run, the first hire and the first sprint.',
    icon: Rocket,
  },
];

/** Landing page "client quotes" (#customer-stories): what companies say about the whole suite. */
export const CLIENT_QUOTES: Person[] = [
  {
    quote: 'One login for the whole company sounded like a small thing. It turned out to be the thing our people noticed first.',
    name: 'Marcus Chen',
    role: 'CIO',
    company: 'Meridian Manufacturing',
  },
  {
    quote: 'We went from a pilot in one office to every entity in four countries without changing a single workflow.',
    name: 'Amara Nwosu',
    role: 'Founder and CEO',
    company: 'Kinfolk Retail Group',
  },
  {
    quote: 'Our success manager knew our setup as well as we did. Go-live was the calmest system launch I have run.',
    name: 'Elena Petrova',
    role: 'HR Operations Lead',
    company: 'Atlas Financial Partners',
  },
];

