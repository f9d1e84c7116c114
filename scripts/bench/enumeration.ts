/**
 * Does an answer's timing tell whether an email has an account? 100 pairs each of
 * `forgotpassword` and `register`, one known and one unknown email, alternated over loopback against the real
 * server in its own process (each request from its own address through X-Forwarded-For, so limits do not interfere). Prints the
 * medians, the median of the pairwise differences and how many pairs differ by more than 0.5 ms each way.
 * Prints, never judges.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { waitForIdleJobs } from './api.ts';
import { REPO_ROOT, spawnServer, table } from './shared.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 100);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export const benchEnumeration = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-bench-enum-'));
  // Its own process, as a real client is: in-process, mail written after an answer would delay reading it.
  const port = Number(process.env.BENCH_PORT ?? 3391);
  const url = `http://127.0.0.1:${port}`;
  const server = await spawnServer(
    path.join(REPO_ROOT, 'server/src/main.ts'),
    { PORT: String(port), DATA_DIR: dataDir, TRUST_PROXY: '1', LOG_REQUESTS: '0' },
    `${url}/api/v1/health`,
  );
  // The timings must not share the cores with the demo seed's speech analysis.
  await waitForIdleJobs(dataDir, undefined);
  let ip = 0;
  const timed = async (call: string, body: object) => {
    ip += 1;
    const started = performance.now();
    const res = await fetch(`${url}${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${ip >> 8}.${ip & 255}` },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${call} answered ${res.status}`);
    return performance.now() - started;
  };
  const rows = [];
  const calls = {
    forgotpassword: (email: string) => timed(enterpriseAuth.forgotPassword.path, { email }),
    register: (email: string) =>
      timed(enterpriseAuth.register.path, {
        company_name: 'Bench Co',
        name: 'Bench',
        email,
        password: 'Bench-password-2026',
      }),
  };
  try {
    for (const [name, call] of Object.entries(calls)) {
      // Warm up both paths first (argon2, prepared statements).
      await call('owner@acme.example');
      await call(`warm-${name}@nobody.example`);
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < PAIRS; i++) {
        known.push(await call(`member${String((i % 60) + 1).padStart(2, '0')}@acme.example`));
        unknown.push(await call(`nobody-${name}-${i}@nobody.example`));
      }
      const diffs = known.map((k, i) => k - (unknown[i] ?? 0));
      rows.push({
        call: name,
        'known p50 ms': median(known).toFixed(2),
        'unknown p50 ms': median(unknown).toFixed(2),
        'median diff ms': median(diffs).toFixed(2),
        'pairs known slower >0.5 ms': diffs.filter((d) => d > 0.5).length,
        'pairs unknown slower >0.5 ms': diffs.filter((d) => d < -0.5).length,
      });
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nAnswer timing, known vs unknown email (${PAIRS} pairs each, loopback)`);
  console.log(table(rows));
};

if (import.meta.main) await benchEnumeration();
