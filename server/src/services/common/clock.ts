/**
 * The server's one clock: every stored timestamp is ISO 8601 text in UTC (the columns compare as text on SQLite and
 * PostgreSQL alike). Services, the session and the audit rows take "now" and the dates derived from it from here.
 */

/** This moment as stored: ISO 8601 text, UTC. */
export const nowIso = () => new Date().toISOString();

/** The moment `seconds` after the ISO timestamp `from`, as stored (a task's due date after its expiry). */
export const dueAfter = (from: string, seconds: number) =>
  new Date(Date.parse(from) + seconds * 1000).toISOString();

/** The UTC calendar day (YYYY-MM-DD) of a moment. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
