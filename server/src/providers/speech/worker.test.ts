import { afterAll, describe, expect, it } from 'vitest';
import { synthesise } from './synthesise.ts';
import { workerSpeech } from './worker.ts';

describe('the embedded engine in its worker thread', () => {
  const speech = workerSpeech();
  afterAll(async () => {
    await speech.close();
  });

  it('hears a small recording held in a pooled Buffer, and the caller keeps its bytes', async () => {
    // 0.1 s of silence is about 3 KB: Buffer.from puts it in Node's shared pool, which cannot be transferred.
    const small = Buffer.from(await synthesise([{ silence: 0.1 }]));
    expect(small.byteLength).toBeLessThan(4096);
    expect(small.buffer.byteLength).toBeGreaterThan(small.byteLength);
    const t = await speech.transcribe({ bytes: small, contentType: 'audio/wav' });
    expect(t.speech).toBe(false);
    expect(small.byteLength).toBeGreaterThan(0);
    expect(String.fromCharCode(...small.subarray(0, 4))).toBe('RIFF');
  });

  it('stops a thread that answers nothing for longer than its recordings allow, and starts a new one', async () => {
    let allowance = 1;
    const watched = workerSpeech({ allowanceMs: () => allowance });
    try {
      const recording = { bytes: await synthesise([{ say: 'Good morning.' }]), contentType: 'audio/wav' };
      // 1 ms: the thread is still loading its models when the watchdog stops it.
      await expect(watched.transcribe(recording)).rejects.toThrow(/answered nothing for 0 s and was stopped/);
      allowance = 60_000;
      const heard = await watched.transcribe(recording);
      expect(heard.text.toLowerCase()).toContain('morning');
    } finally {
      await watched.close();
    }
  });
});
