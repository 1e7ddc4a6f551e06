import type { ExternalToast } from 'sonner';

/**
 * Toasts, with sonner loaded the first time one is shown: the first pages a visitor opens do not
 * download it. The ToastHost (components/ui/toaster.tsx) mounts sonner's Toaster when asked;
 * a toast waits until it is listening.
 */
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
export const loadSonner = () => (sonner ??= import('sonner'));

let wanted = false;
let markReady = () => {};
let ready = new Promise<void>((resolve) => (markReady = resolve));
const listeners = new Set<() => void>();

/** What the ToastHost subscribes to: whether a toast has been asked for, and how to say it is ready. */
export const toastHost = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isWanted: () => wanted,
  ready: () => markReady(),
  /** The host went away (tests render many apps): the next toast mounts a new one. */
  reset() {
    wanted = false;
    ready = new Promise<void>((resolve) => (markReady = resolve));
  },
};

function show(render: (t: Sonner['toast']) => void) {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  void Promise.all([loadSonner(), ready]).then(([m]) => render(m.toast));
}

export const toast = {
  success: (title: string, options?: ExternalToast) => show((t) => t.success(title, options)),
  error: (title: string, options?: ExternalToast) => show((t) => t.error(title, options)),
  info: (title: string, options?: ExternalToast) => show((t) => t.info(title, options)),
  /** Closes every toast shown (a form's errors once the step they were about is done); none shown, nothing loaded. */
  dismiss: () => {
    if (wanted) void Promise.all([loadSonner(), ready]).then(([m]) => m.toast.dismiss());
  },
};
