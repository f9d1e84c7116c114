import { ApiError } from '@coach/shared/client';
import type { ResponseOf } from '@coach/shared/contract/define-call';
import type { enterprisePasskeys } from '@coach/shared/contract/passkeys';

type CreationOptions = ResponseOf<typeof enterprisePasskeys.registerOptions>['options'];
type RequestOptions = ResponseOf<typeof enterprisePasskeys.secondFactorOptions>['options'];

/**
 * The browser's side of a passkey, through @simplewebauthn/browser. The library loads only when a
 * passkey is used, so the sign-in page's first load carries none of it.
 */
const browserLibrary = () => import('@simplewebauthn/browser');

/** `navigator.credentials.create()` with the server's options: the answer to send to register-verify. */
export const createPasskey = async (options: CreationOptions) => {
  const { startRegistration } = await browserLibrary();
  return startRegistration({ optionsJSON: options });
};

/** `navigator.credentials.get()` with the server's options: the answer to send to a verify call. */
export const signWithPasskey = async (options: RequestOptions) => {
  const { startAuthentication } = await browserLibrary();
  return startAuthentication({ optionsJSON: options });
};

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * What went wrong on the browser's side, as the key of a sentence in common.json (`passkey.*`), or null when the
 * failure is the server's (its own words say it). The person closing the browser's prompt or letting it time out
 * is `cancelled`: nothing is wrong, and the screens say so calmly.
 */
export const passkeyProblem = (
  failure: unknown,
): 'passkey.cancelled' | 'passkey.unsupported' | 'passkey.exists' | 'passkey.failed' | null => {
  if (failure instanceof ApiError) return null;
  const name = failure instanceof Error ? failure.name : '';
  const code = (failure as { code?: unknown } | null)?.code;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return 'passkey.cancelled';
  if (name === 'InvalidStateError' || code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return 'passkey.exists';
  if (!passkeysSupported() || name === 'NotSupportedError') return 'passkey.unsupported';
  return 'passkey.failed';
};
