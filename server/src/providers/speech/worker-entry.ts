import { parentPort } from 'node:worker_threads';
import { embeddedSpeech, type HearingOptions } from './index.ts';

/**
 * The embedded speech engine's own thread: decoding, voice activity, Moonshine and the phone aligner run from here
 * (the aligner's searches on a thread of the pool, one recording's at a time), so the server's event loop never
 * waits on inference. Recordings sent before the last one is heard are taken as they come, interleaved at each
 * wait. The models load on the first job.
 */
const engine = embeddedSpeech();
parentPort?.on(
  'message',
  async ({
    id,
    bytes,
    contentType,
    hearing,
  }: {
    id: number;
    bytes: Uint8Array;
    contentType: string;
    hearing?: HearingOptions;
  }) => {
    try {
      parentPort?.postMessage({ id, transcript: await engine.transcribe({ bytes, contentType }, hearing) });
    } catch (error) {
      parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  },
);
