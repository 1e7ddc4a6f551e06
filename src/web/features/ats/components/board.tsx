import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQueryClient } from '@tanstack/react-query';
import { GripVerticalIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { STAGE_LABELS, STAGES, type Board as BoardData, type BoardCard, type BoardColumn, type Stage } from '@/shared/ats';
import { Button } from '@/web/components/ui/button';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { cn } from '@/web/lib/utils';
import { fetchColumnPage, moveApplication } from '../api';
import { formatDate } from '../format';
import { HireDialog, RejectDialog } from './move-dialogs';

type Columns = Record<Stage, BoardColumn>;

const toColumns = (data: BoardData): Columns => Object.fromEntries(data.columns.map((c) => [c.stage, c])) as Columns;

interface PendingMove {
  card: BoardCard;
  to: Stage;
  index: number;
}

/**
 * A job's pipeline: a column per stage, cards moved by mouse (drag and drop) or keyboard
 * (Space to pick a card up, arrow keys to move it, Space to drop, Escape to cancel; dnd-kit).
 * A move shows at once and is undone if the server refuses it. Moving to Rejected asks for a
 * reason; moving to Hired offers to create the employee record when the entity has HRMS.
 */
export function Board({ data, canMove, canHire, search }: { data: BoardData; canMove: boolean; canHire: boolean; search: string }) {
  const qc = useQueryClient();
  const [columns, setColumns] = useState<Columns>(() => toColumns(data));
  const [dragging, setDragging] = useState<BoardCard | null>(null);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const moving = useRef(0);
  // A fresh board from the server replaces ours, unless a move of ours is still on its way.
  useEffect(() => {
    if (moving.current === 0) setColumns(toColumns(data));
  }, [data]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const find = (id: string): { stage: Stage; index: number } | null => {
    for (const stage of STAGES) {
      const index = columns[stage].items.findIndex((c) => c.id === id);
      if (index >= 0) return { stage, index };
    }
    return null;
  };
  const cardById = (id: string) => {
    const at = find(id);
    return at ? columns[at.stage].items[at.index]! : null;
  };

  /** Where a drop over `overId` (a card or a column) puts the card. */
  const target = (overId: string, activeId: string): { stage: Stage; index: number } | null => {
    if (overId.startsWith('column:')) {
      const stage = overId.slice('column:'.length) as Stage;
      return { stage, index: columns[stage].items.filter((c) => c.id !== activeId).length };
    }
    // Over a card: its place (within one column as dnd-kit's arrayMove would put it).
    const at = find(overId);
    return at ? { stage: at.stage, index: at.index } : null;
  };

  const apply = async (card: BoardCard, to: Stage, index: number, extra: { reason?: string; startDate?: string } = {}) => {
    const before = columns;
    const from = find(card.id);
    if (!from) return;
    const next = { ...columns };
    const source = columns[from.stage].items.filter((c) => c.id !== card.id);
    next[from.stage] = { ...columns[from.stage], items: source, total: columns[from.stage].total - (from.stage === to ? 0 : 1) };
    const targetItems = from.stage === to ? source : [...columns[to].items];
    const moved: BoardCard = { ...card, stage: to, rejectionReason: to === 'rejected' ? (extra.reason ?? '') : '' };
    const at = Math.max(0, Math.min(index, targetItems.length));
    targetItems.splice(at, 0, moved);
    next[to] = { ...columns[to], items: targetItems, total: columns[to].total + (from.stage === to ? 0 : 1) };
    if (from.stage === to && from.index === at) return;
    setColumns(next);
    moving.current++;
    try {
      const result = await moveApplication({
        id: card.id,
        stage: to,
        afterId: at > 0 ? targetItems[at - 1]!.id : null,
        version: card.version,
        ...(to === 'rejected' ? { reason: extra.reason } : {}),
        ...(extra.startDate ? { createEmployee: { startDate: extra.startDate } } : {}),
      });
      setColumns((current) => ({
        ...current,
        [to]: { ...current[to], items: current[to].items.map((c) => (c.id === card.id ? { ...c, version: result.version, employeeId: result.employeeId } : c)) },
      }));
      if (from.stage !== to) toast.success('Moved', { description: `${card.candidateName} moved to ${STAGE_LABELS[to]}.` });
      if (extra.startDate && result.employeeId) toast.success('Employee record created', { description: `${card.candidateName} is now an employee in HRMS.` });
    } catch (error) {
      setColumns(before);
      toast.error('Move not saved', { description: errorMessage(error, 'The move could not be saved.') });
    } finally {
      moving.current--;
      void qc.invalidateQueries({ queryKey: ['ats'], predicate: (q) => q.queryKey[1] !== 'board' });
      if (extra.startDate) void qc.invalidateQueries({ queryKey: ['hrms'] });
      if (moving.current === 0) void qc.invalidateQueries({ queryKey: ['ats', 'board', data.job.id] });
    }
  };

  /** A drop (or a keyboard or menu move): Rejected and Hired ask first. */
  const request = (card: BoardCard, to: Stage, index: number) => {
    if (to !== card.stage && to === 'rejected') return setPending({ card, to, index });
    if (to !== card.stage && to === 'hired' && data.hrmsAvailable && canHire && !card.employeeId) return setPending({ card, to, index });
    void apply(card, to, index);
  };

  const onDragStart = (event: DragStartEvent) => setDragging(cardById(String(event.active.id)));
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    if (!event.over) return;
    const card = cardById(String(event.active.id));
    const to = target(String(event.over.id), String(event.active.id));
    if (card && to) request(card, to.stage, to.index);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${cardById(String(active.id))?.candidateName ?? 'card'}. Use the arrow keys to move, Space to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) => {
      if (!over) return `${cardById(String(active.id))?.candidateName ?? 'Card'} is no longer over a column.`;
      const to = target(String(over.id), String(active.id));
      return to ? `Over ${STAGE_LABELS[to.stage]}, position ${to.index + 1}.` : '';
    },
    onDragEnd: ({ active, over }) => {
      const to = over ? target(String(over.id), String(active.id)) : null;
      return to ? `Dropped ${cardById(String(active.id))?.candidateName ?? 'card'} in ${STAGE_LABELS[to.stage]}.` : 'Dropped.';
    },
    onDragCancel: ({ active }) => `Moving ${cardById(String(active.id))?.candidateName ?? 'card'} cancelled.`,
  };

  const loadMore = async (stage: Stage) => {
    const column = columns[stage];
    if (!column.nextCursor) return;
    try {
      const page = await fetchColumnPage(data.job.id, stage, column.nextCursor);
      setColumns((current) => {
        const seen = new Set(current[stage].items.map((c) => c.id));
        return { ...current, [stage]: { ...page, items: [...current[stage].items, ...page.items.filter((c) => !seen.has(c.id))] } };
      });
    } catch (error) {
      toast.error('Could not load more', { description: errorMessage(error, 'Please try again.') });
    }
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: 'To move a candidate, press Space, use the arrow keys to choose a column and a place, then press Space again. Escape cancels.' },
        }}
      >
        <nav aria-label="Stages" className="flex flex-wrap gap-1.5">
          {STAGES.map((stage) => (
            <button
              key={stage}
              type="button"
              className="inline-flex h-8 items-center gap-1.5 rounded-full border bg-background px-3 text-xs font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              onClick={() => document.getElementById(`column-${stage}`)?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' })}
            >
              {STAGE_LABELS[stage]}
              <span className="tabular-nums text-muted-foreground">{columns[stage].total}</span>
            </button>
          ))}
        </nav>
        <div className="overflow-x-auto pb-2" role="region" aria-label="Hiring pipeline" tabIndex={0}>
          <ol className="flex min-w-max gap-3">
            {STAGES.map((stage) => (
              <Column key={stage} column={columns[stage]} canMove={canMove} search={search} onMove={request} onLoadMore={() => void loadMore(stage)} />
            ))}
          </ol>
        </div>
        <DragOverlay>{dragging ? <CardBody card={dragging} search={search} overlay /> : null}</DragOverlay>
      </DndContext>
      <RejectDialog
        open={pending?.to === 'rejected'}
        name={pending?.card.candidateName ?? ''}
        onCancel={() => setPending(null)}
        onConfirm={(reason) => {
          if (pending) void apply(pending.card, pending.to, pending.index, { reason });
          setPending(null);
        }}
      />
      <HireDialog
        open={pending?.to === 'hired'}
        name={pending?.card.candidateName ?? ''}
        jobTitle={data.job.title}
        onCancel={() => setPending(null)}
        onConfirm={(startDate) => {
          if (pending) void apply(pending.card, pending.to, pending.index, startDate ? { startDate } : {});
          setPending(null);
        }}
      />
    </>
  );
}

function Column({
  column,
  canMove,
  search,
  onMove,
  onLoadMore,
}: {
  column: BoardColumn;
  canMove: boolean;
  search: string;
  onMove: (card: BoardCard, to: Stage, index: number) => void;
  onLoadMore: () => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `column:${column.stage}`, disabled: !canMove });
  const headingId = `column-${column.stage}`;
  return (
    <li className="w-64 shrink-0" aria-labelledby={headingId}>
      <section ref={setNodeRef} className={cn('grid min-h-40 content-start gap-2 rounded-lg border bg-muted/40 p-2', isOver && 'ring-2 ring-primary')}>
        <h2 id={headingId} className="flex items-center justify-between px-1 text-sm font-semibold">
          {STAGE_LABELS[column.stage]}
          <span className="rounded-full bg-background px-2 text-xs tabular-nums text-muted-foreground" aria-label={`${column.total} candidates`}>
            {column.total}
          </span>
        </h2>
        <SortableContext id={column.stage} items={column.items.map((c) => c.id)} strategy={verticalListSortingStrategy}>
          <ul className="grid gap-2" aria-label={`${STAGE_LABELS[column.stage]} candidates`}>
            {column.items.map((card) => (
              <SortableCard key={card.id} card={card} canMove={canMove} search={search} onMove={onMove} />
            ))}
          </ul>
        </SortableContext>
        {column.items.length === 0 ? <p className="px-1 py-4 text-center text-xs text-muted-foreground">No candidates</p> : null}
        {column.nextCursor ? (
          <Button variant="ghost" size="sm" onClick={onLoadMore}>
            Show more ({column.total - column.items.length})
          </Button>
        ) : null}
      </section>
    </li>
  );
}

function SortableCard({ card, canMove, search, onMove }: { card: BoardCard; canMove: boolean; search: string; onMove: (card: BoardCard, to: Stage, index: number) => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: card.id, disabled: !canMove });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className={cn(isDragging && 'opacity-40')}>
      <CardBody
        card={card}
        search={search}
        handle={
          canMove ? (
            <button
              type="button"
              ref={setActivatorNodeRef}
              {...attributes}
              {...listeners}
              aria-label={`Move ${card.candidateName}`}
              className="cursor-grab rounded p-1 text-muted-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
            >
              <GripVerticalIcon className="size-4" aria-hidden />
            </button>
          ) : null
        }
        menu={
          canMove ? (
            <label className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
              <span>Stage</span>
              <select
                aria-label={`Stage of ${card.candidateName}`}
                className="h-7 min-w-0 flex-1 rounded border bg-background px-1 text-xs"
                value={card.stage}
                onChange={(e) => onMove(card, e.target.value as Stage, 0)}
              >
                {STAGES.map((s) => (
                  <option key={s} value={s}>
                    {STAGE_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
          ) : null
        }
      />
    </li>
  );
}

function CardBody({ card, search, handle, menu, overlay = false }: { card: BoardCard; search: string; handle?: ReactNode; menu?: ReactNode; overlay?: boolean }) {
  return (
    <article className={cn('grid gap-1 rounded-md border bg-background p-2 text-sm shadow-xs', overlay && 'shadow-lg')} aria-label={card.candidateName}>
      <div className="flex items-start gap-1">
        {handle}
        <div className="grid min-w-0 flex-1">
          <Link to={`/ats/candidates/${card.candidateId}${search}`} className="truncate font-medium text-primary underline-offset-4 hover:underline">
            {card.candidateName}
          </Link>
          <span className="truncate text-xs text-muted-foreground">{card.candidateEmail}</span>
          <span className="text-xs text-muted-foreground">Applied {formatDate(card.appliedAt)}</span>
          {card.stage === 'rejected' && card.rejectionReason ? <span className="text-xs whitespace-pre-line text-destructive">Reason: {card.rejectionReason}</span> : null}
          {card.employeeId ? <span className="text-xs font-medium text-green-700">Employee record created</span> : null}
        </div>
      </div>
      {menu}
    </article>
  );
}
