import { describe, expect, it } from 'vitest';
import type { Board, Task } from '@/shared/projects';
import { applyTask, moveLocally } from './board-cache';

const task = (id: string, status: Task['status'], rank: string): Task => ({
  id,
  entityId: 'e',
  projectId: 'p',
  projectKey: 'WEB',
  projectName: 'Web',
  number: 1,
  code: `WEB-${id}`,
  title: id,
  description: '',
  status,
  priority: 'medium',
  assignee: null,
  dueDate: null,
  labels: [],
  rank,
  version: 1,
  createdAt: '',
  updatedAt: '',
});

const board = (columns: Partial<Record<Task['status'], Task[]>>, more: Partial<Record<Task['status'], string>> = {}): Board => ({
  project: { id: 'p' } as Board['project'],
  columns: (['todo', 'in_progress', 'in_review', 'done'] as const).map((status) => ({
    status,
    items: columns[status] ?? [],
    total: (columns[status] ?? []).length + (more[status] ? 10 : 0),
    nextCursor: more[status] ?? null,
  })),
});

const ids = (b: Board) => Object.fromEntries(b.columns.map((c) => [c.status, c.items.map((t) => t.id)]));

describe('board cache', () => {
  it('puts an event’s task into its column at its rank, and out of the one it left', () => {
    const b = board({ todo: [task('a', 'todo', 'a0'), task('b', 'todo', 'a2')], in_progress: [task('c', 'in_progress', 'a0')] });
    const next = applyTask(b, task('c', 'todo', 'a1'));
    expect(ids(next)).toMatchObject({ todo: ['a', 'c', 'b'], in_progress: [] });
    expect(next.columns.map((c) => c.total)).toEqual([3, 0, 0, 0]);
    // Applying the same event twice changes nothing.
    expect(ids(applyTask(next, task('c', 'todo', 'a1')))).toEqual(ids(next));
  });

  it('does not show a card past the loaded cards of a column with more pages, but counts it', () => {
    const b = board({ todo: [task('a', 'todo', 'a0')] }, { todo: 'cursor' });
    const next = applyTask(b, task('z', 'todo', 'b0'));
    expect(ids(next).todo).toEqual(['a']);
    expect(next.columns[0]!.total).toBe(12);
  });

  it('moves a card where it was dropped before the server answers', () => {
    const b = board({ todo: [task('a', 'todo', 'a0'), task('b', 'todo', 'a1')], done: [task('d', 'done', 'a0')] });
    const next = moveLocally(b, { id: 'b', from: 'todo', to: 'done', afterId: null, beforeId: 'd', index: 0 });
    expect(ids(next)).toMatchObject({ todo: ['a'], done: ['b', 'd'] });
    expect(next.columns[3]!.items[0]!.status).toBe('done');
    expect(ids(moveLocally(b, { id: 'a', from: 'todo', to: 'todo', afterId: 'b', beforeId: null, index: 1 })).todo).toEqual(['b', 'a']);
  });
});
