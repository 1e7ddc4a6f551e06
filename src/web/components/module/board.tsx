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
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ChevronLeftIcon, ChevronRightIcon, GripVerticalIcon } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';

export interface BoardColumn<T> {
  id: string;
  title: string;
  items: T[];
  /** Cards in the column on the server (more than `items` when there are pages to load). */
  total: number;
  hasMore: boolean;
  onLoadMore?: () => void;
  loadingMore?: boolean;
  /** Why the column's next page could not be loaded. */
  loadError?: string;
  /** A line under the column's heading (e.g. its total value). */
  summary?: ReactNode;
}

/** Where a card was dropped: its column and its neighbours there (null at either end). */
export interface BoardMove {
  id: string;
  from: string;
  to: string;
  afterId: string | null;
  beforeId: string | null;
  /** Its position in the target column's loaded cards. */
  index: number;
}

/** What a card is drawn with: its drag handle (null when it cannot move) and whether it is the copy under the pointer. */
export interface CardParts {
  handle: ReactNode;
  overlay: boolean;
}

export interface BoardProps<T> {
  /** The board's accessible name. */
  label: string;
  columns: BoardColumn<T>[];
  getId: (item: T) => string;
  /** How a card is named in announcements and on its handle, e.g. "WEB-12 Fix login". */
  describe: (item: T) => string;
  /** A card, with its handle placed where the module wants it. */
  renderCard: (item: T, parts: CardParts) => ReactNode;
  onMove: (move: BoardMove) => void;
  /** Whether cards can be moved at all, or which. */
  canMove: boolean | ((item: T) => boolean);
  /** What the cards are, plural: names each column's list ("To Do cards") and its empty state ("No cards"). */
  noun?: string;
  /** The count's accessible name (e.g. "3 candidates"); without it the heading reads the number alone. */
  countLabel?: (total: number) => string;
  /** The label of a column's button for its next page. */
  moreLabel?: (remaining: number) => string;
  /**
   * Whether cards keep an order in their column. When not, only the column counts: a drop in the
   * card's own column is no move, and announcements name columns without positions.
   */
  ordered?: boolean;
  /** Columns scroll on their own (at most 60% of the window high) and load their next page when scrolled to its end. */
  loadOnScroll?: boolean;
  /**
   * What the columns are called, plural (e.g. "stages"): when they do not all fit, a line says which
   * are shown ("Stages 1–4 of 6") and two buttons bring the next one on either side into view.
   */
  stepper?: string;
  /** The columns' width (Tailwind classes). */
  columnClassName?: string;
}

type Layout = Record<string, string[]>;

const HANDLE =
  '-m-1 shrink-0 cursor-grab touch-none rounded p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing';

/**
 * A kanban board (dnd-kit): columns of cards, moved by mouse or touch (drag the handle) and by
 * keyboard (focus a handle, Space or Enter to pick up, left and right to another column, up and
 * down within one, Space or Enter to drop, Escape to cancel), with spoken announcements. Each
 * column shows its first cards and pages on with "load more". The board only reports a move; the
 * module applies it (optimistically, asking first where a move needs more, such as a reason) and
 * keeps the order.
 */
export function Board<T>({
  label,
  columns,
  getId,
  describe,
  renderCard,
  onMove,
  canMove,
  noun = 'cards',
  countLabel,
  moreLabel = (n) => `Load more (${n} more)`,
  ordered = true,
  loadOnScroll = false,
  stepper,
  columnClassName = 'w-[17rem] sm:w-72',
}: BoardProps<T>) {
  const [dragLayout, setDragLayout] = useState<Layout | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const layout: Layout = dragLayout ?? Object.fromEntries(columns.map((c) => [c.id, c.items.map(getId)]));
  const items = new Map(columns.flatMap((c) => c.items.map((i) => [getId(i), i] as const)));
  const titles = new Map(columns.map((c) => [c.id, c.title]));
  const movable = (item: T) => (typeof canMove === 'function' ? canMove(item) : canMove);
  const scroll = useBoardScroll(columns.length, stepper !== undefined);
  const hintId = useId();
  const headingPrefix = useId();

  // Left and right go to the top of the next column, whatever its cards' sizes; up and down move
  // within the column (dnd-kit's sortable coordinates). The column a lifted card is heading for is
  // remembered (`keyboardColumn`), not read back from the rendered board, which lags behind quick presses.
  const current = useRef({ layout, order: columns.map((c) => c.id), ordered });
  current.current = { layout, order: columns.map((c) => c.id), ordered };
  const keyboardColumn = useRef<string | null>(null);
  const coordinateGetter = useRef<KeyboardCoordinateGetter>((event, args) => {
    const { layout: now, order, ordered: sorted } = current.current;
    if (event.code === 'ArrowRight' || event.code === 'ArrowLeft') {
      event.preventDefault();
      const { active, droppableRects } = args.context;
      if (!active) return args.currentCoordinates;
      const from = keyboardColumn.current ?? order.find((c) => now[c]!.includes(String(active.id)));
      const next = from ? order[order.indexOf(from) + (event.code === 'ArrowRight' ? 1 : -1)] : undefined;
      if (!next) return args.currentCoordinates;
      keyboardColumn.current = next;
      const target = now[next]!.find((id) => id !== String(active.id)) ?? next;
      const rect = droppableRects.get(target);
      return rect ? { x: rect.left, y: rect.top } : args.currentCoordinates;
    }
    return sorted ? sortableKeyboardCoordinates(event, args) : undefined;
  }).current;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter }));

  const containerOf = (id: UniqueIdentifier, of: Layout = layout) => {
    const key = String(id);
    return key in of ? key : Object.keys(of).find((c) => of[c]!.includes(key));
  };
  const name = (id: UniqueIdentifier) => {
    const item = items.get(String(id));
    return item ? describe(item) : 'the card';
  };
  /** The column under `overId` (a column or a card), and the place there a drop of `activeId` takes. */
  const place = (overId: UniqueIdentifier, activeId: UniqueIdentifier) => {
    const column = containerOf(overId);
    if (!column) return '';
    const title = titles.get(column) ?? '';
    if (!ordered) return title;
    const all = layout[column]!;
    const others = all.filter((x) => x !== String(activeId));
    const at = String(overId) === column ? others.length : String(overId) === String(activeId) ? all.indexOf(String(activeId)) : others.indexOf(String(overId));
    return `${title}, position ${Math.max(at, 0) + 1} of ${others.length + 1}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)} in ${place(active.id, active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `Over ${place(over.id, active.id)}.` : `${name(active.id)} is not over a column.`),
    onDragEnd: ({ active, over }) => (over ? `Dropped ${name(active.id)} in ${place(over.id, active.id)}.` : `Dropped ${name(active.id)}.`),
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled; it is back where it was.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    keyboardColumn.current = null;
    setActiveId(String(active.id));
    setDragLayout(layout);
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    setDragLayout((now) => {
      const base = now ?? layout;
      const from = containerOf(active.id, base);
      const to = containerOf(over.id, base);
      if (!from || !to || from === to) return base;
      const next = { ...base, [from]: base[from]!.filter((x) => x !== String(active.id)) };
      const target = [...base[to]!];
      const overIndex = target.indexOf(String(over.id));
      target.splice(overIndex >= 0 ? overIndex : target.length, 0, String(active.id));
      next[to] = target;
      return next;
    });
  };

  const endDrag = () => {
    keyboardColumn.current = null;
    setActiveId(null);
    setDragLayout(null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const now = dragLayout ?? layout;
    endDrag();
    if (!over) return;
    const id = String(active.id);
    const to = containerOf(id, now);
    const from = columns.find((c) => c.items.some((i) => getId(i) === id))?.id;
    if (!to || !from) return;
    if (!ordered && from === to) return;
    let list = now[to]!;
    const overIndex = list.indexOf(String(over.id));
    const activeIndex = list.indexOf(id);
    if (overIndex >= 0 && overIndex !== activeIndex) list = arrayMove(list, activeIndex, overIndex);
    const index = list.indexOf(id);
    const original = columns.find((c) => c.id === from)!.items.map(getId);
    if (from === to && original.indexOf(id) === index) return;
    onMove({ id, from, to, afterId: list[index - 1] ?? null, beforeId: list[index + 1] ?? null, index });
  };

  const active = activeId ? items.get(activeId) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={endDrag}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: ordered
            ? 'To move a card, press Space or Enter. Move it with the arrow keys: up and down within a column, left and right to another column. Press Space or Enter to drop it, or Escape to cancel.'
            : 'To move a card, press Space or Enter, choose a column with the left and right arrow keys, then press Space or Enter again to drop it. Escape cancels.',
        },
      }}
    >
      {stepper && scroll.view.overflowing ? (
        <div className="flex items-center justify-between gap-3">
          <p id={hintId} className="text-sm text-muted-foreground">
            {stepper.charAt(0).toUpperCase() + stepper.slice(1)} {scroll.view.first}
            {scroll.view.last > scroll.view.first ? `–${scroll.view.last}` : ''} of {columns.length}: scroll sideways for the others.
          </p>
          <div className="flex shrink-0 gap-1">
            {/* aria-disabled, not disabled: a keyboard user pressing one to the end keeps their focus on it. */}
            <Button
              variant="outline"
              size="icon"
              className="size-9 aria-disabled:cursor-default aria-disabled:opacity-50"
              aria-label={`Earlier ${stepper}`}
              aria-disabled={scroll.view.atStart}
              onClick={() => scroll.step(-1)}
            >
              <ChevronLeftIcon aria-hidden />
            </Button>
            <Button
              variant="outline"
              size="icon"
              className="size-9 aria-disabled:cursor-default aria-disabled:opacity-50"
              aria-label={`Later ${stepper}`}
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
        onScroll={stepper ? scroll.measure : undefined}
        role="region"
        aria-label={label}
        aria-describedby={stepper && scroll.view.overflowing ? hintId : undefined}
        tabIndex={0}
        className={cn(
          'relative -mx-1 overflow-x-auto rounded-md pb-2 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-scrollbar]:h-2.5 [&::-webkit-scrollbar-thumb]:rounded-full [&::-webkit-scrollbar-thumb]:bg-slate-300 [&::-webkit-scrollbar-track]:rounded-full [&::-webkit-scrollbar-track]:bg-slate-100',
          !stepper && 'snap-x',
        )}
      >
        <ol className="flex min-w-max gap-3 px-1">
          {columns.map((column) => (
            <Column
              key={column.id}
              column={column}
              headingId={`${headingPrefix}-${column.id}`}
              ids={layout[column.id] ?? []}
              items={items}
              describe={describe}
              renderCard={renderCard}
              movable={movable}
              activeId={activeId}
              noun={noun}
              countLabel={countLabel}
              moreLabel={moreLabel}
              loadOnScroll={loadOnScroll}
              className={cn(columnClassName, !stepper && 'snap-start')}
            />
          ))}
        </ol>
      </div>
      <DragOverlay>
        {active
          ? renderCard(active, {
              handle: (
                <span className={HANDLE} aria-hidden>
                  <GripVerticalIcon className="size-4" />
                </span>
              ),
              overlay: true,
            })
          : null}
      </DragOverlay>
    </DndContext>
  );
}

function Column<T>({
  column,
  headingId,
  ids,
  items,
  describe,
  renderCard,
  movable,
  activeId,
  noun,
  countLabel,
  moreLabel,
  loadOnScroll,
  className,
}: {
  column: BoardColumn<T>;
  headingId: string;
  ids: string[];
  items: Map<string, T>;
  describe: (item: T) => string;
  renderCard: (item: T, parts: CardParts) => ReactNode;
  movable: (item: T) => boolean;
  activeId: string | null;
  noun: string;
  countLabel?: (total: number) => string;
  moreLabel: (remaining: number) => string;
  loadOnScroll: boolean;
  className?: string;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.id });
  const sentinel = useRef<HTMLDivElement>(null);
  // Scrolled to the column's end: its next page (the observer is set again after each render, so a
  // page that leaves the end in view asks for the next one).
  useEffect(() => {
    const node = sentinel.current;
    if (!loadOnScroll || !node || !column.hasMore || !column.onLoadMore || typeof IntersectionObserver === 'undefined') return;
    const load = column.onLoadMore;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load();
    });
    observer.observe(node);
    return () => observer.disconnect();
  });
  return (
    <li
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-board-column={column.id}
      className={cn('flex shrink-0 flex-col rounded-lg border bg-muted/40 transition-colors', className, isOver && 'border-primary bg-primary/5')}
    >
      <div className="grid gap-0.5 border-b p-3">
        <h2 id={headingId} className="flex items-center justify-between gap-2 text-sm font-semibold">
          {column.title}
          <span className="rounded-full bg-background px-2 py-0.5 text-xs font-medium tabular-nums" aria-label={countLabel?.(column.total)}>
            {column.total}
          </span>
        </h2>
        {column.summary}
      </div>
      <div className={cn('grid flex-1 content-start', loadOnScroll && 'max-h-[60vh] overflow-y-auto')}>
        <SortableContext id={column.id} items={ids} strategy={verticalListSortingStrategy}>
          <ul className="grid min-h-24 content-start gap-2 p-2" aria-label={`${column.title} ${noun}`}>
            {ids.map((id) => {
              const item = items.get(id);
              return item ? (
                <SortableCard key={id} id={id} name={describe(item)} movable={movable(item)} dimmed={id === activeId}>
                  {(handle) => renderCard(item, { handle, overlay: false })}
                </SortableCard>
              ) : null;
            })}
            {ids.length === 0 ? <li className="p-2 text-center text-xs text-muted-foreground">No {noun}</li> : null}
          </ul>
        </SortableContext>
        {column.hasMore ? (
          <div ref={sentinel} className="px-2 pb-2">
            <Button variant="ghost" size="sm" className="w-full" onClick={column.onLoadMore} disabled={column.loadingMore}>
              {column.loadingMore ? 'Loading...' : moreLabel(column.total - column.items.length)}
            </Button>
          </div>
        ) : null}
        {column.loadError ? (
          <p role="alert" className="px-3 pb-2 text-xs text-destructive">
            {column.loadError}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function SortableCard({ id, name, movable, dimmed, children }: { id: string; name: string; movable: boolean; dimmed: boolean; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = useSortable({ id, disabled: !movable });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={cn(dimmed && 'opacity-40')} data-card-id={id}>
      {children(
        movable ? (
          <button type="button" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Move ${name}`} className={HANDLE}>
            <GripVerticalIcon className="size-4" aria-hidden />
          </button>
        ) : null,
      )}
    </li>
  );
}

/**
 * Which columns a sideways-scrolling board shows, and moves it a column at a time: six columns
 * are wider than a laptop's page beside the sidebar (1366 px) and than a phone, and a scrollbar
 * alone is not enough (overlay scrollbars are hidden until used, and touch screens have none).
 * Columns are found by `data-board-column`; the region is their offset parent (`relative`). It is
 * measured on mount, then on every scroll and resize (only when `enabled`).
 */
function useBoardScroll(columnCount: number, enabled: boolean) {
  const region = useRef<HTMLDivElement>(null);
  /** Where a smooth scroll is heading: a second click before it arrives goes on from there, not from where it is. */
  const aim = useRef<number | null>(null);
  const [view, setView] = useState({ overflowing: false, first: 1, last: columnCount, atStart: true, atEnd: true });
  const columns = () => [...(region.current?.querySelectorAll<HTMLElement>('[data-board-column]') ?? [])];
  const measure = useCallback(() => {
    const node = region.current;
    if (!node) return;
    const left = node.scrollLeft;
    const right = left + node.clientWidth;
    if (aim.current !== null && Math.abs(aim.current - left) < 2) aim.current = null;
    const shown = [...node.querySelectorAll<HTMLElement>('[data-board-column]')].flatMap((c, i) =>
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
    if (!enabled || !node) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [measure, enabled]);
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
    if (!enabled || !node) return;
    const settled = () => {
      aim.current = null;
    };
    node.addEventListener('scrollend', settled);
    return () => node.removeEventListener('scrollend', settled);
  }, [enabled]);
  return { region, view, measure, step };
}
