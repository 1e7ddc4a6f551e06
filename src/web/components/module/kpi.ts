import type { LucideIcon } from 'lucide-react';

/** One headline figure of a module dashboard. */
export interface Kpi {
  label: string;
  value: string;
  /** The comparison under the figure, e.g. "+8.2% from last month". */
  change: string;
  trend: 'up' | 'down' | 'flat';
  /** Whether the change is good news (a falling ticket count is). */
  positive: boolean;
  icon: LucideIcon;
}
