import { sql } from 'kysely';
import type { Db, DbKind } from './connect.ts';

/** The advisory lock's key: any fixed number of our own ("coach" in ASCII). */
const STARTUP_LOCK = 0x636f616368;

/**
 * Runs `work` (migrating, seeding an empty database) in one process at a time, however many start together on
 * one PostgreSQL database: the others wait for the lock, then find the work done. The lock is held on a connection
 * of its own, so `work` may use the pool as usual (and its own transactions). SQLite is one file of one machine;
 * a process holds its write lock for each migration, and the app's processes on SQLite start one at a time.
 */
export const withStartupLock = async <T>(db: Db, kind: DbKind, work: () => Promise<T>): Promise<T> => {
  if (kind !== 'postgres') return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
};
