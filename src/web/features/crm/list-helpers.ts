/** The CSV export of a list: its route with the list's filters (no cursor, no page size). */
export function exportHref(path: string, query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key !== 'cursor' && key !== 'limit' && typeof value === 'string' && value !== '') params.set(key, value);
  }
  return `/api${path}?${params.toString()}`;
}
