import { MinusIcon, TrendingDownIcon, TrendingUpIcon } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { cn } from '@/web/lib/utils';
import type { Kpi } from './kpi';
import type { SampleStatus } from './sample-data';

/** Series colours: each at least 3:1 against white (WCAG 1.4.11). */
export const CHART_COLORS = ['#1d4ed8', '#0f766e', '#b45309', '#7c3aed', '#be123c', '#475569', '#15803d'] as const;
export const AXIS_TICK = { fill: '#475569', fontSize: 12 } as const;
export const GRID_STROKE = '#e2e8f0';

export function DashboardHeading({ title, description, sample = true }: { title: string; description: string; sample?: boolean }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {sample ? (
        <Badge variant="outline" className="border-slate-300 bg-white text-slate-700">
          Sample data
        </Badge>
      ) : null}
    </div>
  );
}

/** The module's headline figures as a description list of cards. */
export function KpiGrid({ items }: { items: readonly Kpi[] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {items.map(({ label, value, change, trend, positive, icon: Icon }) => {
        const TrendIcon = trend === 'up' ? TrendingUpIcon : trend === 'down' ? TrendingDownIcon : MinusIcon;
        return (
          <Card key={label} className="flex min-w-0 flex-col gap-2 p-5">
            <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
              {label}
              <Icon className="size-4 shrink-0" aria-hidden />
            </dt>
            <dd className="grid gap-1">
              <span className="text-2xl font-bold tracking-tight">{value}</span>
              <span className={cn('flex items-center gap-1 text-xs', positive ? 'text-green-700' : 'text-red-700')}>
                <TrendIcon className="size-3.5 shrink-0" aria-hidden />
                {change}
              </span>
            </dd>
          </Card>
        );
      })}
    </dl>
  );
}

/** A card with an h2 title (the page's h1 is the dashboard's name). */
export function SectionCard({
  title,
  description,
  action,
  className,
  children,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn('flex min-w-0 flex-col', className)}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 p-5">
        <div className="grid gap-1">
          <h2 className="text-base font-semibold leading-tight">{title}</h2>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {action}
      </CardHeader>
      <CardContent className="min-w-0 flex-1 p-5 pt-0">{children}</CardContent>
    </Card>
  );
}

/**
 * A chart's frame: screen readers get `summary` (every figure in words) as the image's name;
 * recharts' own keyboard layer is off, so the chart is one image rather than a set of stops.
 */
export function ChartFrame({ summary, className, children }: { summary: string; className?: string; children: ReactElement }) {
  return (
    <div role="img" aria-label={summary} className={cn('h-64 w-full min-w-0', className)}>
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** "Monthly revenue: Jan $182K, Feb $196K, …" for a chart's accessible name. */
export function describeSeries<T>(title: string, rows: readonly T[], label: (row: T) => string, value: (row: T) => string) {
  return `${title}: ${rows.map((row) => `${label(row)} ${value(row)}`).join(', ')}.`;
}

/**
 * A table that scrolls sideways inside its card on narrow screens. When it does, the scroll box
 * becomes a labelled, focusable region so keyboard users can scroll it too.
 */
export function ScrollTable({ label, className, children, ...props }: ComponentProps<'table'> & { label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  const captionId = useId();

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={ref}
      className="relative w-full overflow-x-auto rounded-md"
      {...(scrolls ? { role: 'region', 'aria-labelledby': captionId, tabIndex: 0 } : {})}
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props}>
        <caption id={captionId} className="sr-only">
          {label}
        </caption>
        {children}
      </table>
    </div>
  );
}

const STATUS_STYLES: Record<SampleStatus, string> = {
  // Customers (CRM) and employees (HRMS)
  Active: 'bg-green-100 text-green-900',
  Prospect: 'bg-blue-100 text-blue-900',
  Inactive: 'bg-slate-200 text-slate-800',
  'On Leave': 'bg-amber-100 text-amber-900',
  // Candidate stages (ATS)
  'Phone Screen': 'bg-sky-100 text-sky-900',
  'Technical Test': 'bg-indigo-100 text-indigo-900',
  Interview: 'bg-violet-100 text-violet-900',
  'Final Round': 'bg-emerald-100 text-emerald-900',
  // Leave requests (HRMS)
  Pending: 'bg-amber-100 text-amber-900',
  Approved: 'bg-green-100 text-green-900',
  // Projects, and the Review stage they share with candidates
  Planning: 'bg-slate-200 text-slate-800',
  'In Progress': 'bg-blue-100 text-blue-900',
  Review: 'bg-purple-100 text-purple-900',
  Completed: 'bg-green-100 text-green-900',
  // Priorities
  Critical: 'bg-red-100 text-red-900',
  High: 'bg-orange-100 text-orange-900',
  Medium: 'bg-yellow-100 text-yellow-900',
  Low: 'bg-slate-100 text-slate-800',
};

/** A decorative sample status label (spec §4); the words carry the meaning, colour only helps. */
export function StatusBadge({ status }: { status: SampleStatus }) {
  return <Badge className={cn('whitespace-nowrap border-transparent', STATUS_STYLES[status])}>{status}</Badge>;
}

/** A progress bar whose figure is written beside it. */
export function ProgressCell({ value }: { value: number }) {
  return (
    <div className="flex min-w-32 items-center gap-2">
      <div className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden>
        <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
      </div>
      <span className="w-10 text-right tabular-nums">{value}%</span>
    </div>
  );
}
