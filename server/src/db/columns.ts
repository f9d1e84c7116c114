/** Timestamps are ISO 8601 strings in UTC (`new Date().toISOString()`), the same on SQLite and PostgreSQL. */
export const ts = 'varchar(40)';
