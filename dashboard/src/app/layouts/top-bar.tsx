import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguagePicker } from '../../widgets/language-picker.tsx';
import type { ShellModel } from './use-shell.ts';
import { UserMenu } from './user-menu.tsx';

const FullscreenToggle = () => {
  const { t } = useTranslation('common');
  const [on, setOn] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    const request = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    request?.catch((error: unknown) => console.warn('Fullscreen is not available', error));
  };
  return (
    <button
      type="button"
      className="icon-button"
      aria-pressed={on}
      aria-label={on ? t('shell.exitFullScreen') : t('shell.fullScreen')}
      onClick={toggle}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      >
        {on ? (
          <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
        ) : (
          <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
        )}
      </svg>
    </button>
  );
};

export const Logo = ({ model }: { model: ShellModel }) => {
  const { t } = useTranslation('common');
  return (
    <Link
      to={model.dashboardPath}
      className="top-bar__logo"
      // The name starts with the words shown (label-in-name): the wordmark, or the organisation behind its logo.
      aria-label={t('shell.dashboardOf', {
        name: model.companyName ?? (model.logoUrl ? 'Coach' : 'Coach Admin'),
      })}
    >
      {model.logoUrl ? (
        <img src={model.logoUrl} alt="" className="top-bar__logo-img" />
      ) : (
        <>
          {/* The letter is drawn by CSS: a picture, not a word of the link's name (label-in-name). */}
          <span className="top-bar__logo-mark" data-mark="C" aria-hidden="true" />
          <span className="top-bar__wordmark">{model.companyName ?? 'Coach Admin'}</span>
        </>
      )}
    </Link>
  );
};

/** The top bar of spec §2. Without a menu toggle (fullpage layout) it offers 'Go to Dashboard'. */
export const TopBar = ({
  model,
  menuToggle,
  filters,
  onLogout,
}: {
  model: ShellModel;
  menuToggle: { expanded: boolean; onToggle: () => void; controls: string } | null;
  filters?: ReactNode;
  onLogout: () => void;
}) => {
  const { t } = useTranslation('common');
  return (
    <header className="top-bar">
      <div className="top-bar__start">
        <Logo model={model} />
        {menuToggle ? (
          <button
            type="button"
            className="icon-button"
            aria-label={t('shell.toggleMenu')}
            aria-expanded={menuToggle.expanded}
            aria-controls={menuToggle.controls}
            onClick={menuToggle.onToggle}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="20"
              height="20"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            >
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        ) : (
          <Link to={model.dashboardPath} className="btn btn--secondary btn--sm">
            {t('shell.goToDashboard')}
          </Link>
        )}
        {filters}
      </div>
      <div className="top-bar__end">
        <LanguagePicker audience={model.audience} />
        <FullscreenToggle />
        <UserMenu
          identity={model.identity}
          profilePath={model.profilePath}
          settingsPath={model.settingsPath}
          privacyPath={model.privacyPath}
          termsPath={model.termsPath}
          onLogout={onLogout}
        />
      </div>
    </header>
  );
};
