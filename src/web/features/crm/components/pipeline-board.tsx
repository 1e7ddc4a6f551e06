import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CRM_MESSAGES, formatMoney, OPPORTUNITY_STAGE_LABELS, type Money, type Opportunity, type OpportunityStage, type Pipeline, type PipelineColumn } from '@/shared/crm';
import type { Page } from '@/shared/pagination';
import { Board, type BoardMove, type CardParts } from '@/web/components/module/board';
import { isStaleVersion } from '@/web/components/module/stale';
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

/** A column's cards past its first page, read with the list route's cursor. */
interface More {
  items: Opportunity[];
  cursor: string | null;
  loading: boolean;
  error?: string;
}

/**
 * The opportunities in a column per stage (the module's `Board`): a stage's count and totals, its
 * first cards from the pipeline route and more as the column scrolls. A move is shown at once and
 * rolled back with a toast when refused; Closed Lost asks for the reason first.
 */
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
  const [losing, setLosing] = useState<Opportunity | null>(null);
  // Extra pages belong to the board's data of their time: when its first pages change (a move, a
  // refresh), each column starts again from them.
  const [extra, setExtra] = useState<{ at: number; columns: Partial<Record<OpportunityStage, More>> }>({ at: 0, columns: {} });
  const pages = extra.at === board.dataUpdatedAt ? extra.columns : {};

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

  const loadMore = async (column: PipelineColumn) => {
    const at = board.dataUpdatedAt;
    const start: More = { items: [], cursor: column.nextCursor, loading: false };
    const now = pages[column.stage] ?? start;
    if (!now.cursor || now.loading) return;
    const update = (change: (m: More) => More) =>
      setExtra((x) => {
        const columns = x.at === at ? x.columns : {};
        return { at, columns: { ...columns, [column.stage]: change(columns[column.stage] ?? start) } };
      });
    update((m) => ({ ...m, loading: true }));
    try {
      const page = await api.get<Page<Opportunity>>('/crm/opportunities', null, { ...query, stage: column.stage, sort: 'createdAt', dir: 'desc', limit: 20, cursor: now.cursor });
      update((m) => ({ items: [...m.items, ...page.items.filter((x) => !column.items.some((y) => y.id === x.id))], cursor: page.nextCursor, loading: false }));
    } catch (error) {
      update((m) => ({ ...m, loading: false, error: (error as Error).message }));
    }
  };

  if (board.isPending) return <p role="status" className="p-4 text-sm text-muted-foreground">Loading...</p>;
  if (board.isError) {
    return (
      <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
        {board.error.message}
      </p>
    );
  }

  const cards = board.data.columns.flatMap((c) => [...c.items, ...(pages[c.stage]?.items ?? [])]);
  const onMove = ({ id, to }: BoardMove) => {
    const card = cards.find((x) => x.id === id);
    if (!card) return;
    if (to === 'closed_lost') setLosing(card);
    else void move(card, to as OpportunityStage);
  };

  return (
    <>
      <Board
        label="Pipeline board"
        noun="opportunities"
        stepper="stages"
        ordered={false}
        loadOnScroll
        columnClassName="w-60"
        countLabel={(n) => `${n} opportunities`}
        moreLabel={() => 'Load more'}
        columns={board.data.columns.map((col) => {
          const more = pages[col.stage];
          return {
            id: col.stage,
            title: label(col.stage),
            items: [...col.items, ...(more?.items ?? [])],
            total: col.count,
            hasMore: Boolean(more ? more.cursor : col.nextCursor),
            loadingMore: more?.loading,
            loadError: more?.error,
            onLoadMore: () => void loadMore(col),
            summary: <p className="text-xs text-muted-foreground tabular-nums">Total {formatMoneyList(col.totals, currency)}</p>,
          };
        })}
        getId={(card) => card.id}
        describe={(card) => card.name}
        canMove={(card) => canWrite(card.entityId)}
        onMove={onMove}
        renderCard={(card, parts) => <OpportunityCard card={card} search={search} {...parts} />}
      />
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

function OpportunityCard({ card, search, handle, overlay }: { card: Opportunity; search: string } & CardParts) {
  return (
    <div className={cn('grid gap-1 rounded-md border bg-background p-2.5 text-sm shadow-xs', overlay && 'shadow-lg')} data-testid={overlay ? undefined : 'pipeline-card'}>
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
