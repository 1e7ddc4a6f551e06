/** Today as YYYY-MM-DD (UTC): one clock for the server's rules, whichever database runs. */
export const today = () => new Date().toISOString().slice(0, 10);

export const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
