import type { ReactNode } from 'react';
import { cn } from '@/web/lib/utils';
import { Label } from './label';

/** A labelled form field with its error message, tied together for screen readers. */
export function Field({
  id,
  label,
  error,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
