import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UnreadEvent } from '@/shared/notifications';
import { notificationListQuery, notificationsKey, unreadCountKey } from './api';

/**
 * The bell's live count (GET /api/notifications/stream, Server-Sent Events), one stream per tab:
 * every bell of an app (one QueryClient) shares it and it writes into the query cache, so a bell
 * only reads `unreadCountQuery`. A stream nobody holds stays open a little while, so going from
 * the products hub to a module (whose frame mounts its own bell after its lazy chunk loads) does
 * not reconnect.
 */
const LINGER_MS = 10_000;
/** The browser reconnects by itself after a drop, but gives up when the server answers with an error (a 5xx, a restart's 503): try again after this long. */
const RETRY_MS = 15_000;

interface Stream {
  holders: number;
  source: EventSource | null;
  closeTimer?: ReturnType<typeof setTimeout>;
  retryTimer?: ReturnType<typeof setTimeout>;
}

const streams = new WeakMap<QueryClient, Stream>();

function connect(qc: QueryClient, stream: Stream) {
  const source = new EventSource('/api/notifications/stream');
  // Listening again (or told events were missed): count again, since changes made while the
  // stream was (re)connecting were not sent.
  const recount = () => void qc.invalidateQueries({ queryKey: notificationsKey });
  source.addEventListener('ready', recount);
  source.addEventListener('reset', recount);
  source.addEventListener('unread', (e) => {
    const { count } = JSON.parse((e as MessageEvent<string>).data) as UnreadEvent;
    qc.setQueryData(unreadCountKey, { count });
    // An open panel shows the new entry (or the read marks) at once; a closed one is only marked stale.
    void qc.invalidateQueries({ queryKey: notificationListQuery.queryKey });
  });
  source.onerror = () => {
    if (source.readyState !== EventSource.CLOSED) return;
    stream.source = null;
    stream.retryTimer = setTimeout(() => connect(qc, stream), RETRY_MS);
  };
  stream.source = source;
}

function close(qc: QueryClient, stream: Stream) {
  clearTimeout(stream.retryTimer);
  stream.source?.close();
  streams.delete(qc);
}

/** Holds the tab's stream while mounted. */
export function useUnreadStream() {
  const qc = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let stream = streams.get(qc);
    if (!stream) {
      stream = { holders: 0, source: null };
      streams.set(qc, stream);
      connect(qc, stream);
    }
    clearTimeout(stream.closeTimer);
    stream.holders += 1;
    const held = stream;
    return () => {
      held.holders -= 1;
      if (held.holders === 0) held.closeTimer = setTimeout(() => close(qc, held), LINGER_MS);
    };
  }, [qc]);
}
