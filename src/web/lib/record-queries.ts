import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { DEFAULT_PAGE_SIZE, type Page } from '@/shared/pagination';
import { api } from './api';

/** A list's query string: filters, sort, cursor and page size (undefined values are left out). */
export type ListQuery = Record<string, string | number | undefined>;

/** What a mutation refreshes once the server has answered: query keys, or a function of the client. */
type Refresh = readonly QueryKey[] | ((qc: QueryClient) => Promise<unknown>);

/**
 * A mutation that refreshes queries after it: on success, or also after a failure (`settled`:
 * a refused change may mean the record changed meanwhile).
 */
export function useRefreshingMutation<I, O>(mutationFn: (input: I) => Promise<O>, refresh: Refresh, when: 'success' | 'settled' = 'success') {
  const qc = useQueryClient();
  const run = () => (typeof refresh === 'function' ? refresh(qc) : Promise.all(refresh.map((queryKey) => qc.invalidateQueries({ queryKey }))));
  return useMutation({ mutationFn, ...(when === 'success' ? { onSuccess: run } : { onSettled: run }) });
}

/**
 * A company list read a page at a time with "Load more" (the administration pages), newest first.
 * `query` adds filters; it is given the cursor, undefined for the first page.
 */
export const infiniteListQuery = <P extends Page<unknown>>(queryKey: QueryKey, path: string, schema: ZodType<P>, query?: (cursor: string | undefined) => ListQuery) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => api.get(path, schema, { limit: DEFAULT_PAGE_SIZE, cursor: pageParam, ...query?.(pageParam) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * A module's queries and mutations (HRMS, ATS, CRM, Projects). Every key starts with the module's
 * name, and every change refreshes all of the module's queries: lists, details, boards and
 * dashboards depend on each other. `refreshOn: 'settled'` refreshes after a refused change too.
 */
export function moduleQueries(module: string, { refreshOn = 'success' }: { refreshOn?: 'success' | 'settled' } = {}) {
  const all = [module] as const;
  /** A mutation of the module's records. */
  function useModuleMutation<I, O>(fn: (input: I) => Promise<O>) {
    return useRefreshingMutation(fn, [all], refreshOn);
  }
  return {
    keys: { all },
    /**
     * A list page under `?cursor=`: GET `path` with the list's query; the last page stays on screen
     * while the next loads. The options' maker carries `path`: the list's CSV export and import are under it.
     */
    list: <T>(name: string, path: string) =>
      Object.assign(
        (query: ListQuery) => queryOptions({ queryKey: [module, name, query], queryFn: () => api.get<T>(path, null, query), placeholderData: keepPreviousData }),
        { path },
      ),
    /** One record: GET `path/{id}`. */
    one:
      <T>(name: string, path: string) =>
      (id: string) =>
        queryOptions({ queryKey: [module, name, id], queryFn: () => api.get<T>(`${path}/${id}`) }),
    /** A read for the scope (one entity, or all of the caller's): GET `path?entityId=`. */
    forScope:
      <T>(name: string, path: string) =>
      (entityId?: string) =>
        queryOptions({ queryKey: [module, name, entityId ?? 'all'], queryFn: () => api.get<T>(path, null, { entityId }) }),
    /** The choices of a form's select at an entity (owners, interviewers...): GET `path?entityId=`. Without `staleTime`, the app's default. */
    options:
      <T>(name: string, path: string, staleTime?: number) =>
      (entityId: string) =>
        queryOptions({ queryKey: [module, name, entityId], queryFn: () => api.get<{ items: T[] }>(path, null, { entityId }), ...(staleTime ? { staleTime } : {}) }),
    useMutation: useModuleMutation,
    /** The create hook of a record: POST `path`. */
    creates<I, O>(path: string) {
      return function useCreate() {
        return useModuleMutation((input: I) => api.post<O>(path, null, input));
      };
    },
    /** The update hook of a record: PATCH `path/{id}` with the changed fields and the version read. */
    updates<I, O>(path: string) {
      return function useUpdate() {
        return useModuleMutation(({ id, ...input }: I & { id: string }) => api.patch<O>(`${path}/${id}`, null, input));
      };
    },
  };
}
