import { useUrlParams } from '@/web/lib/use-url-params';

/**
 * A list's state in the URL (search, filters, sort, cursor), so a view can be shared and the
 * browser's Back goes to the previous page of results. Changing anything but the cursor starts
 * again at the first page.
 */
export function useListParams() {
  const [params, setParams] = useUrlParams();
  const get = (key: string) => params.get(key) ?? undefined;
  const set = (patch: Record<string, string | undefined>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (!('cursor' in patch)) next.delete('cursor');
      return next;
    });
  return { params, get, set };
}
