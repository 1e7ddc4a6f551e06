/** "Nov 22, 2026, 09:30 AM": en-US short month with time (organization list). */
export function formatDateTime(iso: string) {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** "Nov 22, 2026": en-US short date (entity and user lists). */
export function formatDate(iso: string) {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "Nov 2026": a month with its whole year (a timeline's axis; "Nov 26" read as a day). */
export function formatMonth(time: number | string) {
  return new Date(time).toLocaleDateString('en-US', { year: 'numeric', month: 'short', timeZone: 'UTC' });
}
