import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UPLOAD_RATE, UPLOAD_RULES } from '@coach/shared/constants/uploads';
import { adminGeneral } from '@coach/shared/contract/admin';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import {
  enterpriseGeneral,
  enterpriseGeneral as general,
  UPLOAD_PURPOSES,
  type UploadPurpose,
} from '@coach/shared/contract/general';
import { members } from '@coach/shared/contract/members';
import { uploads } from '@coach/shared/contract/uploads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { s3Storage } from '../providers/storage.ts';
import { storageUsage } from '../services/content/uploads.ts';
import { fileState, gone, present, uploadPng } from '../testing/stored-files.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let globex: string;
let admin: string;
let staff: string;
let learner: string;
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
  ({ staff, learner } = await t.signInSeeded(ip));
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
    // Requests that do not hold the address's signature change nothing: it still works once.
    expect((await put(signed, PNG)).status).toBe(200);

    // Each refusal of the bytes ends its address (see "a refused upload frees its space at once").
    const wrongHeader = await put((await avatarGrant(owner)).signed, PNG, {
      ...signed.headers,
      'Content-Type': 'image/jpeg',
    });
    expect(wrongHeader.status).toBe(415);

    const notPng = await put(
      (await avatarGrant(owner)).signed,
      'GIF89a pretending to be a png!!!!!'.slice(0, PNG.length),
    );
    expect(notPng.status).toBe(415);
    expect(((await notPng.json()) as { message: string }).message).toBe("The file's content is not PNG");

    const tooBig = await put((await avatarGrant(owner)).signed, Buffer.concat([PNG, Buffer.alloc(10)]));
    expect(tooBig.status).toBe(413);
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
    // Nor can a colleague of the same enterprise wear the owner's picture.
    const colleague = await t.request('POST', enterpriseGeneral.updateProfileImage.path, {
      token: learner,
      ip,
      body: { avatarUrl: signed.fileUrl },
    });
    expect(colleague.status).toBe(422);
    expect(colleague.json.message).toBe('avatarUrl: Upload the file first');
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

describe('a profile picture replaced or taken off leaves storage', () => {
  const avatar = (token: string, audience: 'enterprise' | 'admin' = 'enterprise') =>
    uploadPng(t, { token, purpose: 'avatar', ip, audience });
  const setAvatar = (
    token: string,
    avatarUrl: string | null,
    audience: 'enterprise' | 'admin' = 'enterprise',
  ) =>
    t.request(
      'POST',
      audience === 'admin' ? adminGeneral.updateProfileImage.path : enterpriseGeneral.updateProfileImage.path,
      { ...t.tokenOpt(audience, token), ip, body: { avatarUrl } },
    );

  it("a member's replaced picture is deleted, the new one stays; saved unchanged it stays; taken off, it goes", async () => {
    const first = await avatar(staff);
    expect((await setAvatar(staff, first)).status).toBe(200);
    expect(await fileState(t, first)).toEqual(present);

    const second = await avatar(staff);
    const replaced = await setAvatar(staff, second);
    expect(replaced.status, replaced.json.message).toBe(200);
    expect(replaced.json.message).toBe('Profile picture updated');
    expect(replaced.json.response).toMatchObject({ avatarUrl: second });
    expect(await fileState(t, first)).toEqual(gone);
    expect(await fileState(t, second)).toEqual(present);

    expect((await setAvatar(staff, second)).status).toBe(200);
    expect(await fileState(t, second)).toEqual(present);

    const takenOff = await setAvatar(staff, null);
    expect(takenOff.status, takenOff.json.message).toBe(200);
    expect(takenOff.json.message).toBe('Profile picture removed');
    expect(takenOff.json.response).toMatchObject({ avatarUrl: null });
    expect(await fileState(t, second)).toEqual(gone);
  });

  it("a platform admin's replaced picture is deleted, saved unchanged it stays, taken off it goes", async () => {
    const first = await avatar(admin, 'admin');
    expect((await setAvatar(admin, first, 'admin')).status).toBe(200);
    const second = await avatar(admin, 'admin');
    const replaced = await setAvatar(admin, second, 'admin');
    expect(replaced.status, replaced.json.message).toBe(200);
    expect(replaced.json.response).toMatchObject({ avatarUrl: second });
    expect(await fileState(t, first)).toEqual(gone);
    expect(await fileState(t, second)).toEqual(present);

    expect((await setAvatar(admin, second, 'admin')).status).toBe(200);
    expect(await fileState(t, second)).toEqual(present);
    expect((await setAvatar(admin, null, 'admin')).status).toBe(200);
    expect(await fileState(t, second)).toEqual(gone);
  });

  it("a deleted member's picture leaves storage with them", async () => {
    // A member with a picture of their own (set here as their own upload would set it).
    const picture = await avatar(owner);
    const member = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'member40@acme.example')
      .executeTakeFirstOrThrow();
    await t.deps.db.updateTable('users').set({ avatar_url: picture }).where('id', '=', member.id).execute();
    expect(await fileState(t, picture)).toEqual(present);
    const deleted = await t.request('POST', members.remove.path, {
      ...t.tokenOpt('enterprise', owner),
      ip,
      body: { memberId: member.id },
    });
    expect(deleted.status, deleted.json.message).toBe(200);
    expect(await fileState(t, picture)).toEqual(gone);
  });

  it('keeps a replaced picture another row still names', async () => {
    const shared = await avatar(staff);
    expect((await setAvatar(staff, shared)).status).toBe(200);
    await t.deps.db
      .updateTable('admins')
      .set({ avatar_url: shared })
      .where('email', '=', 'admin@coach.example')
      .execute();
    try {
      expect((await setAvatar(staff, null)).status).toBe(200);
      expect(await fileState(t, shared)).toEqual(present);
    } finally {
      await t.deps.db
        .updateTable('admins')
        .set({ avatar_url: null })
        .where('email', '=', 'admin@coach.example')
        .execute();
    }
  });

  it('a replaced picture the storage will not delete is logged; the call succeeds with the new picture', async () => {
    const first = await avatar(staff);
    expect((await setAvatar(staff, first)).status).toBe(200);
    const second = await avatar(staff);
    const remove = vi
      .spyOn(t.deps.storage, 'remove')
      .mockRejectedValue(new Error('The bucket is unreachable'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const replaced = await setAvatar(staff, second);
      expect(replaced.status, replaced.json.message).toBe(200);
      expect(replaced.json.response).toMatchObject({ avatarUrl: second });
      expect(remove).toHaveBeenCalled();
      expect(String(logged.mock.calls[0]?.[0])).toContain(t.deps.storage.keyOf(first) ?? 'no key');
    } finally {
      remove.mockRestore();
      logged.mockRestore();
    }
    // Left over, and still counted, as it still takes room.
    expect(await fileState(t, first)).toEqual(present);
    expect(await fileState(t, second)).toEqual(present);
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

/**
 * A stand-in for a bucket's endpoint on a free port, answering each request with `answer`, and the S3 adapter
 * pointed at it with example credentials (their signature is checked by `signedByExample`).
 */
const withStandInBucket = async (
  answer: (req: IncomingMessage, res: ServerResponse) => void,
  use: (storage: ReturnType<typeof s3Storage>) => Promise<void>,
) => {
  const endpoint = createServer(answer);
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = endpoint.address() as AddressInfo;
    await use(
      s3Storage({
        bucket: 'coach-media',
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        credentials: {
          accessKeyId: 'AKIDEXAMPLE',
          secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        },
      }),
    );
  } finally {
    await new Promise((resolve) => endpoint.close(resolve));
  }
};
const signedByExample = (req: IncomingMessage) =>
  /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//.test(req.headers.authorization ?? '');

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
      expect.arrayContaining(['cache-control', 'content-length', 'content-type', 'host', 'x-amz-acl']),
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

  it('deletes an object with a signed DELETE of its key', async () => {
    // The endpoint notes each request and answers as S3 does (204, also when the key is gone already).
    const seen: { method: string; path: string; signed: boolean }[] = [];
    await withStandInBucket(
      (req, res) => {
        seen.push({
          method: req.method ?? '',
          path: new URL(req.url ?? '', 'http://x').pathname,
          signed: signedByExample(req),
        });
        res.writeHead(204).end();
      },
      async (storage) => {
        const key = `hear-it/2026-12/${crypto.randomUUID()}.mp3`;
        await storage.remove(key);
        expect(seen).toEqual([{ method: 'DELETE', path: `/coach-media/${key}`, signed: true }]);
      },
    );
  });

  it('lists the keys under a purpose page by page, leaving out keys of another shape', async () => {
    const keys = Array.from({ length: 3 }, () => `hear-it/2026-11/${crypto.randomUUID()}.mp3`);
    // The endpoint answers ListObjectsV2 in two pages, as S3 does.
    const asked: { prefix: string | null; token: string | null; signed: boolean }[] = [];
    await withStandInBucket(
      (req, res) => {
        const url = new URL(req.url ?? '', 'http://x');
        const token = url.searchParams.get('continuation-token');
        asked.push({ prefix: url.searchParams.get('prefix'), token, signed: signedByExample(req) });
        const page = token === 'page-2' ? [keys[2]] : [keys[0], 'hear-it/readme.txt', keys[1]];
        const contents = page.map((key) => `<Contents><Key>${key}</Key><Size>1</Size></Contents>`).join('');
        const more =
          token === 'page-2'
            ? '<IsTruncated>false</IsTruncated>'
            : '<IsTruncated>true</IsTruncated><NextContinuationToken>page-2</NextContinuationToken>';
        res
          .writeHead(200, { 'Content-Type': 'application/xml' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>coach-media</Name><Prefix>hear-it/</Prefix>${contents}${more}</ListBucketResult>`,
          );
      },
      async (storage) => {
        const pages: string[][] = [];
        for await (const page of storage.list('hear-it')) pages.push(page);
        expect(pages).toEqual([[keys[0], keys[1]], [keys[2]]]);
        expect(asked).toEqual([
          { prefix: 'hear-it/', token: null, signed: true },
          { prefix: 'hear-it/', token: 'page-2', signed: true },
        ]);
        // A purpose of another shape lists nothing and asks nothing.
        for await (const page of storage.list('../x')) pages.push(page);
        expect(asked).toHaveLength(2);
      },
    );
  });
});

describe('upload limits', () => {
  const MB = 1024 * 1024;
  const TYPE_OF: Record<UploadPurpose, string> = {
    avatar: 'image/png',
    logo: 'image/png',
    'course-image': 'image/png',
    'content-thumbnail': 'image/jpeg',
    'task-attachment': 'application/pdf',
    'task-recording': 'audio/webm',
    'content-video': 'video/mp4',
    'content-subtitle': 'text/vtt',
  };
  const ask = (
    token: string,
    purpose: UploadPurpose,
    fileSize = 1000,
    audience: 'enterprise' | 'admin' = 'enterprise',
  ) => sign(token, { purpose, fileName: 'file', fileType: TYPE_OF[purpose], fileSize }, audience);
  const usage = async (token: string) => {
    const res = await t.request('GET', general.storageUsage.path, { token, ip });
    return {
      status: res.status,
      usage: res.json.response as { usedBytes: number; reservedBytes: number; quotaBytes: number },
    };
  };
  const setAcmeQuotaMb = async (mb: number | null) => {
    const acme = await t.deps.db
      .selectFrom('users')
      .select('enterprise_id')
      .where('email', '=', 'owner@acme.example')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('enterprises')
      .set({ storage_quota_mb: mb })
      .where('id', '=', acme.enterprise_id)
      .execute();
  };

  it('a learner records and sets their avatar but gets 403 for videos; staff without Content Library 403; the owner and the platform admin may', async () => {
    const video = await ask(learner, 'content-video', 100 * MB);
    expect(video.status).toBe(403);
    expect(video.json.message).toBe('Uploading videos needs the Content Library permission');
    expect((await ask(learner, 'task-recording')).status).toBe(200);
    expect((await ask(learner, 'avatar')).status).toBe(200);
    const logo = await ask(learner, 'logo');
    expect(logo.status).toBe(403);
    expect(logo.json.message).toBe('Uploading logos needs the admin role');
    const attachment = await ask(learner, 'task-attachment');
    expect(attachment.status).toBe(403);
    expect(attachment.json.message).toBe('Uploading task attachments needs the Tasks Library permission');

    for (const purpose of ['content-video', 'content-thumbnail', 'content-subtitle'] as const) {
      const refused = await ask(staff, purpose);
      expect(refused.status, purpose).toBe(403);
      expect(refused.json.message).toContain('Content Library permission');
    }
    // The task variant signs through the same rules.
    const taskVariant = await t.request('POST', general.putSignedRequestForTaskUpload.path, {
      token: learner,
      ip,
      body: { purpose: 'task-attachment', fileName: 'a.pdf', fileType: 'application/pdf', fileSize: 1000 },
    });
    expect(taskVariant.status).toBe(403);

    expect((await ask(owner, 'content-video')).status).toBe(200);
    expect((await ask(admin, 'content-video', 1000, 'admin')).status).toBe(200);
    const adminLogo = await ask(admin, 'logo', 1000, 'admin');
    expect(adminLogo.status).toBe(403);
    expect(adminLogo.json.message).toBe('The platform admin area does not upload logos');
  });

  it('caps the size per kind (images 5 MB, a logo 2 MB, recordings 50 MB, videos 1 GB), 422 naming fileSize', async () => {
    expect(UPLOAD_RULES.avatar.maxBytes).toBe(5 * MB);
    expect(UPLOAD_RULES['task-recording'].maxBytes).toBe(50 * MB);
    expect(UPLOAD_RULES['content-video'].maxBytes).toBe(1024 * MB);
    // The platform admin for the platform's kinds, Acme's owner for the enterprise's own.
    const asker: Record<UploadPurpose, [string, 'enterprise' | 'admin']> = {
      avatar: [admin, 'admin'],
      logo: [owner, 'enterprise'],
      'course-image': [owner, 'enterprise'],
      'content-thumbnail': [admin, 'admin'],
      'task-attachment': [admin, 'admin'],
      'task-recording': [owner, 'enterprise'],
      'content-video': [admin, 'admin'],
      'content-subtitle': [admin, 'admin'],
    };
    for (const purpose of UPLOAD_PURPOSES) {
      const [token, audience] = asker[purpose];
      const over = await ask(token, purpose, UPLOAD_RULES[purpose].maxBytes + 1, audience);
      expect(over.status, purpose).toBe(422);
      expect(over.json.field).toBe('fileSize');
      // Past 1 GB the contract's own bound answers first ('The file is too large').
      if (purpose !== 'content-video')
        expect(over.json.message).toBe(`fileSize: Please choose ${UPLOAD_RULES[purpose].label}`);
    }
    expect(UPLOAD_RULES['task-recording'].label).toBe('an audio recording up to 50 MB');
    expect((await ask(admin, 'content-video', 1024 * MB, 'admin')).status).toBe(200);
  });

  it('a per-enterprise quota counts received bytes and open reservations, refuses a sign past it (413 naming fileSize) and re-checks the PUT; Settings shows the figure to its own enterprise only', async () => {
    const before = (await usage(owner)).usage;
    expect(before.quotaBytes).toBe(10240 * MB);

    const { signed } = await avatarGrant(owner);
    const reserved = (await usage(owner)).usage;
    expect(reserved.reservedBytes).toBe(before.reservedBytes + PNG.length);
    expect((await put(signed, PNG)).status).toBe(200);
    const received = (await usage(owner)).usage;
    expect(received.usedBytes).toBe(before.usedBytes + PNG.length);
    expect(received.reservedBytes).toBe(before.reservedBytes);

    // Another tenant sees its own figure, untouched by Acme's uploads; only the admin role sees it at all.
    const other = await usage(globex);
    expect(other.status).toBe(200);
    expect(other.usage).toEqual({ usedBytes: 0, reservedBytes: 0, quotaBytes: 10240 * MB });
    expect((await usage(staff)).status).toBe(403);

    // A quota with between 1 and 2 MB free: one sign takes nearly all of it, the next finds it reserved.
    const { signed: pending } = await avatarGrant(owner);
    const taken = received.usedBytes + received.reservedBytes + PNG.length;
    const quotaMb = Math.ceil(taken / MB) + 1;
    await setAcmeQuotaMb(quotaMb);
    try {
      const free = quotaMb * MB - taken;
      expect((await avatarGrant(owner, free - 10)).status).toBe(200);
      const past = await avatarGrant(owner, 100);
      expect(past.status).toBe(413);
      expect(past.json.field).toBe('fileSize');
      expect(past.json.message).toMatch(
        /^fileSize: This file \(0\.1 KB\) does not fit\. Your organisation's storage quota of \d+ MB has 0\.01 KB free\.$/,
      );
      const full = (await usage(owner)).usage;
      expect(full.quotaBytes).toBe(quotaMb * MB);
      expect(full.usedBytes + full.reservedBytes).toBe(quotaMb * MB - 10);

      // Lowered after signing: the PUT is refused before a byte is kept.
      await setAcmeQuotaMb(0);
      const late = await put(pending, PNG);
      expect(late.status).toBe(413);
      expect(((await late.json()) as { message: string }).message).toContain('the file was not kept');
      expect((await t.app.request(pending.fileUrl)).status).toBe(404);
      // The refused address no longer holds its space.
      expect((await usage(owner)).usage.reservedBytes).toBe(full.reservedBytes - PNG.length);
    } finally {
      await setAcmeQuotaMb(null);
    }
  });

  it('an address that expired unused frees its space on the embedded store, but counts on S3 (it may have been used)', async () => {
    const globexId = (
      await t.deps.db
        .selectFrom('users')
        .select('enterprise_id')
        .where('email', '=', 'owner@globex.example')
        .executeTakeFirstOrThrow()
    ).enterprise_id;
    await t.deps.db
      .insertInto('uploads')
      .values({
        key: `avatar/2026-11/${crypto.randomUUID()}.png`,
        purpose: 'avatar',
        content_type: 'image/png',
        max_bytes: 1234,
        owner_kind: 'enterprise',
        owner_id: 'someone',
        enterprise_id: globexId,
        size: null,
        created_at: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
        received_at: null,
      })
      .execute();
    expect((await usage(globex)).usage).toMatchObject({ usedBytes: 0, reservedBytes: 0 });
    const session = { audience: 'enterprise', user: { id: 'someone' }, enterpriseId: globexId } as never;
    const onS3 = await storageUsage({ ...t.deps, storage: { kind: 's3' }, session } as never);
    expect(onS3).toMatchObject({ usedBytes: 1234, reservedBytes: 0 });
  });

  it(`allows ${UPLOAD_RATE.limit} upload requests per person in ${UPLOAD_RATE.windowMinutes} minutes, then 429 with Retry-After`, async () => {
    let last = await ask(learner, 'task-recording');
    let made = 1;
    while (last.status === 200 && made <= UPLOAD_RATE.limit) {
      last = await ask(learner, 'task-recording');
      made += 1;
    }
    expect(last.status).toBe(429);
    // The learner's few requests of the first test count too.
    expect(made).toBeGreaterThan(UPLOAD_RATE.limit - 10);
    expect(made).toBeLessThanOrEqual(UPLOAD_RATE.limit + 1);
    const retryAfter = Number(last.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(UPLOAD_RATE.windowMinutes * 60);
    expect(last.json.message).toMatch(
      /^Too many uploads: at most 120 in 10 minutes\. Please try again in \d+ minutes?\.$/,
    );
    // Documents for Read tasks count too; another person is not held back.
    const form = new FormData();
    form.set('file', new File(['Read this.'], 'a.txt', { type: 'text/plain' }));
    expect((await t.request('POST', uploads.readTypeUpload.path, { token: learner, ip, form })).status).toBe(
      429,
    );
    expect((await ask(staff, 'avatar')).status).toBe(200);
  });
});

describe('a refused upload frees its space at once', () => {
  type Usage = { usedBytes: number; reservedBytes: number; quotaBytes: number };
  const usage = async (token: string) =>
    (await t.request('GET', general.storageUsage.path, { token, ip })).json.response as Usage;
  const logoGrant = (token: string) =>
    sign(token, { purpose: 'logo', fileName: 'logo.png', fileType: 'image/png', fileSize: PNG.length });
  const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;
  const setAvatar = (token: string, avatarUrl: string) =>
    t.request('POST', enterpriseGeneral.updateProfileImage.path, { token, ip, body: { avatarUrl } });
  const empty = { usedBytes: 0, reservedBytes: 0 };

  // Globex has no file of its own in these tests, so its figures start at 0.
  it('bytes the PUT refuses (not the declared type, too many, none, sent as another type) end the address: nothing reserved, nothing kept, not usable again', async () => {
    expect(await usage(globex)).toMatchObject(empty);
    const refusals = [
      { body: 'GIF89a: not a PNG at all', status: 415, message: "The file's content is not PNG" },
      {
        body: Buffer.concat([PNG, Buffer.alloc(1)]),
        status: 413,
        message: 'The file is larger than the size it was signed for',
      },
      { body: '', status: 400, message: 'The file is empty' },
      {
        body: PNG,
        headers: { 'Content-Type': 'image/jpeg' },
        status: 415,
        message: 'Send the file with Content-Type image/png',
      },
    ];
    for (const refusal of refusals) {
      const { status, signed } = await logoGrant(globex);
      expect(status).toBe(200);
      expect(await usage(globex)).toMatchObject({ usedBytes: 0, reservedBytes: PNG.length });

      const refused = await put(signed, refusal.body, { ...signed.headers, ...refusal.headers });
      expect(refused.status, refusal.message).toBe(refusal.status);
      expect(await messageOf(refused)).toBe(refusal.message);
      expect(await usage(globex), refusal.message).toMatchObject(empty);
      expect(await fileState(t, signed.fileUrl)).toEqual(gone);

      // The address is spent: the right bytes are refused as well, and nothing is stored or counted.
      const again = await put(signed, PNG);
      expect(again.status, refusal.message).toBe(409);
      expect(await messageOf(again)).toBe('This upload address was already used');
      expect(await fileState(t, signed.fileUrl)).toEqual(gone);
      expect(await usage(globex)).toMatchObject(empty);
    }
  });

  it('a file that arrived is unaffected: counted as used, and a refused second PUT to its address keeps it', async () => {
    const { signed } = await logoGrant(globex);
    expect((await put(signed, PNG)).status).toBe(200);
    expect(await usage(globex)).toMatchObject({ usedBytes: PNG.length, reservedBytes: 0 });
    const again = await put(signed, 'GIF89a: not a PNG at all');
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe('This upload address was already used');
    expect(await fileState(t, signed.fileUrl)).toEqual(present);
    expect(Buffer.from(await (await t.app.request(signed.fileUrl)).arrayBuffer()).equals(PNG)).toBe(true);
    expect(await usage(globex)).toMatchObject({ usedBytes: PNG.length, reservedBytes: 0 });
  });

  it('another enterprise cannot end an address it was not given, nor refuse bytes that are not its own', async () => {
    const before = await usage(globex);
    const { signed } = await logoGrant(globex);
    // Acme's own signature on Globex's key: refused before anything is read, and Globex's address stays open.
    const { signed: acmes } = await logoGrant(owner);
    const borrowed = acmes.uploadUrl.replace(acmes.key, signed.key);
    const forged = await t.app.request(borrowed, { method: 'PUT', headers: acmes.headers, body: 'GIF89a' });
    expect(forged.status).toBe(403);
    expect(await usage(globex)).toEqual({ ...before, reservedBytes: before.reservedBytes + PNG.length });
    expect((await put(signed, PNG)).status).toBe(200);
    expect(await usage(globex)).toEqual({ ...before, usedBytes: before.usedBytes + PNG.length });
  });

  it('bytes that reached storage unchecked (as S3 takes them) and are refused when kept end the reservation and go; another enterprise cannot cause it', async () => {
    const before = await usage(globex);
    const { signed } = await avatarGrant(globex);
    // Written straight to storage, without the PUT's checks, as a browser's PUT to S3 is.
    await t.deps.storage.put(signed.key, Buffer.from('GIF89a: not a PNG at all'), 'image/png');
    expect(await usage(globex)).toEqual({ ...before, reservedBytes: before.reservedBytes + PNG.length });

    // Acme's owner cannot wear it, and trying ends nothing of Globex's.
    const stolen = await setAvatar(owner, signed.fileUrl);
    expect(stolen.status).toBe(422);
    expect(stolen.json.message).toBe('avatarUrl: Upload the file first');
    expect(await fileState(t, signed.fileUrl)).toEqual(present);
    expect(await usage(globex)).toEqual({ ...before, reservedBytes: before.reservedBytes + PNG.length });

    const refused = await setAvatar(globex, signed.fileUrl);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe("avatarUrl: The file's content is not PNG");
    expect(await usage(globex)).toEqual(before);
    expect(await fileState(t, signed.fileUrl)).toEqual(gone);
    // Its address is spent: neither kept nor uploaded to.
    const again = await setAvatar(globex, signed.fileUrl);
    expect(again.status).toBe(422);
    expect(again.json.message).toBe('avatarUrl: Upload the file first');
    expect((await put(signed, PNG)).status).toBe(409);
    expect(await fileState(t, signed.fileUrl)).toEqual(gone);
    expect(await usage(globex)).toEqual(before);
  });
});
