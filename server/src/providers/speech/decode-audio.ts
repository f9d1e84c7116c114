import { spawn } from 'node:child_process';

/** Every model here hears 16 kHz mono. */
export const SAMPLE_RATE = 16_000;

/** The recording could not be decoded (a damaged or unknown file), or ffmpeg is missing. */
export class AudioDecodeError extends Error {}

/** ffmpeg is not on this machine: the embedded speech engine cannot read recordings without it. */
export class FfmpegMissingError extends AudioDecodeError {
  constructor(command: string) {
    super(
      `ffmpeg was not found (${command}): the embedded speech engine decodes recordings with Debian's ffmpeg. ` +
        'Install it with `apt-get install -y ffmpeg` (or run `node scripts/ensure-speech-tools.mjs` as root).',
    );
  }
}

/**
 * Decodes any recording ffmpeg can read (audio/webm, audio/ogg, audio/mpeg, audio/wav, audio/mp4, ...) into
 * 16 kHz mono float samples in [-1, 1]. The bytes go through a pipe, never a temporary file; ffmpeg finds the
 * container from the bytes themselves, so `contentType` only names the recording in error messages.
 */
export const decodeAudio = (
  audio: { bytes: Uint8Array; contentType: string },
  options: { ffmpeg?: string } = {},
): Promise<Float32Array> => {
  const command = options.ffmpeg ?? process.env.FFMPEG_PATH ?? 'ffmpeg';
  return new Promise((resolve, reject) => {
    const child = spawn(
      command,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        'pipe:0',
        '-vn',
        '-ac',
        '1',
        '-ar',
        String(SAMPLE_RATE),
      ].concat(['-f', 'f32le', 'pipe:1']),
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const out: Buffer[] = [];
    let errors = '';
    let failed = false;
    child.on('error', (error: NodeJS.ErrnoException) => {
      failed = true;
      reject(error.code === 'ENOENT' ? new FfmpegMissingError(command) : error);
    });
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    // ffmpeg may stop reading early (a file it cannot parse): the broken pipe is reported by its exit code.
    child.stdin.on('error', () => {});
    child.on('close', (code) => {
      if (failed) return;
      if (code !== 0) {
        reject(
          new AudioDecodeError(
            `ffmpeg could not decode the ${audio.contentType} recording: ${errors.trim()}`,
          ),
        );
        return;
      }
      const bytes = Buffer.concat(out);
      // A copy, so the samples are 4-byte aligned whatever Buffer's pool offset was.
      const usable = bytes.byteLength - (bytes.byteLength % 4);
      resolve(new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + usable)));
    });
    child.stdin.end(audio.bytes);
  });
};
