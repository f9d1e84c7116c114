import { useTranslation } from 'react-i18next';
import { formatNumber, withNumbers } from '../i18n/format.ts';
import './table.css';

// Invited is not joined (the server's rule, services/common/joined.ts): a count of members takes the people who
// accepted, and the invitees are counted apart ("2 invited, not joined yet").

/** The invitees apart, in the page's language: "2 invited, not joined yet". */
export const useInviteesApart = () => {
  const { t } = useTranslation('common');
  return (count: number) => t('invitees.apart', withNumbers({ count }));
};

/** A list cell's member count, with its invitees on a smaller line under it when there are any. */
export const JoinedCount = ({ joined, invited }: { joined: number; invited: number }) => {
  const apart = useInviteesApart();
  return (
    <>
      {formatNumber(joined)}
      {invited > 0 ? <span className="table__aside">{apart(invited)}</span> : null}
    </>
  );
};
