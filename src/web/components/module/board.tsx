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
  type KeyboardCoordinateGetter,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVerticalIcon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
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

type Layout = Record<string, string[]>;

/**
 * A kanban board (dnd-kit): columns of sortable cards, moved by mouse or touch (drag the handle)
 * and by keyboard (focus a handle, Space to pick up, arrow keys to move, Space to drop, Escape to
 * cancel), with spoken announcements. The board only reports a move; the owner applies it
 * (optimistically) and keeps the order.
 */
export function Board<T>({
  label,
  columns,
  getId,
  describe,
  renderCard,
  onMove,
  canMove,
}: {
  label: string;
  columns: BoardColumn<T>[];
  getId: (item: T) => string;
  /** How a card is named in announcements and on its handle, e.g. "WEB-12 Fix login". */
  describe: (item: T) => string;
  renderCard: (item: T) => ReactNode;
  onMove: (move: BoardMove) => void;
  canMove: boolean;
}) {
  const [dragLayout, setDragLayout] = useState<Layout | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const layout: Layout = dragLayout ?? Object.fromEntries(columns.map((c) => [c.id, c.items.map(getId)]));
  const items = new Map(columns.flatMap((c) => c.items.map((i) => [getId(i), i] as const)));
  const titles = new Map(columns.map((c) => [c.id, c.title]));
  // Left and right go to the top of the next column, whatever its cards' sizes; up and down move
  // within the column (dnd-kit's sortable coordinates).
  const current = useRef({ layout, order: columns.map((c) => c.id) });
  current.current = { layout, order: columns.map((c) => c.id) };
  const coordinateGetter = useRef<KeyboardCoordinateGetter>((event, args) => {
    if (event.code === 'ArrowRight' || event.code === 'ArrowLeft') {
      event.preventDefault();
      const { active, droppableRects } = args.context;
      const { layout: now, order } = current.current;
      const from = active ? order.find((c) => now[c]!.includes(String(active.id))) : undefined;
      const next = from ? order[order.indexOf(from) + (event.code === 'ArrowRight' ? 1 : -1)] : undefined;
      const target = next ? (now[next]![0] ?? next) : undefined;
      const rect = target ? droppableRects.get(target) : undefined;
      return rect ? { x: rect.left, y: rect.top } : args.currentCoordinates;
    }
    return sortableKeyboardCoordinates(event, args);
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
  const where = (id: UniqueIdentifier | undefined, of: Layout = layout) => {
    if (id === undefined) return '';
    const column = containerOf(id, of);
    if (!column) return '';
    const position = of[column]!.indexOf(String(id));
    return `${titles.get(column)}${position >= 0 ? `, position ${position + 1} of ${of[column]!.length}` : ''}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)} in ${where(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over ${where(active.id)}.` : `${name(active.id)} is not over a column.`),
    onDragEnd: ({ active, over }) => (over ? `Dropped ${name(active.id)} in ${where(active.id)}.` : `Dropped ${name(active.id)}.`),
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled; it is back where it was.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    setActiveId(String(active.id));
    setDragLayout(layout);
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    setDragLayout((current) => {
      const base = current ?? layout;
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

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const current = dragLayout ?? layout;
    setActiveId(null);
    setDragLayout(null);
    if (!over) return;
    const id = String(active.id);
    const to = containerOf(id, current);
    const from = columns.find((c) => c.items.some((i) => getId(i) === id))?.id;
    if (!to || !from) return;
    let list = current[to]!;
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
      onDragCancel={() => {
        setActiveId(null);
        setDragLayout(null);
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'To move a card, press Space. Move it with the arrow keys: up and down within a column, left and right to another column. Press Space to drop it, or Escape to cancel.',
        },
      }}
    >
      <div role="region" aria-label={label} className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2">
        {columns.map((column) => (
          <BoardColumnView
            key={column.id}
            column={column}
            ids={layout[column.id] ?? []}
            items={items}
            describe={describe}
            renderCard={renderCard}
            canMove={canMove}
            activeId={activeId}
          />
        ))}
      </div>
      <DragOverlay>{active ? <div className="rotate-1 rounded-md border bg-background shadow-lg">{renderCard(active)}</div> : null}</DragOverlay>
    </DndContext>
  );
}

function BoardColumnView<T>({
  column,
  ids,
  items,
  describe,
  renderCard,
  canMove,
  activeId,
}: {
  column: BoardColumn<T>;
  ids: string[];
  items: Map<string, T>;
  describe: (item: T) => string;
  renderCard: (item: T) => ReactNode;
  canMove: boolean;
  activeId: string | null;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.id });
  const headingId = `board-column-${column.id}`;
  return (
    <section aria-labelledby={headingId} className="flex w-[17rem] shrink-0 snap-start flex-col rounded-lg border bg-muted/50 sm:w-72">
      <h2 id={headingId} className="flex items-center justify-between gap-2 border-b px-3 py-2 text-sm font-semibold">
        {column.title}
        <span className="rounded-full bg-background px-2 text-xs font-medium text-muted-foreground tabular-nums">{column.total}</span>
      </h2>
      <SortableContext id={column.id} items={ids} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className={cn('flex min-h-24 flex-1 flex-col gap-2 p-2', isOver && 'bg-accent/60')} aria-label={`${column.title} cards`}>
          {ids.map((id) => {
            const item = items.get(id);
            return item ? (
              <SortableCard key={id} id={id} name={describe(item)} canMove={canMove} dimmed={id === activeId}>
                {renderCard(item)}
              </SortableCard>
            ) : null;
          })}
          {ids.length === 0 ? <li className="p-2 text-center text-xs text-muted-foreground">No cards</li> : null}
        </ul>
      </SortableContext>
      {column.hasMore ? (
        <div className="border-t p-2">
          <Button variant="ghost" size="sm" className="w-full" onClick={column.onLoadMore} disabled={column.loadingMore}>
            {column.loadingMore ? 'Loading...' : `Load more (${column.total - column.items.length} more)`}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function SortableCard({ id, name, canMove, dimmed, children }: { id: string; name: string; canMove: boolean; dimmed: boolean; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = useSortable({ id, disabled: !canMove });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('flex items-start gap-1 rounded-md border bg-background p-2 shadow-xs', dimmed && 'opacity-40')}
      data-card-id={id}
    >
      {canMove ? (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move ${name}`}
          className="mt-0.5 cursor-grab touch-none rounded p-0.5 text-muted-foreground hover:bg-muted active:cursor-grabbing"
        >
          <GripVerticalIcon className="size-4" aria-hidden />
        </button>
      ) : null}
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  );
}
