import { adminGeneral } from '@coach/shared/contract/admin';
import { enterpriseGeneral, type UploadPurpose } from '@coach/shared/contract/general';
import type { createTestApp } from './test-app.ts';

// Files as the dashboard stores them (a signed address, then a PUT), and whether one is still in storage, served
// at its public address and counted against the enterprise's storage.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The start of an MP4 (its ftyp box): all the upload checks read of a video. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
]);

/** A one-cue WebVTT subtitle track. */
const VTT = Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n');

/** The small files a test can upload, by kind. */
const FILES = {
  png: { fileName: 'image.png', fileType: 'image/png', bytes: PNG },
  mp4: { fileName: 'video.mp4', fileType: 'video/mp4', bytes: MP4 },
  vtt: { fileName: 'subtitles.vtt', fileType: 'text/vtt', bytes: VTT },
} as const;

type UploadOptions = {
  token: string;
  purpose: UploadPurpose;
  ip: string;
  audience?: 'enterprise' | 'admin';
};

/** Uploads a small file of this kind for `purpose` as the caller would, and answers with its public address. */
export const uploadFile = async (
  t: TestApp,
  { token, purpose, ip, audience = 'enterprise', kind }: UploadOptions & { kind: keyof typeof FILES },
) => {
  const { bytes, ...file } = FILES[kind];
  const call =
    audience === 'admin'
      ? adminGeneral.putSignedRequestForUpload
      : enterpriseGeneral.putSignedRequestForUpload;
  const signed = await t.request('POST', call.path, {
    ...t.tokenOpt(audience, token),
    ip,
    body: { purpose, ...file, fileSize: bytes.length },
  });
  if (signed.status !== 200) throw new Error(`signing failed ${signed.status} ${signed.json.message}`);
  const { uploadUrl, headers, fileUrl } = signed.json.response as {
    uploadUrl: string;
    headers: Record<string, string>;
    fileUrl: string;
  };
  const put = await t.app.request(uploadUrl, { method: 'PUT', headers, body: bytes });
  if (put.status !== 200) throw new Error(`upload failed ${put.status}`);
  return fileUrl;
};

/** Uploads a small PNG for `purpose` as the caller would, and answers with its public address. */
export const uploadPng = (t: TestApp, options: UploadOptions) => uploadFile(t, { ...options, kind: 'png' });

/** Whether the file at this address is in storage, served, and has its uploads row. */
export const fileState = async (t: TestApp, url: string) => {
  const key = t.deps.storage.keyOf(url) ?? '';
  const served = await t.app.request(t.deps.storage.publicUrl(key));
  // Read to the end: the file is streamed, and opened only when its body is read.
  await served.arrayBuffer();
  return {
    stored: (await t.deps.storage.read(key)) !== null,
    served: served.status,
    counted: Boolean(
      await t.deps.db.selectFrom('uploads').select('key').where('key', '=', key).executeTakeFirst(),
    ),
  };
};

export const present = { stored: true, served: 200, counted: true };
export const gone = { stored: false, served: 404, counted: false };
