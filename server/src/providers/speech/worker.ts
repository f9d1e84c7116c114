import { Worker } from 'node:worker_threads';
import type { HearingOptions, SpeechAudio, SpeechProvider, Transcript } from './index.ts';

/**
 * The engine thread's young generation, as V8's semi-space size in MB. Beam search allocates fast (a cache per
 * hypothesis per token), and V8 let the young generation grow to its default 32 MB of new space: on 150 of the
 * pronunciation bench's recordings the process peaked at 434-473 MB, against 390 MB at 8 MB semi-spaces
 * (385-391 MB at 4), at the same speed within the machine's noise (RTF 0.254 against 0.247-0.287). The benches that
 * run the engine in their own thread run with the same limit (scripts/bench/shared.ts, `inEngineHeap`).
 */
export const ENGINE_SEMI_SPACE_MB = 8;

type Reply = { id: number; transcript?: Transcript; error?: string };

/**
 * How long an engine thread may answer nothing, per recording in hand: a minute, and a second more per 4 KB (about
 * a second of Opus as browsers record it, an eighth of a second of 16 kHz WAV), where the analysis takes a fifth
 * of the recording's length. A thread silent for longer is stuck, say a container reader looping on a damaged
 * file: it is stopped, what it held fails (the job queue retries it), and the next recording starts a new thread.
 */
export const stuckAfterMs = (bytes: number) => 60_000 + bytes / 4;

/**
 * The embedded engine in `threads` worker threads (WORKER_CONCURRENCY; one by default: on two cores the other
 * belongs to the server), each started on its first recording and kept (the models stay loaded). A recording
 * goes to the thread with the fewest in hand.
 */
export const workerSpeech = ({
  threads = 1,
  allowanceMs = stuckAfterMs,
}: {
  threads?: number;
  /** How long a thread may answer nothing per recording in hand, of these bytes (tests shorten it). */
  allowanceMs?: (bytes: number) => number;
} = {}): SpeechProvider & {
  close: () => Promise<void>;
} => {
  const engines = Array.from({ length: Math.max(1, threads) }, () => engineThread(allowanceMs));
  return {
    kind: 'embedded',
    transcribe: (recording, hearing?: HearingOptions) => {
      const idlest = engines.reduce((best, engine) => (engine.load() < best.load() ? engine : best));
      return idlest.transcribe(recording, hearing);
    },
    close: async () => {
      await Promise.all(engines.map((engine) => engine.close()));
    },
  };
};

/**
 * One engine thread. A crashed or stuck thread fails what it held and is started anew for the next recording; the
 * job queue retries the failed ones.
 */
const engineThread = (allowanceMs: (bytes: number) => number) => {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<
    number,
    { resolve: (t: Transcript) => void; reject: (e: Error) => void; allowance: number }
  >();
  let watchdog: NodeJS.Timeout | undefined;
  const failAll = (error: Error) => {
    clearTimeout(watchdog);
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    worker = null;
  };
  // Set again whenever the thread answers or takes a recording: it has as long as all it holds allows.
  const watch = () => {
    clearTimeout(watchdog);
    const running = worker;
    if (!running || !waiting.size) return;
    const allowance = [...waiting.values()].reduce((sum, entry) => sum + entry.allowance, 0);
    watchdog = setTimeout(() => {
      failAll(
        new Error(`The speech engine answered nothing for ${Math.round(allowance / 1000)} s and was stopped`),
      );
      void running.terminate();
    }, allowance);
    watchdog.unref();
  };
  const start = () => {
    // The entry is TypeScript: the thread loads it through tsx, as the server itself is run.
    const started = new Worker(new URL('./worker-entry.ts', import.meta.url), {
      execArgv: ['--import', import.meta.resolve('tsx')],
      // V8 counts a young generation as three semi-spaces: 24 MB here is --max-semi-space-size=8 in a process.
      resourceLimits: { maxYoungGenerationSizeMb: 3 * ENGINE_SEMI_SPACE_MB },
    });
    started.on('message', ({ id, transcript, error }: Reply) => {
      // A thread stopped as stuck may still answer: what it held has failed already.
      if (worker !== started) return;
      const entry = waiting.get(id);
      waiting.delete(id);
      if (waiting.size === 0) started.unref();
      watch();
      if (!entry) return;
      if (transcript) entry.resolve(transcript);
      else entry.reject(new Error(error ?? 'The speech engine failed'));
    });
    // Only the current thread's end fails what is waiting: a stopped one's comes after a new thread took over.
    started.on('error', (error) => worker === started && failAll(error));
    started.on(
      'exit',
      (code) => worker === started && failAll(new Error(`The speech engine stopped (exit ${code})`)),
    );
    // An idle engine thread does not keep the process alive; one hearing a recording does (below), so a stop that
    // waits for the job in hand gets its answer instead of the process exiting under onnxruntime mid-run (abort).
    started.unref();
    return started;
  };
  return {
    load: () => waiting.size,
    transcribe: ({ bytes, contentType }: SpeechAudio, hearing?: HearingOptions) => {
      worker ??= start();
      const id = ++nextId;
      const sending = worker;
      return new Promise<Transcript>((resolve, reject) => {
        waiting.set(id, { resolve, reject, allowance: allowanceMs(bytes.byteLength) });
        watch();
        sending.ref();
        // A copy with its own memory, transferred: a small Buffer is a view of Node's shared pool, which must not
        // be transferred (slice() on a Buffer is such a view too).
        const copy = new Uint8Array(bytes);
        sending.postMessage({ id, bytes: copy, contentType, hearing }, [copy.buffer]);
      });
    },
    // What the thread held fails on its exit (above).
    close: async () => {
      await worker?.terminate();
    },
  };
};
