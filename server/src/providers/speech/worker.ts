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
 * The embedded engine in `threads` worker threads (WORKER_CONCURRENCY; one by default: on two cores the other
 * belongs to the server), each started on its first recording and kept (the models stay loaded). A recording
 * goes to the thread with the fewest in hand.
 */
export const workerSpeech = ({
  threads = 1,
}: {
  threads?: number;
} = {}): SpeechProvider & {
  close: () => Promise<void>;
} => {
  const engines = Array.from({ length: Math.max(1, threads) }, () => engineThread());
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
 * One engine thread. A crashed thread fails what it held and is started anew for the next recording; the job
 * queue retries the failed ones.
 */
const engineThread = () => {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (t: Transcript) => void; reject: (e: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    worker = null;
  };
  const start = () => {
    // The entry is TypeScript: the thread loads it through tsx, as the server itself is run.
    const started = new Worker(new URL('./worker-entry.ts', import.meta.url), {
      execArgv: ['--import', import.meta.resolve('tsx')],
      // V8 counts a young generation as three semi-spaces: 24 MB here is --max-semi-space-size=8 in a process.
      resourceLimits: { maxYoungGenerationSizeMb: 3 * ENGINE_SEMI_SPACE_MB },
    });
    started.on('message', ({ id, transcript, error }: Reply) => {
      const entry = waiting.get(id);
      waiting.delete(id);
      if (waiting.size === 0) started.unref();
      if (!entry) return;
      if (transcript) entry.resolve(transcript);
      else entry.reject(new Error(error ?? 'The speech engine failed'));
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => failAll(new Error(`The speech engine stopped (exit ${code})`)));
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
        waiting.set(id, { resolve, reject });
        sending.ref();
        // A copy with its own memory, transferred: a small Buffer is a view of Node's shared pool, which must not
        // be transferred (slice() on a Buffer is such a view too).
        const copy = new Uint8Array(bytes);
        sending.postMessage({ id, bytes: copy, contentType, hearing }, [copy.buffer]);
      });
    },
    close: async () => {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
};
