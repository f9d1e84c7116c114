import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { withInt8OutputProjection } from './decoder-graph.ts';

/**
 * The model files come inside two npm packages installed for nothing else (pnpm-workspace.yaml removes their
 * dependencies): Moonshine Tiny English, int8 (@moonshine-ai/moonshine-js@0.1.29), and Silero VAD v5
 * (@ricky0123/vad-web@0.0.22). The sha256 values are the ones measured in shared/research/speech.md: a
 * different file (another version, a damaged store) is refused rather than run.
 */
export const MODEL_FILES = {
  encoder: {
    pkg: '@moonshine-ai/moonshine-js',
    file: 'dist/model/tiny/quantized/encoder_model.onnx',
    sha256: 'c6fc4b7bc5af75c0591fd157a1f3829b533d18e9769a888fd95a62e470dd4f4a',
  },
  decoder: {
    pkg: '@moonshine-ai/moonshine-js',
    file: 'dist/model/tiny/quantized/decoder_model_merged.onnx',
    sha256: 'eed87831c3a6103534aae7d47a5d485025c659a1323901513961c39fe8a1a367',
  },
  vad: {
    pkg: '@ricky0123/vad-web',
    file: 'dist/silero_vad_v5.onnx',
    sha256: '2623a2953f6ff3d2c1e61740c6cdb7168133479b267dfef114a4a3cc5bdd788f',
  },
} as const;

export type ModelName = keyof typeof MODEL_FILES;

const require = createRequire(import.meta.url);

/** The path of one model file; the packages export no file paths, so it is looked up in Node's search folders. */
export const modelPath = (name: ModelName) => {
  const { pkg, file } = MODEL_FILES[name];
  for (const folder of require.resolve.paths(pkg) ?? []) {
    const candidate = path.join(folder, pkg, file);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`The speech model ${file} of ${pkg} is missing: run pnpm install.`);
};

/**
 * Sessions that allocate afresh instead of keeping ONNX Runtime's memory arena. The encoder runs once a chunk, on
 * inputs of every length, and the arena kept room for the longest: without it the bench's rightly read tune half
 * peaked at 442-453 MB instead of 462-469 MB, at the same speed (RTF 0.092-0.094 against 0.094). The decoder
 * (a step per token) and the VAD (a step per 32 ms) run many small steps and keep it.
 */
const WITHOUT_ARENA: ReadonlySet<ModelName> = new Set(['encoder']);

/**
 * The bytes a session is made from: the file, checked by its sha256, and for the decoder with its output projection
 * read in int8 (decoder-graph.ts).
 */
export const modelBytes = (name: ModelName): Uint8Array => {
  const file = modelPath(name);
  const bytes = readFileSync(file);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== MODEL_FILES[name].sha256) {
    throw new Error(`The speech model ${file} has sha256 ${sha256}, not ${MODEL_FILES[name].sha256}.`);
  }
  return name === 'decoder' ? withInt8OutputProjection(bytes) : bytes;
};

/**
 * One ONNX session on one thread: chunks are short, and the second core serves the API and, while a reading is
 * heard, the phone aligner's searches (pocketsphinx.ts, `decodeAsync`).
 */
export const loadSession = async (name: ModelName) =>
  ort.InferenceSession.create(modelBytes(name), {
    executionProviders: ['cpu'],
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    enableCpuMemArena: !WITHOUT_ARENA.has(name),
  });

/** Memoises an async loader: the first call starts it, every later call shares it; a failure is retried. */
export const once = <T>(load: () => Promise<T>) => {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
};

/** The native runtime, for building tensors beside these sessions. */
export { ort };
