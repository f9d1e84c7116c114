import {
  adminAuth as adminAuthCalls,
  enterpriseAuth as enterpriseAuthCalls,
} from 'virtual:light-contract/auth';
import { type ApiClient, ApiError, createApiClient } from '@coach/shared/client';
import { type CallDef, isReadCall } from '@coach/shared/contract/define-call';
import { currentLanguage } from '../i18n/index.ts';
import { languageTag } from '../i18n/languages.ts';
import { notify } from './notify.ts';
import { type Audience, logoutAtom, profileDoubtedAtoms, sessionAtoms } from './session.ts';
import { type AppStore, appStore } from './store.ts';

/**
 * Every call says the language on screen, so a mail the server sends to someone without a saved
 * language (a reset link asked for on the login page, an invitation) is in it.
 */
const withLanguage = (input: RequestInfo | URL): RequestInfo | URL => {
  if (input instanceof Request) input.headers.set('Accept-Language', languageTag(currentLanguage()));
  return input;
};

/**
 * Builds the app's API client around a store: tokens come from the two session atoms; a 401 on an
 * authenticated call of a verified session shows the server's message and logs that session out
 * (spec §4, §8). Before the second factor a 401 is left to the auth-check screen to explain. A 403 marks the
 * session's profile as doubted (`profileDoubtedAtoms`).
 */
export const createAppApi = ({
  store,
  fetch,
  baseUrl = '',
}: {
  store: AppStore;
  fetch?: typeof globalThis.fetch;
  baseUrl?: string;
}): ApiClient => {
  const client = createApiClient({
    baseUrl,
    fetch: fetch ?? ((input, init) => globalThis.fetch(withLanguage(input), init)),
    getToken: (audience) => store.get(sessionAtoms[audience])?.token,
    onUnauthorized: (audience, error) => {
      if (!store.get(sessionAtoms[audience])?.mfaDone) return;
      notify.error(error.message);
      store.set(logoutAtom, audience);
    },
  });
  // A refusal may mean the role or the flags changed since the profile was read: the shell asks again. Not for a
  // refusal of `me` itself, which asking again would only repeat, round and round.
  const profileCalls = new Set<CallDef>([enterpriseAuthCalls.me, adminAuthCalls.me]);
  const watched = <T>(call: CallDef, answer: Promise<T>) =>
    answer.catch((error: unknown) => {
      const { auth } = call;
      if (auth !== 'none' && !profileCalls.has(call) && error instanceof ApiError && error.status === 403)
        store.set(profileDoubtedAtoms[auth], (count) => count + 1);
      throw error;
    });
  return {
    call: (call, ...rest) => watched(call, client.call(call, ...rest)),
    callWithMessage: (call, ...rest) => watched(call, client.callWithMessage(call, ...rest)),
  };
};

let current: ApiClient = createAppApi({ store: appStore });

/** A write's call and the input it was sent with (as the caller passed it, before the contract parsed it). */
type WriteListener = (call: CallDef, input: unknown) => void;
const writeListeners = new Set<WriteListener>();

/**
 * Told after every successful call that is not a read (`isReadCall`, the contract's one rule), so the query cache
 * (lib/query-client.ts) can count what it holds as out of date. A listener, not an import: TanStack Query stays out
 * of the sign-in screens' scripts.
 */
export const afterEveryWrite = (listener: WriteListener) => {
  writeListeners.add(listener);
  return () => {
    writeListeners.delete(listener);
  };
};

let reading = 0;

/**
 * Runs a query function: the calls it starts before its first `await` are reads even where the contract does not
 * mark them (most of this API is POST, and only the calls a read-only API key may make carry `reads`).
 */
export const whileReading = <T>(read: () => T): T => {
  reading += 1;
  try {
    return read();
  } finally {
    reading -= 1;
  }
};

const told = <T>(call: CallDef, input: unknown, answer: Promise<T>) =>
  isReadCall(call) || reading > 0
    ? answer
    : answer.then((value) => {
        for (const listener of writeListeners) listener(call, input);
        return value;
      });

/** The one client instance used by every feature. */
export const api: ApiClient = {
  call: (call, ...rest) => told(call, rest[0], current.call(call, ...rest)),
  callWithMessage: (call, ...rest) => told(call, rest[0], current.callWithMessage(call, ...rest)),
};

/** Tests swap in a client with a fake fetch. */
export const setApiClient = (client: ApiClient) => {
  current = client;
};

/**
 * Ends the audience's session on the server before the browser forgets its token, so a copy of the
 * token is useless too. Waits at most 3 s and never throws: leaving must work offline as well.
 */
export const endSessionOnServer = async (audience: Audience) => {
  if (!appStore.get(sessionAtoms[audience])?.token) return;
  const call = api.call(audience === 'enterprise' ? enterpriseAuthCalls.logout : adminAuthCalls.logout, {});
  await Promise.race([call.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000))]);
};
