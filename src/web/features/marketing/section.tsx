import type { ComponentProps, ReactNode } from 'react';
import { Check } from 'lucide-react';
import { cn } from '@/web/lib/utils';

/**
 * A page section labelled by its h2; `scroll-mt` keeps anchored sections clear of the sticky header.
 * Given a `heading`, the section starts with it; otherwise `labelledBy` names the h2 inside.
 */
export function Section({
  id,
  className,
  children,
  ...labelled
}: {
  id?: string;
  className?: string;
  children: ReactNode;
} & ({ heading: Heading; labelledBy?: never } | { labelledBy: string; heading?: never })) {
  return (
    <section id={id} aria-labelledby={labelled.heading?.id ?? labelled.labelledBy} className={cn('scroll-mt-24 py-16 sm:py-24', className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {labelled.heading ? <SectionHeading {...labelled.heading} /> : null}
        {children}
      </div>
    </section>
  );
}

export type Heading = ComponentProps<typeof SectionHeading>;

export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = 'center',
  invert = false,
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  align?: 'center' | 'left';
  invert?: boolean;
}) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow ? (
        <p className={cn('text-sm font-semibold uppercase tracking-wider', invert ? 'text-blue-200' : 'text-primary')}>{eyebrow}</p>
      ) : null}
      <h2 id={id} className={cn('mt-2 text-3xl font-bold tracking-tight sm:text-4xl', invert ? 'text-white' : 'text-slate-900')}>
        {title}
      </h2>
      {intro ? <p className={cn('mt-4 text-lg leading-8', invert ? 'text-slate-300' : 'text-slate-600')}>{intro}</p> : null}
    </div>
  );
}

export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn('grid gap-2.5', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2.5 text-sm leading-6 text-slate-700">
          <Check aria-hidden className="mt-1 size-4 shrink-0 text-primary" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Initials in a coloured circle: testimonials carry no photos. */
export function Avatar({ name }: { name: string }) {
  const initials = name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
  return (
    <span
      aria-hidden
      className="flex size-11 shrink-0 items-center justify-center rounded-full bg-blue-100 text-sm font-semibold text-blue-800"
    >
      {initials}
    </span>
  );
}

/** A page's opening band with its single h1. */
export function PageHero({ eyebrow, title, intro, children }: { eyebrow?: string; title: ReactNode; intro: ReactNode; children?: ReactNode }) {
  return (
    <div className="relative overflow-hidden border-b border-slate-200 bg-linear-to-b from-blue-50 to-white">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-24 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-blue-200/40 blur-3xl"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
        {eyebrow ? <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p> : null}
        <h1 className="mx-auto max-w-4xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-slate-600">{intro}</p>
        {children}
      </div>
    </div>
  );
}
