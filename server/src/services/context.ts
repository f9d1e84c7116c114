import type { LanguageCode } from '@coach/shared/constants/languages';
import type { ClientPlatform } from '@coach/shared/contract/admin-reports';
import type { Deps } from '../deps.ts';
import type { Session } from '../session/session.ts';

/**
 * What a service is handed for one call: the process's dependencies (database, providers, config) and what the
 * adapter read from the request, as plain values. It knows no HTTP, so a service runs the same from a route, a job,
 * the seed or a test; the time comes from services/common/clock.ts.
 */
export type ServiceContext = Deps & {
  ip: string;
  /** The client's platform from X-Client-Platform (web, ios, android; anything else is web). */
  clientPlatform: ClientPlatform;
  /** The User-Agent header (a session's device on the profile's list). */
  userAgent: string;
  /**
   * The language of the screen the call comes from (Accept-Language; the dashboard sends its chosen language), or
   * null: mails to someone with no saved language go out in it.
   */
  requestLanguage: LanguageCode | null;
  session: Session | null;
  /** The envelope message of a success (default 'OK'). */
  setMessage: (message: string) => void;
};
