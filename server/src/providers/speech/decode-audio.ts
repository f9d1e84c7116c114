import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_RECORDING_SECONDS } from '@coach/shared/constants/speech';

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
 * Decodes a recording into 16 kHz mono float samples in [-1, 1].
 *
 * What browsers upload (Opus in WebM or Ogg) and 16 kHz PCM WAV are decoded in this process: mediabunny reads the
 * container and libopus, as WebAssembly (opus-decoder), decodes straight to 16 kHz. Starting ffmpeg took about
 * 70 ms per recording (it loads 215 libraries), a quarter of the whole analysis of a short reading; this takes
 * 5-20 ms.
 *
 * Everything else goes to ffmpeg (audio/mp4 from Safari, audio/mpeg, WAV at other rates, and anything the
 * in-process path cannot read): the bytes go through a pipe, and ffmpeg finds the container from the bytes
 * themselves, so `contentType` only names the recording in error messages. One exception: an MP4 whose index
 * (the moov box) comes after the audio, as most files not made by a browser, cannot be read from a pipe, which
 * cannot seek back; that one is decoded again from a temporary file.
 *
 * Only the first `maxSeconds` (MAX_RECORDING_SECONDS, where the recorder stops) are decoded: the upload limit
 * alone let an Opus file hold hours, each minute a worker's time and 3.8 MB of samples.
 */
export const decodeAudio = async (
  audio: { bytes: Uint8Array; contentType: string },
  options: { ffmpeg?: string; maxSeconds?: number } = {},
): Promise<Float32Array> => {
  const maxSeconds = options.maxSeconds ?? MAX_RECORDING_SECONDS;
  const upToLimit = (samples: Float32Array) => samples.subarray(0, Math.round(maxSeconds * SAMPLE_RATE));
  const decoded = await decodeInProcess(audio.bytes, maxSeconds).catch(() => null);
  if (decoded) return upToLimit(decoded);
  const command = options.ffmpeg ?? process.env.FFMPEG_PATH ?? 'ffmpeg';
  try {
    return upToLimit(await runFfmpeg(command, audio, null, maxSeconds));
  } catch (error) {
    if (error instanceof FfmpegMissingError || !isMp4(audio.bytes)) throw error;
    const dir = await mkdtemp(path.join(tmpdir(), 'decode-'));
    try {
      const file = path.join(dir, 'recording.mp4');
      await writeFile(file, audio.bytes);
      return upToLimit(await runFfmpeg(command, audio, file, maxSeconds));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
};

/** Loaded on the first recording: the API's own process, which hands recordings to the engine, never needs them. */
let libraries: Promise<[typeof import('mediabunny'), typeof import('opus-decoder')]> | undefined;

/**
 * The recording decoded here, or null when ffmpeg should have it: another codec, more than two channels, PCM at
 * another rate, no audio, or an Opus frame libopus could not decode (ffmpeg then says what is wrong).
 */
export const decodeInProcess = async (
  bytes: Uint8Array,
  maxSeconds = MAX_RECORDING_SECONDS,
): Promise<Float32Array | null> => {
  libraries ??= Promise.all([import('mediabunny'), import('opus-decoder')]);
  const [{ BufferSource, Input, MATROSKA, OGG, WAVE, WEBM }] = await libraries;
  // No HLS among the formats: a playlist would name other files to fetch.
  const input = new Input({ source: new BufferSource(bytes), formats: [WEBM, MATROSKA, OGG, WAVE] });
  try {
    const track = await input.getPrimaryAudioTrack();
    if (!track) return null;
    if (track.codec === 'opus' && track.numberOfChannels <= 2) return await decodeOpus(track, maxSeconds);
    if (track.codec?.startsWith('pcm-') && track.sampleRate === SAMPLE_RATE)
      return await decodePcm(track, maxSeconds);
    return null;
  } finally {
    input.dispose();
  }
};

type AudioTrack = NonNullable<Awaited<ReturnType<import('mediabunny').Input['getPrimaryAudioTrack']>>>;

const decodeOpus = async (track: AudioTrack, maxSeconds: number): Promise<Float32Array | null> => {
  const [{ EncodedPacketSink }, { OpusDecoder }] = await (libraries as NonNullable<typeof libraries>);
  // The samples an encoder adds before the audio, at 48 kHz (the Opus header's pre-skip, bytes 10-11); the
  // decoder drops them at the rate it decodes to.
  const head = (await track.getDecoderConfig())?.description;
  const header = !head
    ? null
    : ArrayBuffer.isView(head)
      ? new DataView(head.buffer, head.byteOffset, head.byteLength)
      : new DataView(head);
  const preSkip = header && header.byteLength >= 12 ? header.getUint16(10, true) : 312;
  const frames: Uint8Array[] = [];
  for await (const packet of new EncodedPacketSink(track).packets()) {
    if (packet.timestamp >= maxSeconds) break;
    frames.push(packet.data);
  }
  if (!frames.length) return null;
  const decoder = new OpusDecoder({
    sampleRate: SAMPLE_RATE,
    channels: track.numberOfChannels,
    preSkip: Math.round((preSkip * SAMPLE_RATE) / 48_000),
  });
  try {
    await decoder.ready;
    const { channelData, samplesDecoded, errors } = decoder.decodeFrames(frames);
    if (errors.length || !samplesDecoded) return null;
    // Copies: the decoder's buffers are freed below.
    return mixDown(channelData.map((channel) => channel.slice(0, samplesDecoded)));
  } finally {
    decoder.free();
  }
};

const decodePcm = async (track: AudioTrack, maxSeconds: number): Promise<Float32Array | null> => {
  const [{ AudioSampleSink }] = await (libraries as NonNullable<typeof libraries>);
  const pieces: Float32Array[] = [];
  for await (const sample of new AudioSampleSink(track).samples()) {
    try {
      if (sample.timestamp >= maxSeconds) break;
      const channels = Array.from({ length: sample.numberOfChannels }, (_, planeIndex) => {
        const plane = new Float32Array(sample.numberOfFrames);
        sample.copyTo(plane, { format: 'f32-planar', planeIndex });
        return plane;
      });
      pieces.push(mixDown(channels));
    } finally {
      sample.close();
    }
  }
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  if (!length) return null;
  const samples = new Float32Array(length);
  let offset = 0;
  for (const piece of pieces) {
    samples.set(piece, offset);
    offset += piece.length;
  }
  return samples;
};

/** The channels' mean, as the Web Audio API mixes stereo down to mono. */
const mixDown = (channels: Float32Array[]): Float32Array => {
  const [first, ...rest] = channels;
  if (!first) return new Float32Array(0);
  if (!rest.length) return first;
  const mono = new Float32Array(first.length);
  for (const channel of channels)
    for (let i = 0; i < mono.length; i++) mono[i] = (mono[i] ?? 0) + (channel[i] ?? 0) / channels.length;
  return mono;
};

/** ISO base media (MP4, M4A, MOV) starts with a box of type "ftyp". */
const isMp4 = (bytes: Uint8Array) => Buffer.from(bytes.subarray(4, 8)).toString('latin1') === 'ftyp';

const runFfmpeg = (
  command: string,
  audio: { bytes: Uint8Array; contentType: string },
  file: string | null,
  maxSeconds: number,
): Promise<Float32Array> => {
  return new Promise((resolve, reject) => {
    const input = ['-hide_banner', '-loglevel', 'error', '-i', file ?? 'pipe:0'];
    const output = [
      '-vn',
      '-t',
      String(maxSeconds),
      '-ac',
      '1',
      '-ar',
      String(SAMPLE_RATE),
      '-f',
      'f32le',
      'pipe:1',
    ];
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
