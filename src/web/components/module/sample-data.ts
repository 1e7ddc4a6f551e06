/**
 * Fixed sample figures for the module dashboards. The dashboards are placeholders (spec §1, §3):
 * none of this is real or fetched, and the status labels are decorative (spec §4).
 */
import {
  CalendarCheckIcon,
  ClockIcon,
  FolderKanbanIcon,
  ListChecksIcon,
  PlaneIcon,
  TicketIcon,
  UsersIcon,
  WalletIcon,
} from 'lucide-react';
import type { Kpi } from './kpi';

export type CustomerStatus = 'Active' | 'Prospect' | 'Inactive';
export type CandidateStage = 'Review' | 'Phone Screen' | 'Technical Test' | 'Interview' | 'Final Round';
export type EmployeeStatus = 'Active' | 'On Leave';
export type LeaveStatus = 'Pending' | 'Approved';
export type ProjectStatus = 'Planning' | 'In Progress' | 'Review' | 'Completed';
export type Priority = 'Critical' | 'High' | 'Medium' | 'Low';
export type SampleStatus = CustomerStatus | CandidateStage | EmployeeStatus | LeaveStatus | ProjectStatus | Priority;

/* ---------------------------------------------------------------- HRMS */

export const HRMS_KPIS: readonly Kpi[] = [
  { label: 'Total Employees', value: '248', change: '+6 this month', trend: 'up', positive: true, icon: UsersIcon },
  { label: 'Present Today', value: '231', change: '93.1% attendance', trend: 'flat', positive: true, icon: ClockIcon },
  { label: 'On Leave', value: '9', change: '+2 from last week', trend: 'up', positive: false, icon: PlaneIcon },
  { label: 'Monthly Payroll', value: '$1.32M', change: '+1.8% from last month', trend: 'up', positive: true, icon: WalletIcon },
];

/** Share of employees present on each day of this week, in percent (today is Friday). */
export const HRMS_ATTENDANCE = [
  { day: 'Mon', rate: 94.8 },
  { day: 'Tue', rate: 96.2 },
  { day: 'Wed', rate: 97.1 },
  { day: 'Thu', rate: 95.6 },
  { day: 'Fri', rate: 93.1 },
] as const;

/** Employees per department; they add up to the 248 of the KPI. */
export const HRMS_HEADCOUNT = [
  { department: 'Engineering', employees: 82 },
  { department: 'Sales', employees: 46 },
  { department: 'Operations', employees: 38 },
  { department: 'Support', employees: 31 },
  { department: 'Marketing', employees: 20 },
  { department: 'Finance', employees: 19 },
  { department: 'HR', employees: 12 },
] as const;

export const HRMS_EMPLOYEES: readonly {
  name: string;
  email: string;
  department: string;
  position: string;
  status: EmployeeStatus;
  joined: string;
}[] = [
  { name: 'Olivia Bennett', email: 'olivia.bennett@example.com', department: 'Engineering', position: 'Senior Software Engineer', status: 'Active', joined: '2021-03-15T12:00:00' },
  { name: 'Marcus Johnson', email: 'marcus.johnson@example.com', department: 'Sales', position: 'Account Manager', status: 'On Leave', joined: '2022-07-01T12:00:00' },
  { name: 'Chen Wei', email: 'chen.wei@example.com', department: 'Finance', position: 'Financial Analyst', status: 'Active', joined: '2020-11-09T12:00:00' },
  { name: 'Fatima Al-Sayed', email: 'fatima.alsayed@example.com', department: 'HR', position: 'HR Business Partner', status: 'Active', joined: '2019-05-20T12:00:00' },
  { name: 'Diego Hernández', email: 'diego.hernandez@example.com', department: 'Operations', position: 'Operations Coordinator', status: 'On Leave', joined: '2023-02-13T12:00:00' },
  { name: 'Emily Clarke', email: 'emily.clarke@example.com', department: 'Marketing', position: 'Content Strategist', status: 'Active', joined: '2024-01-08T12:00:00' },
];

export const HRMS_LEAVE_REQUESTS: readonly {
  employee: string;
  type: string;
  from: string;
  to: string;
  days: number;
  status: LeaveStatus;
}[] = [
  { employee: 'Olivia Bennett', type: 'Annual leave', from: '2026-07-06T12:00:00', to: '2026-07-17T12:00:00', days: 10, status: 'Pending' },
  { employee: 'Emily Clarke', type: 'Annual leave', from: '2026-06-29T12:00:00', to: '2026-07-01T12:00:00', days: 3, status: 'Pending' },
  { employee: 'Chen Wei', type: 'Personal leave', from: '2026-06-19T12:00:00', to: '2026-06-19T12:00:00', days: 1, status: 'Pending' },
  { employee: 'Diego Hernández', type: 'Sick leave', from: '2026-06-10T12:00:00', to: '2026-06-12T12:00:00', days: 3, status: 'Approved' },
  { employee: 'Marcus Johnson', type: 'Parental leave', from: '2026-06-01T12:00:00', to: '2026-06-26T12:00:00', days: 20, status: 'Approved' },
];

/* ---------------------------------------------------------------- Projects */

export const PROJECTS_KPIS: readonly Kpi[] = [
  { label: 'Active Projects', value: '12', change: '3 due this month', trend: 'flat', positive: true, icon: FolderKanbanIcon },
  { label: 'Open Tickets', value: '87', change: '12 fewer than last week', trend: 'down', positive: true, icon: TicketIcon },
  { label: 'Tasks Completed', value: '342', change: '+18% from last sprint', trend: 'up', positive: true, icon: ListChecksIcon },
  { label: 'On-time Delivery', value: '92%', change: '+4 points from last quarter', trend: 'up', positive: true, icon: CalendarCheckIcon },
];

/** Projects per status: 16 this year, of which the 12 not completed are the KPI's active ones. */
export const PROJECTS_BY_STATUS: readonly { status: ProjectStatus; projects: number }[] = [
  { status: 'Planning', projects: 3 },
  { status: 'In Progress', projects: 7 },
  { status: 'Review', projects: 2 },
  { status: 'Completed', projects: 4 },
];

/** Story points left in the current 10-day sprint, against the ideal line. */
export const PROJECTS_BURNDOWN = [
  { day: 'Day 1', remaining: 80, ideal: 80 },
  { day: 'Day 2', remaining: 76, ideal: 71 },
  { day: 'Day 3', remaining: 70, ideal: 62 },
  { day: 'Day 4', remaining: 61, ideal: 53 },
  { day: 'Day 5', remaining: 55, ideal: 44 },
  { day: 'Day 6', remaining: 46, ideal: 36 },
  { day: 'Day 7', remaining: 38, ideal: 27 },
  { day: 'Day 8', remaining: 29, ideal: 18 },
  { day: 'Day 9', remaining: 20, ideal: 9 },
  { day: 'Day 10', remaining: 12, ideal: 0 },
] as const;

export const PROJECTS: readonly {
  name: string;
  owner: string;
  status: ProjectStatus;
  priority: Priority;
  progress: number;
  due: string;
}[] = [
  { name: 'Payroll Engine Migration', owner: 'Noah Williams', status: 'In Progress', priority: 'Critical', progress: 40, due: '2026-06-30T12:00:00' },
  { name: 'Customer Portal Redesign', owner: 'Ava Thompson', status: 'In Progress', priority: 'High', progress: 65, due: '2026-07-15T12:00:00' },
  { name: 'Mobile App 2.0', owner: 'Mia Garcia', status: 'Review', priority: 'High', progress: 90, due: '2026-06-20T12:00:00' },
  { name: 'Data Warehouse Upgrade', owner: 'Liam Brown', status: 'Planning', priority: 'Medium', progress: 10, due: '2026-09-01T12:00:00' },
  { name: 'Q2 Compliance Audit', owner: 'Zoe Martin', status: 'Completed', priority: 'Medium', progress: 100, due: '2026-06-05T12:00:00' },
  { name: 'Internal Wiki Cleanup', owner: 'Ethan Lee', status: 'Planning', priority: 'Low', progress: 5, due: '2026-08-21T12:00:00' },
];
