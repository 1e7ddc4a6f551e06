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
      richColors
      closeButton
      position="bottom-right"
    />
  );
}
