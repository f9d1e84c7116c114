/** ISO date (YYYY-MM-DD, UTC) of `days` days before today; 0 is today. */
export const isoDaysAgo = (days: number, now = new Date()) =>
  new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
