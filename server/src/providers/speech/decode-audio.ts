import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
 * 16 kHz mono float samples in [-1, 1]. The bytes go through a pipe; ffmpeg finds the container from the bytes
 * themselves, so `contentType` only names the recording in error messages. One exception: an MP4 whose index
 * (the moov box) comes after the audio, as most files not made by a browser, cannot be read from a pipe, which
 * cannot seek back; that one is decoded again from a temporary file.
 */
export const decodeAudio = async (
  audio: { bytes: Uint8Array; contentType: string },
  options: { ffmpeg?: string } = {},
): Promise<Float32Array> => {
  const command = options.ffmpeg ?? process.env.FFMPEG_PATH ?? 'ffmpeg';
  try {
    return await runFfmpeg(command, audio, null);
  } catch (error) {
    if (error instanceof FfmpegMissingError || !isMp4(audio.bytes)) throw error;
    const dir = await mkdtemp(path.join(tmpdir(), 'decode-'));
    try {
      const file = path.join(dir, 'recording.mp4');
      await writeFile(file, audio.bytes);
      return await runFfmpeg(command, audio, file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
};

/** ISO base media (MP4, M4A, MOV) starts with a box of type "ftyp". */
const isMp4 = (bytes: Uint8Array) => Buffer.from(bytes.subarray(4, 8)).toString('latin1') === 'ftyp';

const runFfmpeg = (
  command: string,
  audio: { bytes: Uint8Array; contentType: string },
  file: string | null,
): Promise<Float32Array> => {
  return new Promise((resolve, reject) => {
    const input = ['-hide_banner', '-loglevel', 'error', '-i', file ?? 'pipe:0'];
    const output = ['-vn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 'f32le', 'pipe:1'];
    const child = spawn(command, [...input, ...output], { stdio: ['pipe', 'pipe', 'pipe'] });
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
      // ffmpeg exits 0 on some unreadable input ("Invalid data found"), having written nothing.
      if (code !== 0 || (!out.length && errors.trim())) {
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
    if (file) child.stdin.end();
    else child.stdin.end(audio.bytes);
  });
};
