import { enterpriseAuth } from '@coach/shared/contract/auth';
import { legal } from '@coach/shared/contract/legal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let learner: string;
let globex: string;
let admin: string;
let acmeId: string;
let globexId: string;
const ip = '10.9.17.4';

const idOf = async (token: string) =>
  (await t.request('GET', enterpriseAuth.me.path, { token, ip })).json.response._id as string;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, staff, learner, globex } = await t.signInSeeded(ip));
  admin = await t.fullLogin('admin@coach.example', 'admin', ip);
  acmeId = (await t.request('GET', enterpriseAuth.me.path, { token: owner, ip })).json.response.enterpriseId
    ._id as string;
  globexId = (await t.request('GET', enterpriseAuth.me.path, { token: globex, ip })).json.response
    .enterpriseId._id as string;
  expect(await idOf(owner)).not.toBe('');
});
afterAll(async () => {
  await t?.close();
});

const readPublic = (enterpriseId: string, kind = 'privacy-policy') =>
  t.request('GET', `${legal.publicText.path}?enterpriseId=${encodeURIComponent(enterpriseId)}&kind=${kind}`, {
    ip,
  });

describe('legal texts: the public pages', () => {
  it('anyone reads the default privacy policy of an enterprise without logging in, with its date', async () => {
    const res = await readPublic(acmeId);
    expect(res.status).toBe(200);
    expect(res.json.response).toMatchObject({
      kind: 'privacy-policy',
      title: 'Privacy Policy',
      source: 'platform',
      enterpriseName: 'Acme Learning',
    });
    // The default says what the product stores and for how long.
    expect(res.json.response.body).toContain('30 days');
    expect(res.json.response.body).toMatch(/recordings/i);
    expect(Number.isNaN(Date.parse(res.json.response.updatedAt))).toBe(false);
    const terms = await readPublic(acmeId, 'terms-and-condition');
    expect(terms.json.response.title).toBe('Terms & Condition');
  });

  it('an unknown enterprise id is 404 with a message, a bad kind is 422 naming it', async () => {
    const missing = await readPublic('no-such-enterprise');
    expect(missing.status).toBe(404);
    expect(missing.json.message).toMatch(/not found/i);
    const bad = await readPublic(acmeId, 'cookies');
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('kind');
  });
});

describe('legal texts: the platform admin edits the defaults', () => {
  it('saves a default that every enterprise without its own shows, with a new date', async () => {
    const before = (await readPublic(globexId, 'terms-and-condition')).json.response.updatedAt as string;
    const res = await t.request('POST', legal.adminUpdateText.path, {
      adminToken: admin,
      ip,
      body: { kind: 'terms-and-condition', body: '# Platform terms\n\nBe kind.' },
    });
    expect(res.status).toBe(200);
    const page = (await readPublic(globexId, 'terms-and-condition')).json.response;
    expect(page.body).toBe('# Platform terms\n\nBe kind.');
    expect(page.updatedAt > before).toBe(true);
    const list = await t.request('GET', legal.adminTexts.path, { adminToken: admin, ip });
    expect(list.json.response.map((text: { kind: string }) => text.kind)).toEqual([
      'privacy-policy',
      'terms-and-condition',
    ]);
    const platform = await readPublic('platform', 'terms-and-condition');
    expect(platform.json.response).toMatchObject({ source: 'platform', enterpriseName: null });
  });

  it('an enterprise token cannot edit the defaults, and an empty text is 422 naming body', async () => {
    const denied = await t.request('POST', legal.adminUpdateText.path, {
      token: owner,
      ip,
      body: { kind: 'privacy-policy', body: 'Mine now' },
    });
    expect(denied.status).toBe(401);
    const empty = await t.request('POST', legal.adminUpdateText.path, {
      adminToken: admin,
      ip,
      body: { kind: 'privacy-policy', body: '   ' },
    });
    expect(empty.status).toBe(422);
    expect(empty.json.field).toBe('body');
  });
});

describe('legal texts: an enterprise admin overrides them in Settings', () => {
  it("saves Acme's own privacy policy: Acme's page shows it, Globex's does not", async () => {
    const res = await t.request('POST', legal.enterpriseUpdateText.path, {
      token: owner,
      ip,
      body: { kind: 'privacy-policy', body: '## Acme privacy\n\nWe keep little.' },
    });
    expect(res.status).toBe(200);
    expect(res.json.response.override.body).toBe('## Acme privacy\n\nWe keep little.');
    const acme = (await readPublic(acmeId)).json.response;
    expect(acme).toMatchObject({ source: 'enterprise', body: '## Acme privacy\n\nWe keep little.' });
    expect((await readPublic(globexId)).json.response.source).toBe('platform');
    const settings = await t.request('GET', legal.enterpriseTexts.path, { token: owner, ip });
    expect(settings.status).toBe(200);
    expect(settings.json.response[0].override.body).toContain('Acme privacy');
    expect(settings.json.response[0].platformDefault.body).toContain('30 days');
  });

  it("another enterprise's admin saves its own, which leaves Acme's untouched", async () => {
    const res = await t.request('POST', legal.enterpriseUpdateText.path, {
      token: globex,
      ip,
      body: { kind: 'privacy-policy', body: 'Globex privacy' },
    });
    expect(res.status).toBe(200);
    expect((await readPublic(globexId)).json.response.body).toBe('Globex privacy');
    expect((await readPublic(acmeId)).json.response.body).toContain('Acme privacy');
  });

  it('going back to the default removes the override', async () => {
    const res = await t.request('POST', legal.enterpriseUpdateText.path, {
      token: globex,
      ip,
      body: { kind: 'privacy-policy', body: null },
    });
    expect(res.status).toBe(200);
    expect(res.json.response.override).toBeNull();
    expect((await readPublic(globexId)).json.response.source).toBe('platform');
  });

  it('a role not named admin gets 403 reading or saving, and bad input is 422 naming the field', async () => {
    for (const token of [staff, learner]) {
      const save = await t.request('POST', legal.enterpriseUpdateText.path, {
        token,
        ip,
        body: { kind: 'privacy-policy', body: 'Hijacked' },
      });
      expect(save.status).toBe(403);
      expect((await t.request('GET', legal.enterpriseTexts.path, { token, ip })).status).toBe(403);
    }
    expect((await readPublic(acmeId)).json.response.body).toContain('Acme privacy');
    const bad = await t.request('POST', legal.enterpriseUpdateText.path, {
      token: owner,
      ip,
      body: { kind: 'privacy-policy', body: 'x'.repeat(100_001) },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.field).toBe('body');
    const noLogin = await t.request('POST', legal.enterpriseUpdateText.path, {
      ip,
      body: { kind: 'privacy-policy', body: 'Anonymous' },
    });
    expect(noLogin.status).toBe(401);
  });
});
