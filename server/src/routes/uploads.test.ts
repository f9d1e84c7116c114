import { adminGeneral } from '@coach/shared/contract/admin';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { uploads } from '@coach/shared/contract/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from '../providers/storage.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let globex: string;
let admin: string;
const ip = '10.9.4.1';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Signed = { uploadUrl: string; headers: Record<string, string>; fileUrl: string; key: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
  globex = await t.fullLogin('owner@globex.example', 'enterprise', ip);
  admin = await t.fullLogin('admin@coach.example', 'admin', ip);
});
afterAll(async () => {
  await t?.close();
});

const sign = async (token: string, body: object, audience: 'enterprise' | 'admin' = 'enterprise') => {
  const path =
    audience === 'admin'
      ? adminGeneral.putSignedRequestForUpload.path
      : enterpriseGeneral.putSignedRequestForUpload.path;
  const res = await t.request('POST', path, { ...t.tokenOpt(audience, token), ip, body });
  return { ...res, signed: res.json.response as Signed };
};
const avatarGrant = (token: string, size = PNG.length) =>
  sign(token, {
    purpose: 'avatar',
    fileName: '../../etc/passwd me.png',
    fileType: 'image/png',
    fileSize: size,
  });
const put = (signed: Signed, body: Uint8Array | string, headers: Record<string, string> = signed.headers) =>
  t.app.request(signed.uploadUrl, { method: 'PUT', headers, body });

describe('signed uploads to the embedded store', () => {
  it('signs a server-named key, takes the PUT, and serves the file cached for 30 days', async () => {
    const { status, signed } = await avatarGrant(owner);
    expect(status).toBe(200);
    expect(signed.key).toMatch(/^avatar\/\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(signed.key).not.toContain('passwd');
    expect(signed.headers).toMatchObject({
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=2592000',
      'x-amz-acl': 'public-read',
    });
    expect(signed.fileUrl).toBe(`/uploads/${signed.key}`);

    const stored = await put(signed, PNG);
    expect(stored.status).toBe(200);
    const read = await t.app.request(signed.fileUrl);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('public, max-age=2592000');
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await read.arrayBuffer()).equals(PNG)).toBe(true);

    // Media players seek with Range requests.
    const part = await t.app.request(signed.fileUrl, { headers: { range: 'bytes=8-15' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-15/${PNG.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(PNG.subarray(8, 16))).toBe(true);
    const tail = await t.app.request(signed.fileUrl, { headers: { range: 'bytes=-4' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(PNG.subarray(PNG.length - 4))).toBe(true);
    const past = await t.app.request(signed.fileUrl, { headers: { range: `bytes=${PNG.length}-` } });
    expect(past.status).toBe(416);

    // One address, one file.
    expect((await put(signed, PNG)).status).toBe(409);
  });

  it('refuses a wrong type or size when signing, naming the field', async () => {
    const exe = await sign(owner, {
      purpose: 'avatar',
      fileName: 'x.exe',
      fileType: 'application/x-msdownload',
      fileSize: 10,
    });
    expect(exe.status).toBe(422);
    expect(exe.json.field).toBe('fileType');
    const huge = await avatarGrant(owner, 6 * 1024 * 1024);
    expect(huge.status).toBe(422);
    expect(huge.json.field).toBe('fileSize');
    const anonymous = await t.request('POST', enterpriseGeneral.putSignedRequestForUpload.path, {
      ip,
      body: { purpose: 'avatar', fileName: 'a.png', fileType: 'image/png', fileSize: 10 },
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a forged signature, another content type, bytes that are not the declared type, and too many bytes', async () => {
    const { signed } = await avatarGrant(owner);
    const forged = { ...signed, uploadUrl: signed.uploadUrl.replace(/sig=[^&]+/, 'sig=AAAA') };
    const forgedRes = await put(forged, PNG);
    expect(forgedRes.status).toBe(403);
    expect(((await forgedRes.json()) as { message: string }).message).toBe(
      'This upload address is not valid',
    );

    const otherKey = { ...signed, uploadUrl: signed.uploadUrl.replace(/[0-9a-f-]{36}/, crypto.randomUUID()) };
    expect((await put(otherKey, PNG)).status).toBe(403);

    const wrongHeader = await put(signed, PNG, { ...signed.headers, 'Content-Type': 'image/jpeg' });
    expect(wrongHeader.status).toBe(415);

    const notPng = await put(signed, 'GIF89a pretending to be a png!!!!!'.slice(0, PNG.length));
    expect(notPng.status).toBe(415);
    expect(((await notPng.json()) as { message: string }).message).toBe(
      "The file's content is not image/png",
    );

    const tooBig = await put(signed, Buffer.concat([PNG, Buffer.alloc(10)]));
    expect(tooBig.status).toBe(413);
    // Nothing was kept by the refused attempts: the address still works once.
    expect((await put(signed, PNG)).status).toBe(200);
  });

  it('refuses an expired address', async () => {
    if (t.deps.storage.kind !== 'local') throw new Error('the tests use the embedded store');
    const expired = await t.deps.storage.signPut({
      key: `avatar/2026-11/${crypto.randomUUID()}.png`,
      contentType: 'image/png',
      maxBytes: 100,
      expiresInSeconds: -5,
    });
    const res = await t.app.request(expired.uploadUrl, {
      method: 'PUT',
      headers: expired.headers,
      body: PNG,
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe('This upload address has expired');
  });
});

describe('keeping an uploaded file', () => {
  it('sets the avatar from a finished upload of the caller only', async () => {
    const { signed } = await avatarGrant(owner);
    const early = await t.request('POST', enterpriseGeneral.updateProfileImage.path, {
      token: owner,
      ip,
      body: { avatarUrl: signed.fileUrl },
    });
    expect(early.status).toBe(422);
    expect(early.json.message).toBe('avatarUrl: The upload has not finished');

    await put(signed, PNG);
    // Another enterprise cannot take it, and outside addresses are refused.
    const stolen = await t.request('POST', enterpriseGeneral.updateProfileImage.path, {
      token: globex,
      ip,
      body: { avatarUrl: signed.fileUrl },
    });
    expect(stolen.status).toBe(422);
    const outside = await t.request('POST', enterpriseGeneral.updateProfileImage.path, {
      token: owner,
      ip,
      body: { avatarUrl: 'https://tracker.example/pixel.png' },
    });
    expect(outside.status).toBe(422);
    expect(outside.json.field).toBe('avatarUrl');

    const ok = await t.request('POST', enterpriseGeneral.updateProfileImage.path, {
      token: owner,
      ip,
      body: { avatarUrl: signed.fileUrl },
    });
    expect(ok.status).toBe(200);
    const me = await t.request('GET', enterpriseAuth.me.path, { token: owner, ip });
    expect((me.json.response as { avatarUrl: string }).avatarUrl).toBe(signed.fileUrl);
  });

  it('lets a platform admin upload their own avatar; a logo needs a logo upload', async () => {
    const { signed } = await sign(
      admin,
      { purpose: 'avatar', fileName: 'me.png', fileType: 'image/png', fileSize: PNG.length },
      'admin',
    );
    await put(signed, PNG);
    const ok = await t.request('POST', adminGeneral.updateProfileImage.path, {
      adminToken: admin,
      ip,
      body: { avatarUrl: signed.fileUrl },
    });
    expect(ok.status).toBe(200);

    const { signed: avatar } = await avatarGrant(owner);
    await put(avatar, PNG);
    const logo = await t.request('POST', enterpriseGeneral.updateCompanyInfo.path, {
      token: owner,
      ip,
      body: { company_name: 'Acme Learning', enterprise_logo: avatar.fileUrl },
    });
    expect(logo.status).toBe(422);
    expect(logo.json.field).toBe('enterprise_logo');
  });
});

describe('readTypeUpload', () => {
  const form = (content: string | Uint8Array, type: string, name = 'passage.txt') => {
    const f = new FormData();
    f.set('file', new File([content], name, { type }));
    return f;
  };
  it('stores a text document under our name and answers with its text', async () => {
    const res = await t.request('POST', uploads.readTypeUpload.path, {
      token: owner,
      ip,
      form: form('Good morning.\r\nPlease read this aloud.', 'text/plain', 'My <b>passage</b>.txt'),
    });
    expect(res.status).toBe(200);
    expect(res.json.response).toMatchObject({
      fileName: 'My _b_passage__b_.txt',
      fileType: 'text/plain',
      text: 'Good morning.\nPlease read this aloud.',
    });
    const url = (res.json.response as { fileUrl: string }).fileUrl;
    expect(url).toMatch(/^\/uploads\/read-document\/\d{4}-\d{2}\/[0-9a-f-]{36}\.txt$/);
    expect(await (await t.app.request(url)).text()).toContain('Please read this aloud.');
  });
  it('refuses binary bytes sent as text, other types and anonymous callers', async () => {
    const binary = await t.request('POST', uploads.readTypeUpload.path, {
      token: owner,
      ip,
      form: form(PNG, 'text/plain'),
    });
    expect(binary.status).toBe(422);
    const pdf = await t.request('POST', uploads.readTypeUpload.path, {
      token: owner,
      ip,
      form: form('%PDF-1.4', 'application/pdf', 'a.pdf'),
    });
    expect(pdf.status).toBe(422);
    const anonymous = await t.request('POST', uploads.readTypeUpload.path, {
      ip,
      form: form('hi', 'text/plain'),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('the S3 adapter', () => {
  it('presigns a PUT that binds the type, cache header and public-read ACL', async () => {
    const storage = s3Storage({
      bucket: 'coach-media',
      region: 'ap-southeast-2',
      credentials: {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      },
    });
    const key = `avatar/2026-11/${crypto.randomUUID()}.png`;
    const { uploadUrl, headers } = await storage.signPut({
      key,
      contentType: 'image/png',
      maxBytes: 100,
      expiresInSeconds: 900,
    });
    const url = new URL(uploadUrl);
    expect(url.host).toBe('coach-media.s3.ap-southeast-2.amazonaws.com');
    expect(url.pathname).toBe(`/${key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['cache-control', 'content-type', 'host', 'x-amz-acl']),
    );
    expect(headers).toEqual({
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=2592000',
      'x-amz-acl': 'public-read',
    });
    const publicUrl = storage.publicUrl(key);
    expect(publicUrl).toBe(`https://coach-media.s3.ap-southeast-2.amazonaws.com/${key}`);
    expect(storage.keyOf(publicUrl)).toBe(key);
    expect(storage.keyOf('https://elsewhere.example/x.png')).toBeNull();
  });
});
