import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarIcon, PlusIcon, SquareKanbanIcon, UserIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PROJECTS_MESSAGES, TASK_STATUS_LABELS, type Board as BoardData, type Task } from '@/shared/projects';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { PageState } from '@/web/components/ui/page-state';
import { Board, type BoardMove } from '@/web/components/module/board';
import { EmptyState } from '@/web/components/module/empty-state';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { toast } from '@/web/lib/toast';
import { cn } from '@/web/lib/utils';
import { boardQuery, columnPage, moveTask, projectsQuery } from './api';
import { applyTask, moveLocally } from './board-cache';
import { formatDay, PriorityBadge, todayIso } from './components/badges';
import { TaskDialog } from './components/task-dialog';
import { ProjectsPage } from './projects-page';
import { PageHeading } from '@/web/components/module/module-page';
import { nativeSelect } from '@/web/components/module/styles';
import { useLiveTasks, type LiveState } from './use-live-tasks';

export function KanbanPage() {
  return <ProjectsPage title="Kanban Board">{(scope) => <Kanban scope={scope} />}</ProjectsPage>;
}

const LIVE_LABELS: Record<LiveState, string> = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…', closed: 'Not live: reload the page' };

function Kanban({ scope }: { scope: ModuleScopeState }) {
  const [params, setParams] = useSearchParams();
  const projects = useQuery(projectsQuery({ entityId: scope.entityId, limit: 100, sort: 'name', dir: 'asc' }));
  const requested = params.get('project') ?? undefined;
  const list = projects.data?.items ?? [];
  const projectId = list.some((p) => p.id === requested) ? requested : list[0]?.id;

  useEffect(() => {
    if (projectId && projectId !== requested) {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('project', projectId);
          return next;
        },
        { replace: true },
      );
    }
  }, [projectId, requested, setParams]);

  const picker = (
    <div className="grid gap-1.5 sm:w-72">
      <Label htmlFor="board-project">Project</Label>
      <select
        id="board-project"
        className={nativeSelect}
        value={projectId ?? ''}
        onChange={(e) =>
          setParams((p) => {
            const next = new URLSearchParams(p);
            next.set('project', e.target.value);
            return next;
          })
        }
      >
        {list.map((p) => (
          <option key={p.id} value={p.id}>
            {p.key} · {p.name}
          </option>
        ))}
      </select>
    </div>
  );

  if (projects.isPending) return <PageState>Loading...</PageState>;
  if (projects.isError) return <PageState>{projects.error.message}</PageState>;
  if (!projectId) {
    return (
      <>
        <PageHeading title="Kanban Board" description="A project's tasks in a column per status." />
        <EmptyState
          icon={SquareKanbanIcon}
          title="No projects yet"
          action={
            <Link className="text-sm font-medium text-primary underline underline-offset-4" to={`/projects/list${entitySearch(scope)}`}>
              Go to All Projects
            </Link>
          }
        >
          A board shows one project's tasks. Create a project first.
        </EmptyState>
      </>
    );
  }
  return <ProjectBoard key={projectId} scope={scope} projectId={projectId} picker={picker} />;
}

function ProjectBoard({ scope, projectId, picker }: { scope: ModuleScopeState; projectId: string; picker: React.ReactNode }) {
  const qc = useQueryClient();
  const key = boardQuery(projectId).queryKey;
  const board = useQuery(boardQuery(projectId));
  const [adding, setAdding] = useState(false);
  const [loadingMore, setLoadingMore] = useState<string | null>(null);
  const live = useLiveTasks(
    { projectId },
    (event) => qc.setQueryData<BoardData>(key, (b) => (b ? applyTask(b, event.task) : b)),
    () => void qc.invalidateQueries({ queryKey: key }),
  );
  const search = entitySearch(scope);
  const today = todayIso();

  if (board.isPending) return <PageState>Loading...</PageState>;
  if (board.isError) return <PageState>{board.error.message}</PageState>;
  const b = board.data;
  const canMove = scope.can('member', b.project.entityId);

  const onMove = (move: BoardMove) => {
    const previous = qc.getQueryData<BoardData>(key);
    void qc.cancelQueries({ queryKey: key });
    qc.setQueryData<BoardData>(key, (x) => (x ? moveLocally(x, move) : x));
    moveTask(move.id, { status: move.to as Task['status'], afterId: move.afterId, beforeId: move.beforeId })
      .then((task) => {
        qc.setQueryData<BoardData>(key, (x) => (x ? applyTask(x, task) : x));
        // Progress, lists and figures elsewhere follow.
        void qc.invalidateQueries({ queryKey: ['projects'], predicate: (q) => q.queryKey[1] !== 'board' });
      })
      .catch((error: Error) => {
        // Rolled back: the card goes back, then the board is read again (others may have moved cards meanwhile).
        if (previous) qc.setQueryData(key, previous);
        void qc.invalidateQueries({ queryKey: key });
        toast.error(PROJECTS_MESSAGES.moveFailed, { description: error.message });
      });
  };

  const loadMore = (status: Task['status'], cursor: string) => {
    setLoadingMore(status);
    columnPage(projectId, status, cursor)
      .then((page) =>
        qc.setQueryData<BoardData>(key, (x) =>
          x
            ? {
                ...x,
                columns: x.columns.map((c) =>
                  c.status === status ? { ...c, items: [...c.items, ...page.items.filter((t) => !c.items.some((i) => i.id === t.id))], nextCursor: page.nextCursor } : c,
                ),
              }
            : x,
        ),
      )
      .catch((error: Error) => toast.error(error.message))
      .finally(() => setLoadingMore(null));
  };

  return (
    <>
      <PageHeading
        title="Kanban Board"
        description={
          <>
            <Link to={`/projects/${b.project.id}${search}`} className="text-primary underline underline-offset-4">
              {b.project.key} · {b.project.name}
            </Link>
            {canMove ? ' — drag a card by its handle, or focus the handle and press Space, then the arrow keys.' : ''}
          </>
        }
        actions={
          canMove ? (
            <Button onClick={() => setAdding(true)}>
              <PlusIcon aria-hidden />
              New Task
            </Button>
          ) : undefined
        }
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        {picker}
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <span className={`size-2 rounded-full ${live === 'live' ? 'bg-green-600' : 'bg-amber-500'}`} aria-hidden />
          {LIVE_LABELS[live]}
        </p>
      </div>
      <Board
        label={`${b.project.name} board`}
        columns={b.columns.map((c) => ({
          id: c.status,
          title: TASK_STATUS_LABELS[c.status],
          items: c.items,
          total: c.total,
          hasMore: Boolean(c.nextCursor),
          loadingMore: loadingMore === c.status,
          onLoadMore: () => c.nextCursor && loadMore(c.status, c.nextCursor),
        }))}
        getId={(t) => t.id}
        describe={(t) => `${t.code} ${t.title}`}
        canMove={canMove}
        onMove={onMove}
        renderCard={(t, { handle, overlay }) => (
          <div className={cn('flex items-start gap-1 rounded-md border bg-background p-2 shadow-xs', overlay && 'shadow-lg')}>
            {handle}
            <div className="grid min-w-0 flex-1 gap-1.5 text-sm">
              <Link to={`/projects/tickets/${t.id}${search}`} className="font-medium break-words text-foreground underline-offset-4 hover:underline">
                <span className="font-mono text-xs text-muted-foreground">{t.code}</span> {t.title}
              </Link>
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <PriorityBadge priority={t.priority} />
                {t.assignee ? (
                  <span className="inline-flex items-center gap-1">
                    <UserIcon className="size-3" aria-hidden />
                    {t.assignee.name}
                  </span>
                ) : null}
                {t.dueDate ? (
                  <span className={`inline-flex items-center gap-1 ${t.dueDate < today && t.status !== 'done' ? 'font-medium text-destructive' : ''}`}>
                    <CalendarIcon className="size-3" aria-hidden />
                    {formatDay(t.dueDate)}
                  </span>
                ) : null}
              </div>
            </div>
          </div>
        )}
      />
      <TaskDialog open={adding} onOpenChange={setAdding} scope={scope} projectId={projectId} />
    </>
  );
}
