import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { GeneratorOptions, GeneratorResult } from './load-generator.ts';

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
 *
 * The requests go out from a process of their own (load-generator.ts): a pause of the generator is charged to the
 * server as latency, so the generator must not share a heap with the bench that seeded the data.
 */
export type OpenLoopOptions = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The body of request i (each may differ, e.g. a new search text every time). */
  body?: string | ((i: number) => string);
  rate: number;
  seconds: number;
  /** Seconds of the same load first, not counted (see load-generator.ts). */
  warmupSeconds?: number;
  /** Sockets the client may open; more are never needed than the requests in flight at once. */
  connections?: number;
};

export type OpenLoopResult = GeneratorResult;

const GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

export const openLoop = (options: OpenLoopOptions): Promise<OpenLoopResult> => {
  const warmupSeconds = options.warmupSeconds ?? 0;
  // Bodies for the warm-up and the measured run: a text never asked stays never asked in the measured run.
  const total = Math.max(1, Math.round(options.rate * (warmupSeconds + options.seconds)));
  const { body } = options;
  const message: GeneratorOptions = {
    url: options.url,
    method: options.method ?? 'GET',
    ...(options.headers ? { headers: options.headers } : {}),
    ...(body === undefined
      ? {}
      : { body: typeof body === 'function' ? Array.from({ length: total }, (_, i) => body(i)) : body }),
    rate: options.rate,
    seconds: options.seconds,
    warmupSeconds,
    connections: options.connections ?? 64,
  };
  return new Promise((resolve, reject) => {
    // Node strips the generator's types itself: no loader beside it in that process.
    const child = fork(GENERATOR, [], { execArgv: [] });
    let result: GeneratorResult | null = null;
    child.once('message', (answer: GeneratorResult) => {
      result = answer;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`The load generator exited with code ${code}`)),
    );
    child.send(message);
  });
};
