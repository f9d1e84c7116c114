/**
 * The platform admin's reports over the demo seed plus 100,000 members and 100,000 task assignments (a third
 * completed): p50/p99 of the dashboard, a page of All Members Usage (all enterprises, and Acme searched), app
 * user counts, and the CSV export of one enterprise (capped at 50,000 members, at a low rate: it is one big
 * answer). Prints, never judges.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminGeneral } from '@coach/shared/contract/admin';
import { adminReports } from '@coach/shared/contract/admin-reports';
import { TOKEN_HEADER } from '@coach/shared/contract/define-call';
import { load, prepareData, signIn, waitForIdleJobs } from './api.ts';
import { spawnServer, table } from './shared.ts';
import { addAssignments } from './tasks.ts';

const RATE = Number(process.env.BENCH_RATE ?? 200);

export const benchReports = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-bench-reports-'));
  try {
    const ids = await prepareData(dataDir);
    const assignments = await addAssignments(dataDir, ids);
    const port = 3417;
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = await spawnServer(
      'server/src/main.ts',
      { PORT: String(port), DATA_DIR: dataDir },
      `${baseUrl}/api/v1/health`,
    );
    try {
      // The demo seed's recordings are heard by the server's worker at start: measured load waits for them.
      await waitForIdleJobs(dataDir, undefined);
      const headers = {
        [TOKEN_HEADER.admin]: await signIn(baseUrl, dataDir, 'admin'),
        'content-type': 'application/json',
      };
      const post = (call: { path: string }, body: object, rate = RATE) => ({
        url: `${baseUrl}${call.path}`,
        method: 'POST' as const,
        headers,
        body: JSON.stringify(body),
        overallRate: rate,
      });
      const rows = [
        await load('my-dashboard (30 days)', {
          url: `${baseUrl}${adminGeneral.myDashboard.path}`,
          headers,
          overallRate: RATE,
        }),
        await load('all-members-usage: first page', post(adminReports.allMembersUsage, {})),
        await load(
          'all-members-usage: Acme, page 100',
          post(adminReports.allMembersUsage, { enterpriseId: ids.enterpriseId, currentPage: 100 }),
        ),
        await load(
          'all-members-usage: search "member 42"',
          post(adminReports.allMembersUsage, { searchInput: 'member 42' }),
        ),
        await load('app-user-counts (30 days)', post(adminReports.appUserCounts, {})),
        await load(
          'export CSV: Acme (50,000 rows)',
          post(adminReports.exportAllMembersUsage, { enterpriseId: ids.enterpriseId }, 2),
        ),
      ];
      console.log(
        `\nAdmin reports, ${assignments.toLocaleString('en')} extra assignments and 100,000 extra members, offered ${RATE} req/s (CSV 2 req/s), SQLite`,
      );
      console.log(table(rows));
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.main) await benchReports();
