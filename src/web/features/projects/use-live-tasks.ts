import { useEffect, useRef, useState } from 'react';
import type { TaskEvent } from '@/shared/projects';

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'closed';

/**
 * The task events of one project (or entity, or the whole scope), live (GET /api/projects/events, Server-Sent Events). The
 * browser reconnects by itself after a drop; when the stream is back (or the server says events
 * were missed) `onReset` runs so the caller reloads what it shows: that is the catch-up.
 */
export function useLiveTasks(filter: { projectId?: string; entityId?: string } | null, onTask: (event: TaskEvent) => void, onReset: () => void): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const handlers = useRef({ onTask, onReset });
  useEffect(() => {
    handlers.current = { onTask, onReset };
  });
  const query = filter ? new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => Boolean(e[1]))).toString() : null;
  useEffect(() => {
    if (query === null || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/projects/events${query ? `?${query}` : ''}`);
    let dropped = false;
    source.addEventListener('ready', () => {
      setState('live');
      if (dropped) {
        dropped = false;
        handlers.current.onReset();
      }
    });
    source.addEventListener('task', (e) => handlers.current.onTask(JSON.parse((e as MessageEvent<string>).data) as TaskEvent));
    source.addEventListener('reset', () => handlers.current.onReset());
    source.onerror = () => {
      dropped = true;
      setState(source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting');
    };
    return () => {
      source.close();
      setState('connecting');
    };
  }, [query]);
  return state;
}
