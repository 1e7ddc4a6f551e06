/** "Feb 1, 2027, 09:30 AM" in the viewer's time zone. */
export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "Feb 1, 2027" in the viewer's time zone. */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export const formatSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export const todayIso = () => new Date().toISOString().slice(0, 10);

/** Shared with the server's interview emails. */
export { formatDuration } from '@/shared/ats';
