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

/** Uploads a small PNG for `purpose` as the caller would, and answers with its public address. */
export const uploadPng = async (
  t: TestApp,
  {
    token,
    purpose,
    ip,
    audience = 'enterprise',
  }: {
    token: string;
    purpose: UploadPurpose;
    ip: string;
    audience?: 'enterprise' | 'admin';
  },
) => {
  const call =
    audience === 'admin'
      ? adminGeneral.putSignedRequestForUpload
      : enterpriseGeneral.putSignedRequestForUpload;
  const signed = await t.request('POST', call.path, {
    ...t.tokenOpt(audience, token),
    ip,
    body: { purpose, fileName: 'image.png', fileType: 'image/png', fileSize: PNG.length },
  });
  if (signed.status !== 200) throw new Error(`signing failed ${signed.status} ${signed.json.message}`);
  const { uploadUrl, headers, fileUrl } = signed.json.response as {
    uploadUrl: string;
    headers: Record<string, string>;
    fileUrl: string;
  };
  const put = await t.app.request(uploadUrl, { method: 'PUT', headers, body: PNG });
  if (put.status !== 200) throw new Error(`upload failed ${put.status}`);
  return fileUrl;
};

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
