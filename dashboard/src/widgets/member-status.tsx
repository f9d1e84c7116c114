import type { Member } from '@coach/shared/contract/members';
import { useTranslation } from 'react-i18next';
import '../ui/table.css';

/**
 * A member's one status. An active member who has not signed in yet (the emailed invitation is still open) is
 * Invited, not also Active; a deactivated invitee is Inactive, as they cannot sign in either way. Shared by the
 * enterprise's members screens and the platform admin's members of an enterprise, so both say the same.
 */
export const MemberStatus = ({ member }: { member: Pick<Member, 'status' | 'invitePending'> }) => {
  const { t } = useTranslation('members');
  if (member.status === 'Active' && member.invitePending)
    return <span className="status status--pending">{t('status.invited')}</span>;
  return (
    <span className={`status status--${member.status.toLowerCase()}`}>{t(`status.${member.status}`)}</span>
  );
};
