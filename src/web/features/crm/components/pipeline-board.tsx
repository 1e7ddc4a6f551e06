import {
  DndContext,
  DragOverlay,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, GripVerticalIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CRM_MESSAGES,
  formatMoney,
  OPPORTUNITY_STAGE_LABELS,
  OPPORTUNITY_STAGES,
  type Money,
  type Opportunity,
  type OpportunityStage,
  type Pipeline,
  type PipelineColumn,
} from '@/shared/crm';
import type { Page } from '@/shared/pagination';
import { isStaleVersion } from '@/web/components/module/stale';
import { Button } from '@/web/components/ui/button';
import { api } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { cn } from '@/web/lib/utils';
import { crmKeys, pipelineKey, pipelineQuery } from '../api';
import { formatDay, formatMoneyList } from '../format';
import { LostReasonDialog } from './lost-reason-dialog';

type Query = Record<string, string | number | undefined>;

const label = (stage: OpportunityStage) => OPPORTUNITY_STAGE_LABELS[stage];

/** Adds or takes away one card's amount from a column's totals (per currency). */
function adjust(totals: Money[], card: Opportunity, sign: 1 | -1): Money[] {
  const next = totals.map((m) => (m.currency === card.currency ? { ...m, amountMinor: m.amountMinor + sign * card.amountMinor } : m));
  if (sign === 1 && !next.some((m) => m.currency === card.currency)) next.push({ currency: card.currency, amountMinor: card.amountMinor });
  return next.filter((m) => m.amountMinor !== 0);
}

/** The board as it will be once the move lands: the card leaves its column and heads the other one. */
function moved(board: Pipeline, card: Opportunity, to: OpportunityStage): Pipeline {
  return {
    columns: board.columns.map((col) => {
      if (col.stage === card.stage) return { ...col, count: col.count - 1, totals: adjust(col.totals, card, -1), items: col.items.filter((x) => x.id !== card.id) };
      if (col.stage === to) return { ...col, count: col.count + 1, totals: adjust(col.totals, card, 1), items: [{ ...card, stage: to }, ...col.items] };
      return col;
    }),
  };
}

/**
 * Arrow keys move a lifted card to the next column (left, right) rather than by a few pixels:
 * the board works by keyboard (Space or Enter lifts and drops, Escape cancels). The column the
 * card is over is remembered here (`column.current`), not read back from the rendered position,
 * which lags behind quick presses.
 */
const columnCoordinates =
  (column: { current: number | null }): KeyboardCoordinateGetter =>
  (event, { currentCoordinates, context: { droppableRects, droppableContainers } }) => {
    const direction = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
    if (direction === 0) return undefined;
    event.preventDefault();
    const columns = droppableContainers
      .getEnabled()
      .map((c) => droppableRects.get(c.id))
      .filter((rect): rect is NonNullable<typeof rect> => rect !== undefined)
      .sort((x, y) => x.left - y.left);
    const x = currentCoordinates.x;
    const from = column.current ?? columns.findIndex((rect) => x >= rect.left - 1 && x < rect.left + rect.width);
    if (from < 0) return undefined;
    const to = Math.min(Math.max(from + direction, 0), columns.length - 1);
    column.current = to;
    return { x: columns[to]!.left + 8, y: columns[to]!.top + 48 };
  };

/**
 * Which stages a sideways-scrolling board shows, and moves it a column at a time: six columns
 * are wider than a laptop's page beside the sidebar (1366 px) and than a phone, and a scrollbar
 * alone is not enough (overlay scrollbars are hidden until used, and touch screens have none).
 * Columns are found by `data-stage-column`; the region is their offset parent (`relative`). It
 * is measured once the board has loaded (`ready`), then on every scroll and resize.
 */
function useBoardScroll(columnCount: number, ready: boolean) {
  const region = useRef<HTMLDivElement>(null);
  /** Where a smooth scroll is heading: a second click before it arrives goes on from there, not from where it is. */
  const aim = useRef<number | null>(null);
  const [view, setView] = useState({ overflowing: false, first: 1, last: columnCount, atStart: true, atEnd: true });
  const columns = () => [...(region.current?.querySelectorAll<HTMLElement>('[data-stage-column]') ?? [])];
  const measure = useCallback(() => {
    const node = region.current;
    if (!node) return;
    const left = node.scrollLeft;
    const right = left + node.clientWidth;
    if (aim.current !== null && Math.abs(aim.current - left) < 2) aim.current = null;
    const shown = [...node.querySelectorAll<HTMLElement>('[data-stage-column]')].flatMap((c, i) =>
      c.offsetLeft + c.offsetWidth > left + 1 && c.offsetLeft < right - 1 ? [i + 1] : [],
    );
    const next = {
      overflowing: node.scrollWidth > node.clientWidth + 1,
      first: shown[0] ?? 1,
      last: shown.at(-1) ?? columnCount,
      atStart: left <= 1,
      atEnd: right >= node.scrollWidth - 1,
    };
    // Scroll events come every frame: the board renders again only when what it shows changes.
    setView((prev) => ((Object.keys(next) as (keyof typeof next)[]).every((k) => prev[k] === next[k]) ? prev : next));
  }, [columnCount]);
  useEffect(() => {
    const node = region.current;
    if (!node) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [measure, ready]);
  /** Brings the next column not wholly shown on that side wholly into view. */
  const step = (direction: 1 | -1) => {
    const node = region.current;
    if (!node) return;
    const left = aim.current ?? node.scrollLeft;
    const right = left + node.clientWidth;
    const target =
      direction === 1 ? columns().find((c) => c.offsetLeft + c.offsetWidth > right + 1) : columns().findLast((c) => c.offsetLeft < left - 1);
    if (!target) return;
    const max = node.scrollWidth - node.clientWidth;
    const to = Math.min(Math.max(direction === 1 ? target.offsetLeft + target.offsetWidth - node.clientWidth + 4 : target.offsetLeft - 4, 0), max);
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    aim.current = smooth ? to : null;
    node.scrollTo({ left: to, behavior: smooth ? 'smooth' : 'auto' });
  };
  // A scroll that ended (by these buttons, or by the user taking over) leaves nothing to aim at.
  useEffect(() => {
    const node = region.current;
    if (!node) return;
    const settled = () => {
      aim.current = null;
    };
    node.addEventListener('scrollend', settled);
    return () => node.removeEventListener('scrollend', settled);
  }, [ready]);
  return { region, view, measure, step };
}

export function PipelineBoard({
  query,
  canWrite,
  search,
  currency,
}: {
  query: Query;
  canWrite: (entityId: string) => boolean;
  search: string;
  /** The scope's currency: an empty column's total is zero in it. */
  currency: string;
}) {
  const qc = useQueryClient();
  const key = pipelineKey(query);
  const board = useQuery(pipelineQuery(query));
  const [dragging, setDragging] = useState<Opportunity | null>(null);
  const [losing, setLosing] = useState<Opportunity | null>(null);
  const keyboardColumn = useRef<number | null>(null);
  const [coordinateGetter] = useState(() => columnCoordinates(keyboardColumn));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter }));
  const scroll = useBoardScroll(OPPORTUNITY_STAGES.length, board.isSuccess);
  const hintId = useId();

  const move = async (card: Opportunity, to: OpportunityStage, lostReason?: string) => {
    await qc.cancelQueries({ queryKey: key });
    const before = qc.getQueryData<Pipeline>(key);
    if (before) qc.setQueryData<Pipeline>(key, moved(before, card, to));
    try {
      await api.patch(`/crm/opportunities/${card.id}`, null, { stage: to, version: card.version, ...(lostReason ? { lostReason } : {}) });
      toast.success('Success', { description: `${card.name} moved to ${label(to)}` });
    } catch (error) {
      if (before) qc.setQueryData(key, before);
      toast.error(CRM_MESSAGES.stageMoveFailed, { description: isStaleVersion(error) ? CRM_MESSAGES.reloaded : (error as Error).message });
    } finally {
      void qc.invalidateQueries({ queryKey: crmKeys.all });
    }
  };

  const cardById = (id: string) => board.data?.columns.flatMap((c) => c.items).find((x) => x.id === id);
  const onDragStart = (e: DragStartEvent) => {
    keyboardColumn.current = null;
    setDragging(cardById(String(e.active.id)) ?? null);
  };
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const card = cardById(String(e.active.id));
    const to = e.over?.id as OpportunityStage | undefined;
    if (!card || !to || to === card.stage) return;
    if (to === 'closed_lost') setLosing({ ...card, stage: card.stage });
    else void move(card, to);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${cardById(String(active.id))?.name ?? 'opportunity'}. Use the left and right arrow keys to choose a stage, Space to drop, Escape to cancel.`,
    onDragOver: ({ over }) => (over ? `Over ${label(over.id as OpportunityStage)}.` : 'Not over a stage.'),
    onDragEnd: ({ active, over }) => (over ? `Dropped ${cardById(String(active.id))?.name ?? 'opportunity'} on ${label(over.id as OpportunityStage)}.` : 'Dropped outside the board.'),
    onDragCancel: () => 'Move cancelled.',
  };

  if (board.isPending) return <p role="status" className="p-4 text-sm text-muted-foreground">Loading...</p>;
  if (board.isError) {
    return (
      <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
        {board.error.message}
      </p>
    );
  }

  return (
    <>
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: 'To move an opportunity, press Space or Enter, use the left and right arrow keys to choose a stage, then press Space or Enter again. Escape cancels.' },
        }}
      >
        {scroll.view.overflowing ? (
          <div className="flex items-center justify-between gap-3">
            <p id={hintId} className="text-sm text-muted-foreground">
              Stages {scroll.view.first}
              {scroll.view.last > scroll.view.first ? `–${scroll.view.last}` : ''} of {board.data.columns.length}: scroll sideways for the others.
            </p>
            <div className="flex shrink-0 gap-1">
              {/* aria-disabled, not disabled: a keyboard user pressing one to the end keeps their focus on it. */}
              <Button
                variant="outline"
                size="icon"
                className="size-9 aria-disabled:cursor-default aria-disabled:opacity-50"
                aria-label="Earlier stages"
                aria-disabled={scroll.view.atStart}
                onClick={() => scroll.step(-1)}
              >
                <ChevronLeftIcon aria-hidden />
              </Button>
              <Button
                variant="outline"
                size="icon"
                className="size-9 aria-disabled:cursor-default aria-disabled:opacity-50"
                aria-label="Later stages"
                aria-disabled={scroll.view.atEnd}
                onClick={() => scroll.step(1)}
              >
                <ChevronRightIcon aria-hidden />
              </Button>
            </div>
          </div>
        ) : null}
        {/* Focusable, so the arrow keys scroll it; its scrollbar is styled to stay visible where scrollbars overlay. */}
        <div
          ref={scroll.region}
          onScroll={scroll.measure}
          className="relative -mx-1 overflow-x-auto rounded-md pb-2 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-scrollbar]:h-2.5 [&::-webkit-scrollbar-thumb]:rounded-full [&::-webkit-scrollbar-thumb]:bg-slate-300 [&::-webkit-scrollbar-track]:rounded-full [&::-webkit-scrollbar-track]:bg-slate-100"
          role="region"
          aria-label="Pipeline board"
          aria-describedby={scroll.view.overflowing ? hintId : undefined}
          tabIndex={0}
        >
          <ol className="flex min-w-max gap-3 px-1">
            {board.data.columns.map((col) => (
              // Keyed by the data's time: when the board's first pages change (a move, a refresh), a column's extra pages start again from them.
              <BoardColumn key={`${col.stage}-${board.dataUpdatedAt}`} column={col} query={query} canWrite={canWrite} search={search} currency={currency} />
            ))}
          </ol>
        </div>
        <DragOverlay>{dragging ? <CardBody card={dragging} search={search} overlay /> : null}</DragOverlay>
      </DndContext>
      <LostReasonDialog
        name={losing?.name ?? null}
        onCancel={() => setLosing(null)}
        onConfirm={(reason) => {
          const card = losing;
          setLosing(null);
          if (card) void move(card, 'closed_lost', reason);
        }}
      />
    </>
  );
}

/** A stage: its count and totals, its first cards, and more as the column scrolls. */
function BoardColumn({
  column,
  query,
  canWrite,
  search,
  currency,
}: {
  column: PipelineColumn;
  query: Query;
  canWrite: (entityId: string) => boolean;
  search: string;
  currency: string;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.stage });
  const [more, setMore] = useState<{ items: Opportunity[]; cursor: string | null; loading: boolean; error?: string }>({ items: [], cursor: column.nextCursor, loading: false });
  const sentinel = useRef<HTMLLIElement>(null);
  const loadMore = async () => {
    if (!more.cursor || more.loading) return;
    setMore((m) => ({ ...m, loading: true }));
    try {
      const page = await api.get<Page<Opportunity>>('/crm/opportunities', null, { ...query, stage: column.stage, sort: 'createdAt', dir: 'desc', limit: 20, cursor: more.cursor });
      setMore((m) => ({ items: [...m.items, ...page.items.filter((x) => !column.items.some((y) => y.id === x.id))], cursor: page.nextCursor, loading: false }));
    } catch (error) {
      setMore((m) => ({ ...m, loading: false, error: (error as Error).message }));
    }
  };
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !more.cursor || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadMore());
    observer.observe(node);
    return () => observer.disconnect();
  });
  const cards = [...column.items, ...more.items];
  const headingId = `stage-${column.stage}`;
  return (
    <li
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-stage-column
      className={cn('flex w-60 shrink-0 flex-col rounded-lg border bg-muted/40 transition-colors', isOver && 'border-primary bg-primary/5')}
    >
      <div className="grid gap-0.5 border-b p-3">
        <h2 id={headingId} className="flex items-center justify-between gap-2 text-sm font-semibold">
          {label(column.stage)}
          <span className="rounded-full bg-background px-2 py-0.5 text-xs font-medium tabular-nums" aria-label={`${column.count} opportunities`}>
            {column.count}
          </span>
        </h2>
        <p className="text-xs text-muted-foreground tabular-nums">Total {formatMoneyList(column.totals, currency)}</p>
      </div>
      <ul className="grid max-h-[60vh] min-h-24 content-start gap-2 overflow-y-auto p-2" aria-label={`${label(column.stage)} opportunities`}>
        {cards.map((card) => (
          <BoardCard key={card.id} card={card} draggable={canWrite(card.entityId)} search={search} />
        ))}
        {cards.length === 0 ? <li className="p-2 text-center text-xs text-muted-foreground">No opportunities</li> : null}
        {more.cursor ? (
          <li ref={sentinel} className="grid">
            <button type="button" className="rounded-md p-1 text-xs text-primary underline-offset-2 hover:underline" onClick={() => void loadMore()} disabled={more.loading}>
              {more.loading ? 'Loading...' : 'Load more'}
            </button>
          </li>
        ) : null}
        {more.error ? (
          <li role="alert" className="text-xs text-destructive">
            {more.error}
          </li>
        ) : null}
      </ul>
    </li>
  );
}

function BoardCard({ card, draggable, search }: { card: Opportunity; draggable: boolean; search: string }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: card.id, disabled: !draggable, data: { stage: card.stage } });
  return (
    <li ref={setNodeRef} className={cn(isDragging && 'opacity-40')} data-testid="pipeline-card">
      <CardBody
        card={card}
        search={search}
        handle={
          draggable ? (
            <button
              type="button"
              className="-m-1 rounded p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              aria-label={`Move ${card.name}`}
              {...attributes}
              {...listeners}
            >
              <GripVerticalIcon className="size-4" aria-hidden />
            </button>
          ) : null
        }
      />
    </li>
  );
}

function CardBody({ card, search, handle, overlay }: { card: Opportunity; search: string; handle?: ReactNode; overlay?: boolean }) {
  return (
    <div className={cn('grid gap-1 rounded-md border bg-background p-2.5 text-sm shadow-xs', overlay && 'w-56 shadow-lg')}>
      <div className="flex items-start justify-between gap-2">
        <Link to={`/crm/opportunities/${card.id}${search}`} className="min-w-0 font-medium break-words text-primary underline-offset-4 hover:underline">
          {card.name}
        </Link>
        {handle}
      </div>
      <span className="text-xs text-muted-foreground">{card.clientName}</span>
      <span className="flex items-center justify-between gap-2 text-xs">
        <span className="font-semibold tabular-nums">{formatMoney(card.amountMinor, card.currency)}</span>
        {card.expectedCloseDate ? <span className="text-muted-foreground">{formatDay(card.expectedCloseDate)}</span> : null}
      </span>
    </div>
  );
}
