import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { STORAGE_KEYS } from '../../config/app-links.ts';
import { fillPath, paths } from '../../config/paths.ts';
import { endSessionOnServer } from '../../lib/api.ts';
import { enterpriseUserAtom, leaveActingAtom, logoutAtom } from '../../lib/session.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import { Button } from '../../ui/button.tsx';

/**
 * A platform admin logged in as an enterprise (spec §1.2) is told so on every page, and has the way back:
 * "Back to admin" ends the enterprise session on the server (the log-in-as session the admin's own one
 * holds), clears the marker (spec §4) and opens the enterprise's page in the admin area, where the admin session
 * still is. The server's `me` says whether the session is one (`loggedInAsAdmin`, from the token's actor).
 */
export const ActingBanner = () => {
  const { t } = useTranslation('common');
  const user = useAtomValue(enterpriseUserAtom);
  const logout = useSetAtom(logoutAtom);
  const setSelectedGroup = useSetAtom(selectedGroupAtom);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // The enterprise session ends once its pages are gone: the admin page is lazy, and while it loads the enterprise
  // page stays on screen, whose guard would send a session ended under it to /login.
  const leaving = useRef(false);
  useEffect(
    () => () => {
      if (!leaving.current) return;
      void endSessionOnServer('enterprise').finally(() => {
        logout('enterprise');
        setSelectedGroup(null);
      });
    },
    [logout, setSelectedGroup],
  );
  const back = () => {
    if (!user) return;
    setBusy(true);
    leaving.current = true;
    const enterpriseId = localStorage.getItem(STORAGE_KEYS.loginAsEnterprise) ?? user.enterpriseId._id;
    localStorage.removeItem(STORAGE_KEYS.loginAsEnterprise);
    navigate(fillPath(paths.admin.enterpriseDetail, { id: enterpriseId }));
  };
  // The account menu's Logout, while acting, asks for the same way back.
  const leaveAsked = useAtomValue(leaveActingAtom);
  const seenAsk = useRef(leaveAsked);
  const backRef = useRef(back);
  backRef.current = back;
  useEffect(() => {
    if (leaveAsked === seenAsk.current) return;
    seenAsk.current = leaveAsked;
    backRef.current();
  }, [leaveAsked]);
  if (!user?.loggedInAsAdmin) return null;
  const company = user.enterpriseId.company_name;
  return (
    <section className="acting-banner" aria-labelledby="acting-banner-text">
      <p id="acting-banner-text" className="acting-banner__text">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor">
          <path d="M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6l8-3z" strokeWidth="1.8" />
        </svg>
        <span>{t('shell.actingAs', { company })}</span>
      </p>
      <Button variant="secondary" size="sm" loading={busy} onClick={back}>
        {t('shell.backToAdmin')}
      </Button>
    </section>
  );
};
