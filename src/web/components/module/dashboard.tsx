import type { LucideIcon } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader } from '@/web/components/ui/card';
import { cn } from '@/web/lib/utils';

/** Series colours: each at least 3:1 against white (WCAG 1.4.11). */
export const CHART_COLORS = ['#1d4ed8', '#0f766e', '#b45309', '#7c3aed', '#be123c', '#475569', '#15803d'] as const;
export const AXIS_TICK = { fill: '#475569', fontSize: 12 } as const;
export const GRID_STROKE = '#e2e8f0';

export function DashboardHeading({ title, description, error }: { title: string; description: string; error?: Error | null }) {
  return (
    <>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : null}
    </>
  );
}

/** One headline figure of a module dashboard. */
export interface Kpi {
  label: string;
  /** Undefined while the figures load (shown as a dash). */
  value: ReactNode | undefined;
  icon: LucideIcon;
  /** A line under the figure, e.g. what it counts. */
  hint?: string;
}

/** The module's headline figures as a description list of cards. */
export function KpiGrid({ items, busy }: { items: readonly Kpi[]; busy?: boolean }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={busy}>
      {items.map(({ label, value, icon: Icon, hint }) => (
        <Card key={label} className="flex min-w-0 flex-col gap-2 p-5">
          <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
            {label}
            <Icon className="size-4 shrink-0" aria-hidden />
          </dt>
          <dd className="grid gap-1">
            <span className="text-2xl font-bold tracking-tight tabular-nums break-words">{value ?? '–'}</span>
            {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
          </dd>
        </Card>
      ))}
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
