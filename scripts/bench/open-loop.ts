import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';

/**
 * Load at a fixed rate, the way "p99 at N req/s" means it (an open model, as wrk2 measures): request i is due at
 * start + i/rate whatever the server is doing, and its latency runs from when it was due, so a server that falls
 * behind is charged for the wait it causes, and the load never pauses for it.
 *
 * Why not autocannon's `overallRate`: it lets each connection send its share of a second back to back as soon as the
 * second starts, then waits for the next one, so "200 req/s" arrives as bursts of ten at once; and its coordinated-
 * omission correction uses an expected interval of ceil(1 / rate) = 1 ms, so every answer slower than 1 ms is
 * counted again at each millisecond below it (a 300 ms stall became 300 samples). Its closed loop (fixed
 * connections, no rate) stays the throughput measure.
 */
export type OpenLoopOptions = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The body of request i (each may differ, e.g. a new search text every time). */
  body?: string | ((i: number) => string);
  rate: number;
  seconds: number;
  /** Sockets the client may open; more are never needed than the requests in flight at once. */
  connections?: number;
};

export type OpenLoopResult = {
  'p50 ms': number;
  'p99 ms': number;
  'req/s': number;
  failures: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : 0;

export const openLoop = async (options: OpenLoopOptions): Promise<OpenLoopResult> => {
  const target = new URL(options.url);
  const pool = new Pool(target.origin, { connections: options.connections ?? 64 });
  const path = `${target.pathname}${target.search}`;
  const total = Math.max(1, Math.round(options.rate * options.seconds));
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  let failures = 0;
  let lastDone = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  try {
    for (let i = 0; i < total; i++) {
      const due = start + i * interval;
      const ahead = due - performance.now();
      // Timers fire to the millisecond: requests due within it go out together, each still timed from its due time.
      if (ahead >= 1) await sleep(ahead);
      const body = typeof options.body === 'function' ? options.body(i) : options.body;
      inFlight.push(
        pool
          .request({
            path,
            method: options.method ?? 'GET',
            ...(options.headers ? { headers: options.headers } : {}),
            ...(body === undefined ? {} : { body }),
          })
          .then(
            async (res) => {
              await res.body.dump();
              lastDone = performance.now();
              if (res.statusCode >= 300) failures++;
              else latencies.push(lastDone - due);
            },
            () => {
              failures++;
            },
          ),
      );
    }
    await Promise.all(inFlight);
  } finally {
    await pool.close();
  }
  latencies.sort((a, b) => a - b);
  const seconds = Math.max(lastDone - start, 1) / 1000;
  return {
    'p50 ms': Math.round(percentile(latencies, 50)),
    'p99 ms': Math.round(percentile(latencies, 99)),
    'req/s': Math.round(latencies.length / seconds),
    failures,
  };
};
