import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { STAGE_LABELS, STAGES, type Board as BoardData, type BoardCard, type BoardColumn, type Stage } from '@/shared/ats';
import { Board, type CardParts } from '@/web/components/module/board';
import { Options } from '@/web/components/module/form-fields';
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
 * A job's pipeline (the module's `Board`): a column per stage, cards moved by mouse, keyboard or
 * each card's Stage menu. A move shows at once and is undone if the server refuses it. Moving to
 * Rejected asks for a reason; moving to Hired offers to create the employee record when the entity
 * has HRMS.
 */
export function JobBoard({ data, canMove, canHire, search }: { data: BoardData; canMove: boolean; canHire: boolean; search: string }) {
  const qc = useQueryClient();
  const [columns, setColumns] = useState<Columns>(() => toColumns(data));
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [loadingMore, setLoadingMore] = useState<Stage | null>(null);
  const moving = useRef(0);
  // A fresh board from the server replaces ours, unless a move of ours is still on its way.
  useEffect(() => {
    if (moving.current === 0) setColumns(toColumns(data));
  }, [data]);

  const find = (id: string): { stage: Stage; index: number } | null => {
    for (const stage of STAGES) {
      const index = columns[stage].items.findIndex((c) => c.id === id);
      if (index >= 0) return { stage, index };
    }
    return null;
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

  const loadMore = async (stage: Stage) => {
    const column = columns[stage];
    if (!column.nextCursor || loadingMore) return;
    setLoadingMore(stage);
    try {
      const page = await fetchColumnPage(data.job.id, stage, column.nextCursor);
      setColumns((current) => {
        const seen = new Set(current[stage].items.map((c) => c.id));
        return { ...current, [stage]: { ...page, items: [...current[stage].items, ...page.items.filter((c) => !seen.has(c.id))] } };
      });
    } catch (error) {
      toast.error('Could not load more', { description: errorMessage(error, 'Please try again.') });
    } finally {
      setLoadingMore(null);
    }
  };

  return (
    <>
      <nav aria-label="Stages" className="flex flex-wrap gap-1.5">
        {STAGES.map((stage) => (
          <button
            key={stage}
            type="button"
            className="inline-flex h-8 items-center gap-1.5 rounded-full border bg-background px-3 text-xs font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => document.querySelector(`[data-board-column="${stage}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' })}
          >
            {STAGE_LABELS[stage]}
            <span className="tabular-nums text-muted-foreground">{columns[stage].total}</span>
          </button>
        ))}
      </nav>
      <Board
        label="Hiring pipeline"
        noun="candidates"
        columnClassName="w-64"
        countLabel={(n) => `${n} candidates`}
        moreLabel={(n) => `Show more (${n})`}
        columns={STAGES.map((stage) => ({
          id: stage,
          title: STAGE_LABELS[stage],
          items: columns[stage].items,
          total: columns[stage].total,
          hasMore: Boolean(columns[stage].nextCursor),
          loadingMore: loadingMore === stage,
          onLoadMore: () => void loadMore(stage),
        }))}
        getId={(card) => card.id}
        describe={(card) => card.candidateName}
        canMove={canMove}
        onMove={({ id, to, index }) => {
          const at = find(id);
          if (at) request(columns[at.stage].items[at.index]!, to as Stage, index);
        }}
        renderCard={(card, parts) => <CandidateCard card={card} search={search} onStage={canMove ? (to) => request(card, to, 0) : undefined} {...parts} />}
      />
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

/** A candidate's card: name (to their page), email, applied date, the rejection reason or hire, and a Stage menu for those who may move it. */
function CandidateCard({ card, search, handle, overlay, onStage }: { card: BoardCard; search: string; onStage?: (to: Stage) => void } & CardParts) {
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
      {onStage && !overlay ? (
        <label className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
          <span>Stage</span>
          <select
            aria-label={`Stage of ${card.candidateName}`}
            className="h-7 min-w-0 flex-1 rounded border bg-background px-1 text-xs"
            value={card.stage}
            onChange={(e) => onStage(e.target.value as Stage)}
          >
            <Options values={STAGES} labels={STAGE_LABELS} />
          </select>
        </label>
      ) : null}
    </article>
  );
}
