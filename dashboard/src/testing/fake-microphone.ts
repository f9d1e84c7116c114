import { vi } from 'vitest';

/**
 * A stand-in for the browser's microphone (jsdom has none): getUserMedia answers a stream whose track
 * records `stopped`, and MediaRecorder hands over one chunk of bytes when stopped. `deny` makes the next
 * getUserMedia fail the way a blocked permission does.
 */
export const installFakeMicrophone = () => {
  const tracks: { stopped: boolean }[] = [];
  const recorders: FakeMediaRecorder[] = [];

  class FakeMediaRecorder extends EventTarget {
    static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
    state: 'inactive' | 'recording' = 'inactive';
    readonly mimeType: string;
    constructor(_stream: MediaStream, options?: { mimeType?: string }) {
      super();
      this.mimeType = options?.mimeType ?? 'audio/webm';
      recorders.push(this);
    }
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      const data = new Event('dataavailable') as Event & { data: Blob };
      data.data = new Blob(['OggS-fake-voice'], { type: this.mimeType });
      this.dispatchEvent(data);
      this.dispatchEvent(new Event('stop'));
    }
  }

  const getUserMedia = vi.fn(async () => {
    const track = { stopped: false, stop: () => (track.stopped = true) };
    tracks.push(track);
    return { getTracks: () => [track] } as unknown as MediaStream;
  });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  URL.createObjectURL = vi.fn(() => `blob:fake-${Math.random()}`);
  URL.revokeObjectURL = vi.fn();

  return {
    getUserMedia,
    tracks,
    recorders,
    deny: () => getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError')),
  };
};
