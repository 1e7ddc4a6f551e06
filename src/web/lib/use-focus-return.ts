import { useCallback, useRef } from 'react';

/**
 * Where focus goes when a dialog closes. Our dialogs open from buttons outside them (or from a
 * row's menu, which is gone by then), so Radix has no trigger to return to and focus would fall
 * to the page's start. `returnTo(...ids)` names the elements to try in order when the dialog
 * opens; pass `onCloseAutoFocus` to the dialog's content.
 */
export function useFocusReturn() {
  const targets = useRef<string[]>([]);
  const returnTo = useCallback((...ids: string[]) => {
    targets.current = ids;
  }, []);
  const onCloseAutoFocus = useCallback((event: Event) => {
    const target = targets.current.map((id) => document.getElementById(id)).find((el) => el?.isConnected);
    if (target) {
      event.preventDefault();
      target.focus();
    }
  }, []);
  return { returnTo, onCloseAutoFocus };
}
