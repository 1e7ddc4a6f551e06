/**
 * The modules feature's public surface for the module features (hrms, and crm, ats, projects as
 * they go live): the module frame, the sidebars' configuration and the dashboard pieces. The
 * platform's list, import and scope pieces live in components/module/ (docs/modules.md).
 */
export { ModuleLayout } from './module-layout';
export { ModulePage, PageHeading, type ModulePageProps } from './module-page';
export { ATS_MODULE, CRM_MODULE, HRMS_MODULE, PROJECTS_MODULE, type ModuleConfig } from './module-config';
export { AXIS_TICK, CHART_COLORS, ChartFrame, DashboardHeading, describeSeries, GRID_STROKE, ScrollTable, SectionCard } from './dashboard-parts';
