import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** An empty list: what it is and what to do next. */
export function EmptyState({ icon: Icon, title, children, action }: { icon: LucideIcon; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-md border border-dashed bg-background p-8 text-center">
      <Icon className="size-8 text-muted-foreground" aria-hidden />
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{children}</p>
      {action ? <div className="pt-2">{action}</div> : null}
    </div>
  );
}
