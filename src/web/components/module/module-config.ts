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
  ready?: boolean;
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

export const CRM_MODULE: ModuleConfig = {
  type: 'crm',
  name: 'CRM',
  tagline: 'Sales & customers',
  icon: HandshakeIcon,
  links: [
    { to: '/crm', label: 'Dashboard', icon: LayoutDashboardIcon, ready: true },
    { to: '/crm/clients', label: 'Clients', icon: Building2Icon, ready: true },
    { to: '/crm/contacts', label: 'Contacts', icon: ContactIcon, ready: true },
    { to: '/crm/leads', label: 'Leads', icon: TargetIcon, ready: true },
    { to: '/crm/opportunities', label: 'Opportunities', icon: HandshakeIcon, ready: true },
    { to: '/crm/marketing', label: 'Marketing', icon: MegaphoneIcon },
    { to: '/crm/support', label: 'Support', icon: LifeBuoyIcon },
    { to: '/crm/reports', label: 'Reports', icon: ChartColumnIcon },
    { to: '/crm/marketplace', label: 'Marketplace', icon: StoreIcon },
    { to: '/crm/settings', label: 'Settings', icon: SettingsIcon },
  ],
};

export const ATS_MODULE: ModuleConfig = {
  type: 'ats',
  name: 'ATS',
  tagline: 'Applicant tracking',
  icon: UserCheckIcon,
  links: [
    { to: '/ats', label: 'Dashboard', icon: LayoutDashboardIcon, ready: true },
    { to: '/ats/requisitions', label: 'Requisitions', icon: ClipboardListIcon, ready: true },
    { to: '/ats/jobs', label: 'Jobs', icon: BriefcaseIcon, ready: true },
    { to: '/ats/candidates', label: 'Candidates', icon: UsersIcon, ready: true },
    { to: '/ats/interviews', label: 'Interviews', icon: CalendarClockIcon, ready: true },
    { to: '/ats/placements', label: 'Placements', icon: UserCheckIcon },
    { to: '/ats/reports', label: 'Reports', icon: ChartColumnIcon },
    { to: '/ats/marketplace', label: 'Marketplace', icon: StoreIcon },
    { to: '/ats/settings', label: 'Settings', icon: SettingsIcon },
  ],
};

export const HRMS_MODULE: ModuleConfig = {
  type: 'hrms',
  name: 'HRMS',
  tagline: 'People & payroll',
  icon: UsersIcon,
  links: [
    { to: '/hrms', label: 'Dashboard', icon: LayoutDashboardIcon, ready: true },
    { to: '/hrms/employees', label: 'Employees', icon: UsersIcon, ready: true },
    { to: '/hrms/onboarding', label: 'Onboarding', icon: UserPlusIcon },
    { to: '/hrms/attendance', label: 'Attendance', icon: ClockIcon },
    { to: '/hrms/leaves', label: 'Leaves', icon: PlaneIcon, ready: true },
    { to: '/hrms/expenses', label: 'Expenses', icon: ReceiptIcon },
    { to: '/hrms/invoicing', label: 'Invoicing', icon: FileSpreadsheetIcon },
    { to: '/hrms/payroll', label: 'Payroll', icon: WalletIcon },
    { to: '/hrms/performance', label: 'Performance', icon: TrophyIcon },
    { to: '/hrms/portal', label: 'Employee Portal', icon: CircleUserIcon },
    { to: '/hrms/offboarding', label: 'Offboarding', icon: UserMinusIcon },
    { to: '/hrms/reports', label: 'Reports', icon: ChartColumnIcon },
    { to: '/hrms/settings', label: 'Settings', icon: SettingsIcon, ready: true },
  ],
};

export const PROJECTS_MODULE: ModuleConfig = {
  type: 'projects',
  name: 'Projects',
  tagline: 'Project management',
  icon: FolderKanbanIcon,
  links: [
    { to: '/projects', label: 'Dashboard', icon: LayoutDashboardIcon, ready: true },
    { to: '/projects/list', label: 'All Projects', icon: FolderKanbanIcon, ready: true },
    { to: '/projects/roadmap', label: 'Roadmap', icon: MapIcon, ready: true },
    { to: '/projects/tickets', label: 'Tickets', icon: TicketIcon, ready: true },
    { to: '/projects/kanban', label: 'Kanban Board', icon: SquareKanbanIcon, ready: true },
    { to: '/projects/sprint', label: 'Sprint', icon: TimerIcon },
    { to: '/projects/reports', label: 'Reports', icon: ChartColumnIcon },
    { to: '/projects/settings', label: 'Settings', icon: SettingsIcon },
  ],
};

/** Every module, for tests that walk all four. */
export const MODULES = [CRM_MODULE, ATS_MODULE, HRMS_MODULE, PROJECTS_MODULE] as const;
