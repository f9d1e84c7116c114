/**
 * The open-loop load generator's own process, forked by open-loop.ts (see there for the model). It imports nothing
 * but undici and runs on Node's own type stripping (no tsx, no esbuild service beside it), so its heap stays a few
 * megabytes.
 *
 * Why a process of its own: the generator used to run inside the bench, whose heap holds the server's modules and
 * the seeding of 100,000 members. That heap paused 16-22 ms for a major GC every two seconds, every request due in
 * the pause was charged for it, and so the bare baseline route itself missed a 10 ms p99 at 2,000 req/s.
 *
 * Why `dispatch` with one small handler object per request, not `request()`: `request()` gives every answer a
 * promise and a readable body stream, about 30 KB of garbage per request. At 2,000 req/s the generator's young
 * generation filled every 0.3-1.5 s and each scavenge paused it 4-29 ms; every answer that arrived in a pause was
 * timed late, and those pauses lined up with the slow requests. With `dispatch` the generator
 * scavenges a few times a run, for about a millisecond.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type Dispatcher, Pool } from 'undici';
import { cpuMeter, stealMeter } from './cpu.ts';

export type GeneratorOptions = {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** One body for every request, or request i's body at i (the parent makes them: a function cannot cross). */
  body?: string | string[];
  rate: number;
  seconds: number;
  /** Seconds of the same load first, not counted: the generator's code is compiled and its sockets open. */
  warmupSeconds: number;
  connections: number;
};

export type GeneratorResult = {
  'p50 ms': number;
  'p99 ms': number;
  'req/s': number;
  failures: number;
  /** cpu.ts: the machine's CPU time per answered request, less this generator's. */
  'cpu ms/req': string;
  /** cpu.ts: CPU time the host took from this machine during the run. */
  'steal ms': string;
  /**
   * p99 of how late requests left this generator after their due time. Near 0 when the client keeps time; a large
   * figure means part of the latency is the client's, not the server's.
   */
  'late ms': string;
};

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : 0;

/** One run at the fixed rate; `firstBody` is the index of its first request's body (after the warm-up's). */
const generate = async (
  pool: Pool,
  options: GeneratorOptions,
  seconds: number,
  firstBody: number,
): Promise<GeneratorResult> => {
  const target = new URL(options.url);
  const path = `${target.pathname}${target.search}`;
  const total = Math.max(1, Math.round(options.rate * seconds));
  const interval = 1000 / options.rate;
  // Preallocated, and no promise kept per request: the run leaves the collector almost nothing to walk.
  const latencies = new Float64Array(total);
  const late = new Float64Array(total);
  let answered = 0;
  let failures = 0;
  let pending = 0;
  let sent = 0;
  let lastDone = 0;
  let allDone: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    allDone = resolve;
  });
  const settle = () => {
    pending--;
    if (pending === 0 && sent === total) allDone();
  };
  /** One request's answer: timed from its due time once its last byte has arrived. */
  class Answer implements Dispatcher.DispatchHandler {
    due: number;
    status = 0;
    constructor(due: number) {
      this.due = due;
    }
    onRequestStart() {}
    onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number) {
      this.status = statusCode;
    }
    onResponseData() {}
    onResponseEnd() {
      lastDone = performance.now();
      if (this.status >= 300) failures++;
      else latencies[answered++] = lastDone - this.due;
      settle();
    }
    onResponseError() {
      failures++;
      settle();
    }
  }
  const cpu = cpuMeter();
  const steal = stealMeter();
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const ahead = due - performance.now();
    // Timers fire to the millisecond: requests due within it go out together, each still timed from its due time.
    if (ahead >= 1) await sleep(ahead);
    const body = Array.isArray(options.body)
      ? options.body[(firstBody + i) % options.body.length]
      : options.body;
    late[i] = performance.now() - due;
    pending++;
    sent++;
    pool.dispatch(
      {
        path,
        method: options.method,
        ...(options.headers ? { headers: options.headers } : {}),
        ...(body === undefined ? {} : { body }),
      },
      new Answer(due),
    );
  }
  if (pending > 0) await finished;
  const measured = latencies.subarray(0, answered).sort();
  const elapsed = Math.max(lastDone - start, 1) / 1000;
  return {
    'p50 ms': Math.round(percentile(measured, 50)),
    'p99 ms': Math.round(percentile(measured, 99)),
    'req/s': Math.round(answered / elapsed),
    failures,
    'cpu ms/req': cpu(answered),
    'steal ms': steal(),
    'late ms': percentile(late.sort(), 99).toFixed(1),
  };
};

const warmUpThenMeasure = async (options: GeneratorOptions) => {
  const pool = new Pool(new URL(options.url).origin, { connections: options.connections });
  try {
    const warmup = Math.round(options.rate * options.warmupSeconds);
    if (warmup > 0) await generate(pool, options, options.warmupSeconds, 0);
    return await generate(pool, options, options.seconds, warmup);
  } finally {
    await pool.close();
  }
};

process.once('message', (options: GeneratorOptions) => {
  warmUpThenMeasure(options).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
