import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';
import Provider from 'oidc-provider';
import { logOut, signIn, typeSignIn } from '../support/auth.ts';
import { noSideways, noViolations } from '../support/checks.ts';
import { E2E_NAMED_URL, E2E_PORT } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Single sign-on with OpenID Connect, against a real provider (oidc-provider, the certified
 * OpenID Provider library) that this test starts on 127.0.0.1. Acme's default admin sets it up in Settings for a
 * domain of its own, a new person of that domain signs in from /login through the provider (its development login
 * and consent pages), and their first sign-in creates their member account; the second finds it again.
 * The domain is this journey's alone, so the other journeys sharing this server keep signing in with passwords.
 * The domain is proved with a TXT record on a DNS server the test runs too (the e2e servers ask it: SSO_DNS_SERVERS).
 */
const DOMAIN = 'northwind-sso.example';
const NEWCOMER = `ana.lima@${DOMAIN}`;
const CLIENT_ID = 'coach-e2e';
const CLIENT_SECRET = 'coach-e2e-client-secret';

let provider: Provider;
let server: ReturnType<Provider['listen']>;
let issuer = '';
/** The DNS server's TXT records (name → values); every other name is NXDOMAIN. */
const txtRecords = new Map<string, string[]>();
const dns = dgram.createSocket('udp4');
dns.on('message', (message, from) => {
  const query = dnsPacket.decode(message);
  const question = query.questions?.[0];
  const values = question?.type === 'TXT' ? txtRecords.get(question.name.toLowerCase()) : undefined;
  const answer = dnsPacket.encode({
    type: 'response',
    id: query.id ?? 0,
    // Authoritative; NXDOMAIN (rcode 3) when nothing is held.
    flags: dnsPacket.AUTHORITATIVE_ANSWER | (values ? 0 : 3),
    questions: query.questions ?? [],
    answers: (values ?? []).map((data) => ({
      type: 'TXT' as const,
      name: question?.name ?? '',
      ttl: 0,
      data,
    })),
  });
  dns.send(answer, from.port, from.address);
});

test.beforeAll(async () => {
  await new Promise<void>((resolve) => dns.bind(E2E_PORT + 500, '127.0.0.1', resolve));
  // A port of its own: the provider must know its issuer before it listens, so it is found free first.
  const probe = (await import('node:net')).createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  issuer = `http://127.0.0.1:${port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${E2E_NAMED_URL}/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Whoever the development login page is given: their address is their subject.
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: id, email_verified: true, name: 'Ana Lima' }),
    }),
    cookies: { keys: ['coach-e2e-provider-cookie-key'] },
  });
  server = provider.listen(port, '127.0.0.1');
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => dns.close(() => resolve()));
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

test('the default admin sets up single sign-on; a new member signs in through the provider, twice', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/settings');
  const card = page.getByRole('region', { name: 'Single sign-on' });
  await expect(card.getByText('Off: members sign in with their passwords.')).toBeVisible();
  await expect(card.getByLabel('Redirect URI')).toHaveValue(`${E2E_NAMED_URL}/sso/callback`);
  // A provider that is not there is refused on its field.
  await card.getByLabel('Issuer URL').fill('http://127.0.0.1:9/nobody');
  await card.getByLabel('Client ID').fill(CLIENT_ID);
  await card.getByLabel('Client secret', { exact: true }).fill(CLIENT_SECRET);
  await card.getByLabel('Email domains').fill(DOMAIN);
  await card.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(
    card.getByText('No OpenID Connect provider answered at this address', { exact: false }),
  ).toBeVisible();
  await card.getByLabel('Issuer URL').fill(issuer);
  await card.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(page.getByText('Single sign-on saved')).toBeVisible();
  // Nobody is sent anywhere until the domain is proved: its TXT record is published, then checked.
  await expect(card.getByText('Saved, but no domain is verified yet', { exact: false })).toBeVisible();
  const proofs = card.getByRole('region', { name: 'Domain ownership' });
  await proofs.getByRole('button', { name: `Check DNS for ${DOMAIN}` }).click();
  // The DNS answer shows beside its domain without the API's field name ("domain: …").
  await expect(
    proofs.getByText(new RegExp(`^No TXT record .* was found at _coach-verification\\.${DOMAIN}`)),
  ).toBeVisible();
  const value = (await proofs.locator('code').nth(1).textContent()) ?? '';
  expect(value).toMatch(/^coach-verification=[0-9a-f]{32}$/);
  txtRecords.set(`_coach-verification.${DOMAIN}`, [value]);
  await proofs.getByRole('button', { name: `Check DNS for ${DOMAIN}` }).click();
  await expect(page.getByText(`${DOMAIN} is verified`)).toBeVisible();
  await expect(
    card.getByText('On: members of your domains are sent to your identity provider', { exact: false }),
  ).toBeVisible();
  await noViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await noSideways(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logOut(page);

  // The newcomer types their address: /login sends them on to the provider instead of asking for a password.
  // They use Coach at its public address, where the provider sends them back (PUBLIC_URL, localhost here).
  await page.goto(`${E2E_NAMED_URL}/login`);
  await page.getByLabel('Email', { exact: true }).fill(NEWCOMER);
  const go = page.getByRole('button', { name: 'Continue with single sign-on' });
  await expect(go).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await noViolations(page);
  await go.click();
  // The provider's own pages (its development login, then consent).
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(NEWCOMER);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  // Back on Coach: signed in as the new member, with no password and no code.
  await expect(page).toHaveURL(new RegExp(`^${E2E_NAMED_URL}/enterprise/`), { timeout: 20_000 });
  await page.goto(`${E2E_NAMED_URL}/enterprise/profile`);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(NEWCOMER);

  // The second sign-in finds the same member (the provider remembers them: no login page this time).
  await logOut(page);
  await page.goto(`${E2E_NAMED_URL}/login`);
  await page.getByLabel('Email', { exact: true }).fill(NEWCOMER);
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await page
    .getByRole('button', { name: 'Continue' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(new RegExp(`^${E2E_NAMED_URL}/enterprise/`), { timeout: 20_000 });

  // The default admin sees one new member of the domain in the member list.
  await logOut(page);
  await typeSignIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(`@${DOMAIN}`);
  await expect(page.getByRole('row').filter({ hasText: NEWCOMER })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Ana Lima' })).toHaveCount(1);
});
