import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE } from '@/shared/timing';

/** Spec §9: region "Notifications", Alt+T, 3 visible, 4000 ms. */
export function Toaster() {
  return (
    <Sonner
      containerAriaLabel="Notifications"
      hotkey={['altKey', 'KeyT']}
      visibleToasts={TOAST_VISIBLE}
      duration={TOAST_DURATION_MS}
      closeButton
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
      position="bottom-right"
    />
  );
}
