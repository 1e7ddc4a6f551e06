import type { Board, Task } from '@/shared/projects';
import type { BoardMove } from '@/web/components/module/board';

/** Orders like the server: rank (byte-wise), then id. */
const before = (a: Pick<Task, 'rank' | 'id'>, b: Pick<Task, 'rank' | 'id'>) => a.rank < b.rank || (a.rank === b.rank && a.id < b.id);

/**
 * The board with `task` as the server now has it: out of the column it was in, into its status's
 * column at its rank (unless that falls past the cards loaded so far, in a column with more pages).
 */
export function applyTask(board: Board, task: Task): Board {
  if (task.projectId !== board.project.id) return board;
  return {
    ...board,
    columns: board.columns.map((c) => {
      const had = c.items.some((i) => i.id === task.id);
      const items = c.items.filter((i) => i.id !== task.id);
      let total = c.total - (had ? 1 : 0);
      if (c.status === task.status) {
        const at = items.findIndex((i) => before(task, i));
        if (at >= 0) items.splice(at, 0, task);
        else if (!c.nextCursor) items.push(task);
        total += 1;
      }
      return { ...c, items, total };
    }),
  };
}

/** The board as the mover sees it right after the drop (before the server answers). */
export function moveLocally(board: Board, move: BoardMove): Board {
  const task = board.columns.flatMap((c) => c.items).find((t) => t.id === move.id);
  if (!task) return board;
  const moved = { ...task, status: move.to as Task['status'] };
  return {
    ...board,
    columns: board.columns.map((c) => {
      let items = c.items;
      let total = c.total;
      if (c.status === move.from) {
        items = items.filter((i) => i.id !== move.id);
        total -= 1;
      }
      if (c.status === move.to) {
        items = [...items.filter((i) => i.id !== move.id)];
        items.splice(Math.min(move.index, items.length), 0, moved);
        total += 1;
      }
      return { ...c, items, total };
    }),
  };
}
