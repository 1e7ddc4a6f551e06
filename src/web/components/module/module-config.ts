import {
  BriefcaseIcon,
  Building2Icon,
  CalendarClockIcon,
  ChartColumnIcon,
  CircleUserIcon,
  ClipboardListIcon,
  ClockIcon,
  ContactIcon,
  FileSpreadsheetIcon,
  FolderKanbanIcon,
  HandshakeIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  MapIcon,
  MegaphoneIcon,
  PlaneIcon,
  ReceiptIcon,
  SettingsIcon,
  SquareKanbanIcon,
  StoreIcon,
  TargetIcon,
  TicketIcon,
  TimerIcon,
  TrophyIcon,
  UserCheckIcon,
  UserMinusIcon,
  UserPlusIcon,
  UsersIcon,
  WalletIcon,
  type LucideIcon,
} from 'lucide-react';
import type { ProductType } from '@/shared/products';

export interface ModuleLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** A working page. Links without one show "Soon" and are not links (no sidebar link leads to the 404 page). */
  ready?: boolean;  /** Open to a person without a grant for the product (self-service: HRMS's Employee Portal); the only links they see. */
  selfService?: boolean;
}

export interface ModuleConfig {
  /** The product type a user must hold to open the module. */
  type: ProductType;
  /** Short name: sidebar caption, navigation landmark. */
  name: string;
  /** What the module is, under the name in the sidebar. */
  tagline: string;
  icon: LucideIcon;
  /** Spec §2, in order. Those not `ready` are shown as "Soon"; unknown paths under a module still 404. */
  links: ModuleLink[];
}

/** Each module's sidebar caption, what it is, and its icon. */
const HEADS: Record<'crm' | 'ats' | 'hrms' | 'projects', Omit<ModuleConfig, 'type' | 'links'>> = {
  crm: { name: 'CRM', tagline: 'Sales & customers', icon: HandshakeIcon },
  ats: { name: 'ATS', tagline: 'Applicant tracking', icon: UserCheckIcon },
  hrms: { name: 'HRMS', tagline: 'People & payroll', icon: UsersIcon },
  projects: { name: 'Projects', tagline: 'Project management', icon: FolderKanbanIcon },
};

/** Every module's sidebar links, spec §2, each module's in order: a `ready` link has its page, a `soon` one shows "Soon". */
const LINKS: [to: string, label: string, icon: LucideIcon, state: 'ready' | 'soon'][] = [
  ['/crm', 'Dashboard', LayoutDashboardIcon, 'ready'],
  ['/crm/clients', 'Clients', Building2Icon, 'ready'],
  ['/crm/contacts', 'Contacts', ContactIcon, 'ready'],
  ['/crm/leads', 'Leads', TargetIcon, 'ready'],
  ['/crm/opportunities', 'Opportunities', HandshakeIcon, 'ready'],
  ['/crm/marketing', 'Marketing', MegaphoneIcon, 'soon'],
  ['/crm/support', 'Support', LifeBuoyIcon, 'soon'],
  ['/crm/reports', 'Reports', ChartColumnIcon, 'soon'],
  ['/crm/marketplace', 'Marketplace', StoreIcon, 'soon'],
  ['/crm/settings', 'Settings', SettingsIcon, 'soon'],
  ['/ats', 'Dashboard', LayoutDashboardIcon, 'ready'],
  ['/ats/requisitions', 'Requisitions', ClipboardListIcon, 'ready'],
  ['/ats/jobs', 'Jobs', BriefcaseIcon, 'ready'],
  ['/ats/candidates', 'Candidates', UsersIcon, 'ready'],
  ['/ats/interviews', 'Interviews', CalendarClockIcon, 'ready'],
  ['/ats/placements', 'Placements', UserCheckIcon, 'soon'],
  ['/ats/reports', 'Reports', ChartColumnIcon, 'soon'],
  ['/ats/marketplace', 'Marketplace', StoreIcon, 'soon'],
  ['/ats/settings', 'Settings', SettingsIcon, 'soon'],
  ['/hrms', 'Dashboard', LayoutDashboardIcon, 'ready'],
  ['/hrms/employees', 'Employees', UsersIcon, 'ready'],
  ['/hrms/onboarding', 'Onboarding', UserPlusIcon, 'ready'],
  ['/hrms/attendance', 'Attendance', ClockIcon, 'ready'],
  ['/hrms/leaves', 'Leaves', PlaneIcon, 'ready'],
  ['/hrms/expenses', 'Expenses', ReceiptIcon, 'soon'],
  ['/hrms/invoicing', 'Invoicing', FileSpreadsheetIcon, 'soon'],
  ['/hrms/payroll', 'Payroll', WalletIcon, 'ready'],
  ['/hrms/performance', 'Performance', TrophyIcon, 'soon'],
  ['/hrms/portal', 'Employee Portal', CircleUserIcon, 'ready'],
  ['/hrms/offboarding', 'Offboarding', UserMinusIcon, 'ready'],
  ['/hrms/reports', 'Reports', ChartColumnIcon, 'soon'],
  ['/hrms/settings', 'Settings', SettingsIcon, 'ready'],
  ['/projects', 'Dashboard', LayoutDashboardIcon, 'ready'],
  ['/projects/list', 'All Projects', FolderKanbanIcon, 'ready'],
  ['/projects/roadmap', 'Roadmap', MapIcon, 'ready'],
  ['/projects/tickets', 'Tickets', TicketIcon, 'ready'],
  ['/projects/kanban', 'Kanban Board', SquareKanbanIcon, 'ready'],
  ['/projects/sprint', 'Sprint', TimerIcon, 'soon'],
  ['/projects/reports', 'Reports', ChartColumnIcon, 'soon'],
  ['/projects/settings', 'Settings', SettingsIcon, 'soon'],
];

/** Pages a person opens without a grant for the product (issue 34). */
const SELF_SERVICE = new Set(['/hrms/portal']);

/** A module's frame: its caption and its links (those under `/type`). */
function moduleConfig(type: keyof typeof HEADS): ModuleConfig {
  const links = LINKS.filter(([to]) => to === `/${type}` || to.startsWith(`/${type}/`));
  return {
    type,
    ...HEADS[type],
    links: links.map(([to, label, icon, state]) => ({ to, label, icon, ...(state === 'ready' ? { ready: true } : {}), ...(SELF_SERVICE.has(to) ? { selfService: true } : {}) })),
  };
}

export const CRM_MODULE = moduleConfig('crm');
export const ATS_MODULE = moduleConfig('ats');
export const HRMS_MODULE = moduleConfig('hrms');
export const PROJECTS_MODULE = moduleConfig('projects');

/** Every module, for tests that walk all four. */
export const MODULES = [CRM_MODULE, ATS_MODULE, HRMS_MODULE, PROJECTS_MODULE] as const;
