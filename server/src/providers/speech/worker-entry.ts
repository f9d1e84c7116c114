import { parentPort } from 'node:worker_threads';
import { embeddedSpeech } from './index.ts';

/**
 * The embedded speech engine's own thread (issue 16): decoding, voice activity and Moonshine run here, one
 * recording at a time, so the server's event loop never waits on inference. The models load on the first job.
 */
const engine = embeddedSpeech();
parentPort?.on(
  'message',
  async ({ id, bytes, contentType }: { id: number; bytes: Uint8Array; contentType: string }) => {
    try {
      parentPort?.postMessage({ id, transcript: await engine.transcribe({ bytes, contentType }) });
    } catch (error) {
      parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  },
);
