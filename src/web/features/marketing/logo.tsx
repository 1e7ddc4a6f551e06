import { Link } from 'react-router';
import { PRODUCT_NAME } from '@/shared/brand';
import { cn } from '@/web/lib/utils';

/** The product mark: four linked squares, one suite. Decorative; the name beside it is the label. */
function Mark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <rect x="7" y="7" width="8" height="8" rx="2" fill="#fff" />
      <rect x="17" y="7" width="8" height="8" rx="2" fill="#fff" opacity=".7" />
      <rect x="7" y="17" width="8" height="8" rx="2" fill="#fff" opacity=".7" />
      <rect x="17" y="17" width="8" height="8" rx="2" fill="#fff" />
    </svg>
  );
}

/** Product name linking home. With `compact`, the name is visually hidden below 640 px. */
export function Logo({ compact = false, invert = false }: { compact?: boolean; invert?: boolean }) {
  return (
    <Link
      to="/"
      className={cn('flex items-center gap-2 rounded-md text-lg font-bold tracking-tight', invert ? 'text-white' : 'text-slate-900')}
    >
      <Mark />
      <span className={cn(compact && 'sr-only sm:not-sr-only')}>{PRODUCT_NAME}</span>
    </Link>
  );
}
