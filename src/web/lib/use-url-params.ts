import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * useSearchParams, except that an update builds on the last update made rather than on the params
 * of the render that made the callback. A navigation renders in a transition: a debounced search
 * applied while a picked filter's navigation was still pending started from the old params and
 * undid the filter (the users list lost its Status that way in CI).
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = change(new URLSearchParams(latest.current));
      latest.current = next;
      setParams(next, options);
    },
    [setParams],
  );
  return [params, update] as const;
}
