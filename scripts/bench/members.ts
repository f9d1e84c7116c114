/**
 * The member list with 100,000 extra members at a fixed 2,000 requests/s: p50/p99 for the first page, a deep
 * page and a search. Prints, never judges (on a 2-core machine the server may not reach the offered rate:
 * the achieved req/s column says so).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TOKEN_HEADER } from '@coach/shared/contract/define-call';
import { members } from '@coach/shared/contract/members';
import { load, prepareData, signIn } from './api.ts';
import { spawnServer, table } from './shared.ts';

const RATE = Number(process.env.BENCH_RATE ?? 2000);

export const benchMembers = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-bench-members-'));
  try {
    await prepareData(dataDir);
    const port = 3415;
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = await spawnServer(
      'server/src/main.ts',
      { PORT: String(port), DATA_DIR: dataDir },
      `${baseUrl}/api/v1/health`,
    );
    try {
      const headers = { [TOKEN_HEADER.enterprise]: await signIn(baseUrl, dataDir) };
      const url = (query: Record<string, string>) =>
        `${baseUrl}${members.list.path}?${new URLSearchParams(query)}`;
      const rows = [
        await load('members: first page', { url: url({}), headers, overallRate: RATE }),
        await load('members: page 2,000 (deep)', {
          url: url({ currentPage: '2000' }),
          headers,
          overallRate: RATE,
        }),
        await load('members: search "member 4"', {
          url: url({ searchInput: 'member 4' }),
          headers,
          overallRate: RATE,
        }),
      ];
      console.log(`\nMember list, 100,060+ members, offered ${RATE} req/s, SQLite`);
      console.log(table(rows));
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.main) await benchMembers();
