import { ERROR_CODES } from '@coach/shared/contract/envelope';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../errors.ts';

/**
 * "Require single sign-on", as the password calls ask it: an enterprise that requires it has
 * passwords switched off for all its members but the default admin, whose password is the way back in when the
 * identity provider fails.
 */

/** Whether passwords are switched off for this member (their enterprise requires single sign-on). */
export const passwordsOff = async (db: Db, enterpriseId: string | null, isDefaultAdmin: boolean) => {
  if (!enterpriseId || isDefaultAdmin) return false;
  const row = await db
    .selectFrom('sso_connections')
    .select('require_sso')
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  return row?.require_sso === 1;
};

export const ssoRequired = () =>
  new AppError(
    403,
    ERROR_CODES.ssoRequired,
    'Your organisation signs in with single sign-on: choose "Continue with single sign-on"',
  );
