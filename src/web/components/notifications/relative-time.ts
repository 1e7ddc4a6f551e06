const rtf = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];

/**
 * "just now", "5 minutes ago", "3 hours ago", "yesterday", "6 days ago"; from a week on, the day
 * ("Nov 22", with the year when it is not this year's), which reads better than "5 weeks ago".
 */
export function relativeTime(iso: string, now = Date.now()): string {
  const then = new Date(iso);
  const seconds = Math.round((now - then.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 7 * 24 * 60 * 60) {
    const [unit, size] = STEPS.findLast(([, size]) => seconds >= size)!;
    return rtf.format(-Math.floor(seconds / size), unit);
  }
  const sameYear = then.getFullYear() === new Date(now).getFullYear();
  return then.toLocaleDateString('en-US', { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
}
