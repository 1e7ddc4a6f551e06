import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_VISIBLE } from '@/shared/timing';
import { loadSonner, toastHost } from '@/web/lib/toast';

const Sonner = lazy(async () => ({ default: (await loadSonner()).Toaster }));

/** Spec §9: region "Notifications", Alt+T, 3 visible, 4000 ms. */
function Toaster({ onReady }: { onReady: () => void }) {
  return (
    <>
      <Sonner
        containerAriaLabel="Notifications"
        hotkey={['altKey', 'KeyT']}
        visibleToasts={TOAST_VISIBLE}
        duration={TOAST_DURATION_MS}
        closeButton
        position="bottom-right"
        // Our own colours: sonner's rich colours fall short of WCAG AA contrast.
        toastOptions={{
          classNames: {
            toast: '!bg-white !text-slate-900 !border-slate-300',
            description: '!text-slate-700',
            error: '!bg-red-50 !text-red-900 !border-red-300 [&_[data-description]]:!text-red-900',
            success: '!bg-green-50 !text-green-900 !border-green-300 [&_[data-description]]:!text-green-900',
            info: '!bg-blue-50 !text-blue-900 !border-blue-300 [&_[data-description]]:!text-blue-900',
          },
        }}
      />
      <Ready onReady={onReady} />
    </>
  );
}

/** Its effect runs after the Toaster's own (sibling order): the Toaster is listening by then. */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

/** Mounts the Toaster the first time a toast is shown. */
export function ToastHost() {
  const wanted = useSyncExternalStore(toastHost.subscribe, toastHost.isWanted, () => false);
  useEffect(() => () => toastHost.reset(), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster onReady={toastHost.ready} />
    </Suspense>
  );
}
