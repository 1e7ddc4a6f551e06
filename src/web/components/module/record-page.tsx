import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeftIcon, PencilIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { PageState } from '@/web/components/ui/page-state';
import type { ModuleScopeState } from './module-context';
import { PageHeading } from './module-page';

/** What a record's page shows once the record has loaded. */
export interface RecordView {
  title: ReactNode;
  description: ReactNode;
  /**
   * The Edit button and its dialog, for those who may edit the record (leave it out for the
   * others). `dialog` draws the form's dialog, open or closed.
   */
  edit?: {
    /** The button's label ("Edit" unless given). */
    label?: string;
    /** The page's main action (a filled button) rather than an outlined one. */
    primary?: boolean;
    dialog: (props: { open: boolean; onOpenChange: (open: boolean) => void }) => ReactNode;
  };
  /** The heading's buttons, given the Edit button (null when there is none) to place among them; the Edit button alone unless given. */
  actions?: (edit: ReactNode) => ReactNode;
  /** The page below its heading. */
  body: ReactNode;
}

/**
 * A record's page in a module: "Loading..." while the record loads; its error (e.g. "… not found")
 * with a link back to the list when it cannot be read; else the back link, the heading with its
 * actions and the Edit button, the body, and the edit dialog.
 */
export function RecordPage<T>({
  scope,
  query,
  back,
  entityOf = (record) => (record as { entityId: string }).entityId,
  children,
}: {
  scope: ModuleScopeState;
  query: UseQueryResult<T, Error>;
  /** The list the record belongs to: its path (with the entity choice) and name. */
  back: { to: string; label: string };
  /** The record's entity, where the user's role decides `canWrite` (the record's `entityId` unless given). */
  entityOf?: (record: T) => string;
  /** The page for the record; `canWrite`: the user is a Member or more at its entity. */
  children: (record: T, canWrite: boolean) => RecordView;
}) {
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <PageState>Loading...</PageState>;
  if (query.isError) {
    return (
      <PageState>
        <span className="grid gap-3">
          <span>{query.error.message}</span>
          <Link to={back.to} className="text-primary underline">
            Back to {back.label}
          </Link>
        </span>
      </PageState>
    );
  }
  const view = children(query.data, scope.can('member', entityOf(query.data)));
  const edit = view.edit ? (
    <Button variant={view.edit.primary ? 'default' : 'outline'} onClick={() => setEditing(true)}>
      <PencilIcon aria-hidden />
      {view.edit.label ?? 'Edit'}
    </Button>
  ) : null;
  return (
    <>
      <Link to={back.to} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden />
        {back.label}
      </Link>
      <PageHeading title={view.title} description={view.description} actions={view.actions ? view.actions(edit) : edit} />
      {view.body}
      {view.edit?.dialog({ open: editing, onOpenChange: setEditing })}
    </>
  );
}
