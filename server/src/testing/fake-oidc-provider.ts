import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * An OpenID Connect provider for the server's tests: real HTTP on 127.0.0.1 with discovery, an
 * authorization endpoint that signs in `user` at once (no login page), a token endpoint that checks the client's
 * secret, the code, the redirect URI and the PKCE verifier, and its keys. What it signs can be spoiled on purpose
 * (`idToken` claims laid over the right ones, or a key it does not publish) so the suites see what the server does
 * with an id token of the wrong audience, nonce, issuer or signature. The e2e journeys use oidc-provider instead.
 */

export type FakeUser = { sub: string; email?: string; email_verified?: boolean; name?: string };

type Pending = { clientId: string; redirectUri: string; challenge: string; nonce: string; user: FakeUser };

const b64url = (bytes: Buffer) => bytes.toString('base64url');

export const startFakeOidcProvider = async ({
  clientId = 'coach-test',
  clientSecret = 'coach-test-secret',
}: {
  clientId?: string;
  clientSecret?: string;
} = {}) => {
  const keys = await generateKeyPair('RS256');
  const strangerKeys = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const pending = new Map<string, Pending>();
  /** Access tokens given out, and whose they are (for the userinfo endpoint). */
  const accessTokens = new Map<string, FakeUser>();
  const control = {
    /** Who the next sign-in is. */
    user: { sub: 'sub-1', email: 'someone@example.com', email_verified: true, name: 'Someone' } as FakeUser,
    /** Laid over the id token's claims (e.g. `{ aud: 'another-client' }`); cleared by `reset`. */
    idToken: {} as Record<string, unknown>,
    /** Sign with a key the provider does not publish. */
    signWithStrangerKey: false,
    /** Answer the authorization request with `?error=access_denied`. */
    deny: false,
    /** Keep the id token to `sub`: email and name only from the userinfo endpoint (as oidc-provider does). */
    profileInUserInfoOnly: false,
    reset() {
      this.idToken = {};
      this.signWithStrangerKey = false;
      this.deny = false;
      this.profileInUserInfoOnly = false;
    },
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration')
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['openid', 'email', 'profile'],
      });
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/userinfo') {
      const user = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return user ? json(200, user) : json(401, { error: 'invalid_token' });
    }
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri') ?? '';
      if (q.get('client_id') !== clientId || !redirectUri) return json(400, { error: 'invalid_request' });
      const back = new URL(redirectUri);
      back.searchParams.set('state', q.get('state') ?? '');
      if (control.deny) back.searchParams.set('error', 'access_denied');
      else {
        const code = b64url(randomBytes(24));
        pending.set(code, {
          clientId,
          redirectUri,
          challenge: q.get('code_challenge') ?? '',
          nonce: q.get('nonce') ?? '',
          user: { ...control.user },
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const basic = Buffer.from(
        (req.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      ).toString();
      const [id, secret] = basic.split(':').map((part) => decodeURIComponent(part));
      if (id !== clientId || secret !== clientSecret) return json(401, { error: 'invalid_client' });
      const code = form.get('code') ?? '';
      const grant = pending.get(code);
      pending.delete(code);
      const verifier = form.get('code_verifier') ?? '';
      if (
        !grant ||
        grant.redirectUri !== form.get('redirect_uri') ||
        b64url(createHash('sha256').update(verifier).digest()) !== grant.challenge
      )
        return json(400, { error: 'invalid_grant' });
      const now = Math.floor(Date.now() / 1000);
      const { sub, ...profile } = grant.user;
      const inIdToken = control.profileInUserInfoOnly ? {} : profile;
      const idToken = await new SignJWT({ ...inIdToken, nonce: grant.nonce, ...control.idToken })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer((control.idToken.iss as string | undefined) ?? issuer)
        .setAudience((control.idToken.aud as string | undefined) ?? clientId)
        .setSubject(sub)
        .setIssuedAt(now)
        .setExpirationTime((control.idToken.exp as number | undefined) ?? now + 300)
        .sign(control.signWithStrangerKey ? strangerKeys.privateKey : keys.privateKey);
      const accessToken = b64url(randomBytes(24));
      accessTokens.set(accessToken, grant.user);
      return json(200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      });
    }
    return json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    control,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
