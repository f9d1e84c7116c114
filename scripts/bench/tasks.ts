/**
 * Tasks with 100,000 assignments (20 tasks × 5,000 members on top of the demo seed and 100,000 extra members),
 * on SQLite and PostgreSQL, offered BENCH_RATE requests/s (default 200, the target rate for pending-review
 * search): p50/p99 for the learner's get-my-tasks and the reviewer's pending-review list (first page by name, a
 * deep page, searches), the searches beside the target (p99 <= 25 ms at 200 req/s). A third of the
 * assignments are completed and waiting for review. BENCH_ONLY=search runs the search rows alone. Prints, never
 * judges.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '@coach/server';
import { taskRow } from '@coach/server/task-row';
import { TOKEN_HEADER } from '@coach/shared/contract/define-call';
import { tasks } from '@coach/shared/contract/tasks';
import { load, prepareData, signIn, waitForIdleJobs } from './api.ts';
import { analyze, eachDatabase, withTarget } from './databases.ts';
import { spawnServer, table } from './shared.ts';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const SEARCH_TARGET = 'p99 <= 25 ms at 200 req/s';
const TASKS = 20;
const MEMBERS_WITH_TASKS = 5000;

export const addAssignments = async (
  dataDir: string,
  { userId, enterpriseId }: { userId: string; enterpriseId: string },
  databaseUrl?: string,
) => {
  const seeded = await startServer({
    port: 0,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    quiet: true,
    dashboardDir: null,
    marketplaceDir: null,
  });
  const { db } = seeded.deps;
  const now = new Date().toISOString();
  const taskIds = Array.from({ length: TASKS }, () => crypto.randomUUID());
  await db
    .insertInto('tasks')
    .values(
      taskIds.map((id, i) =>
        taskRow({
          id,
          enterprise_id: enterpriseId,
          type: 7,
          title: `Bench reflection ${i}`,
          details: { questions: ['What went well?'] },
          created_by: userId,
          at: now,
        }),
      ),
    )
    .execute();
  const members = await db
    .selectFrom('users')
    .select('id')
    .where('enterprise_id', '=', enterpriseId)
    .where('email', 'like', 'bench-%')
    .limit(MEMBERS_WITH_TASKS - 1)
    .execute();
  const people = [userId, ...members.map((m) => m.id)];
  let n = 0;
  for (let start = 0; start < people.length; start += 100) {
    const rows = people.slice(start, start + 100).flatMap((user_id) =>
      taskIds.map((task_id) => {
        const done = n++ % 3 === 0;
        return {
          id: crypto.randomUUID(),
          enterprise_id: enterpriseId,
          task_id,
          user_id,
          source: 'direct',
          status: done ? 2 : 0,
          progress: done ? 100 : 0,
          report: done ? JSON.stringify({ answers: ['Fine.'] }) : null,
          assigned_at: now,
          due_at: now,
          started_at: done ? now : null,
          completed_at: done ? now : null,
          reviewed_at: null,
          reviewed_by: null,
          feedback: null,
          feedback_at: null,
          updated_at: now,
        };
      }),
    );
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto('task_assignments')
          .values(rows.slice(i, i + 200))
          .execute();
    });
  }
  await seeded.close();
  return n;
};

export const benchTasks = () =>
  eachDatabase(async (database) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-bench-tasks-'));
    const dbEnv: Record<string, string> = database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {};
    try {
      const ids = await prepareData(dataDir, database.databaseUrl);
      const assignments = await addAssignments(dataDir, ids, database.databaseUrl);
      await analyze(database);
      const port = 3416;
      const baseUrl = `http://127.0.0.1:${port}`;
      const server = await spawnServer(
        'server/src/main.ts',
        { PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: '0', ...dbEnv },
        `${baseUrl}/api/v1/health`,
      );
      try {
        // The demo seed's recordings are heard by the server's worker at start: measured load waits for them (the
        // first search row used to share the cores with them).
        await waitForIdleJobs(dataDir, database.databaseUrl);
        const headers = { [TOKEN_HEADER.enterprise]: await signIn(baseUrl, dataDir) };
        const url = (call: { path: string }, query: Record<string, string> = {}) =>
          `${baseUrl}${call.path}?${new URLSearchParams(query)}`;
        const pending = (name: string, query: Record<string, string>, target = '-') =>
          load(name, {
            url: url(tasks.getCompletedTasksPendingReview, query),
            headers,
            overallRate: RATE,
          }).then((row) => withTarget(row, target));
        const rows = [];
        // BENCH_ONLY=search leaves out the three list rows: page 1,000 sorts every pending attempt (PostgreSQL
        // about 120 ms a request), so at this rate it queues for about two minutes.
        if (process.env.BENCH_ONLY !== 'search')
          rows.push(
            withTarget(
              await load('get-my-tasks (20 assigned)', {
                url: url(tasks.getMyTasks),
                headers,
                overallRate: RATE,
              }),
              '-',
            ),
            await pending('pending review: first page', {}),
            await pending('pending review: page 1,000', { currentPage: '1000' }),
          );
        rows.push(
          await pending('pending review: search "member 42"', { searchInput: 'member 42' }, SEARCH_TARGET),
          await pending(
            'pending review: search "reflection 7"',
            { searchInput: 'reflection 7' },
            SEARCH_TARGET,
          ),
          await pending('pending review: search "zzz" (none)', { searchInput: 'zzz' }, SEARCH_TARGET),
        );
        console.log(
          `\nTasks, ${assignments.toLocaleString('en')} extra assignments, offered ${RATE} req/s, ${database.label}`,
        );
        console.log(table(rows));
        return rows;
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

if (import.meta.main) await benchTasks();
