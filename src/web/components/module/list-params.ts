import type { ListQuery } from '@/web/lib/record-queries';
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
export type ListParams = ReturnType<typeof useListParams>;

/** A choice of a select filter. */
export interface ListOption {
  value: string;
  label: string;
}

/** The options of a select from a list of values and their labels, in the list's order. */
export const labelled = <V extends string>(values: readonly V[], labels: Record<V, string>): ListOption[] => values.map((value) => ({ value, label: labels[value] }));

/** A filter above a module's list, bound to its URL parameter (`q` for the search box). */
export type ListFilter =
  | { kind: 'search'; placeholder: string }
  | { kind: 'text'; param: string; label: string }
  /** `all` is the first option, no filter; choosing clears the parameters in `clears` (an assignee of another project). */
  | { kind: 'select'; param: string; label: string; all: string; options: readonly ListOption[]; clears?: readonly string[] }
  | { kind: 'check'; param: string; label: string };

export const filterParam = (filter: ListFilter) => (filter.kind === 'search' ? 'q' : filter.param);

/** The sorts a list offers, by column id, each with its direction when the URL names none. The first is the default. */
export type ListSorts = Record<string, 'asc' | 'desc'>;

/** Rows a module list shows per page. */
export const LIST_PAGE_SIZE = 25;

/**
 * A module list's query from the URL: the scope's entity, the filters, `fixed` parameters (a
 * list that is always filtered, such as the requisitions' Draft jobs), a sort the list offers,
 * the cursor and the page size. `filtered` says whether a filter hides records.
 */
export function useListQuery({ entityId, sorts, filters, fixed }: { entityId: string | undefined; sorts: ListSorts; filters: readonly ListFilter[]; fixed?: ListQuery }) {
  const list = useListParams();
  const requested = list.get('sort');
  const sort = requested !== undefined && Object.hasOwn(sorts, requested) ? requested : Object.keys(sorts)[0]!;
  const dir = list.get('dir');
  const values: ListQuery = Object.fromEntries(
    filters.map((f) => {
      const param = filterParam(f);
      const value = list.get(param);
      return [param, f.kind === 'check' ? (value === 'true' ? 'true' : undefined) : value];
    }),
  );
  const query: ListQuery = {
    entityId,
    ...values,
    ...fixed,
    sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : sorts[sort],
    cursor: list.get('cursor'),
    limit: LIST_PAGE_SIZE,
  };
  return { list, query, filtered: Object.values(values).some(Boolean), filterCount: filters.length };
}
export type ListQueryState = ReturnType<typeof useListQuery>;
