import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { members } from '@coach/shared/contract/members';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';

/**
 * Sends an invitee who has not joined the invitation again (a fresh link; earlier ones stop working), from their
 * row in Members or their page; `resending` is the member whose invitation is on its way.
 */
export const useResendInvite = () => {
  const { t } = useTranslation('members');
  const [resending, setResending] = useState<string | null>(null);
  const resend = async (member: { _id: string; email: string }) => {
    setResending(member._id);
    try {
      await api.call(members.resendInvite, { memberId: member._id });
      notify.success(t('detail.resent', { email: member.email }));
    } catch (error) {
      notify.error(error instanceof ApiError ? serverText(error.message) : GENERIC_ERROR_MESSAGE);
    } finally {
      setResending(null);
    }
  };
  return { resending, resend };
};
