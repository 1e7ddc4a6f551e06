/** "Feb 1, 2027" for a calendar day (YYYY-MM-DD), the same day in every time zone. */
export const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export const formatRange = (start: string, end: string) => (start === end ? formatDay(start) : `${formatDay(start)} – ${formatDay(end)}`);

export const todayIso = () => new Date().toISOString().slice(0, 10);
