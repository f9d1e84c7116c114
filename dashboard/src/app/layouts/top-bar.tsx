import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ShellModel } from './use-shell.ts';
import { UserMenu } from './user-menu.tsx';

const FullscreenToggle = () => {
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
      aria-label={on ? 'Exit full screen' : 'Full screen'}
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

export const Logo = ({ model }: { model: ShellModel }) => (
  <Link
    to={model.dashboardPath}
    className="top-bar__logo"
    aria-label={`${model.companyName ?? 'Coach'} dashboard`}
  >
    {model.logoUrl ? (
      <img src={model.logoUrl} alt="" className="top-bar__logo-img" />
    ) : (
      <>
        <span className="top-bar__logo-mark" aria-hidden="true">
          C
        </span>
        <span className="top-bar__wordmark">{model.companyName ?? 'Coach Admin'}</span>
      </>
    )}
  </Link>
);

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
}) => (
  <header className="top-bar">
    <div className="top-bar__start">
      <Logo model={model} />
      {menuToggle ? (
        <button
          type="button"
          className="icon-button"
          aria-label="Toggle menu"
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
          Go to Dashboard
        </Link>
      )}
      {filters}
    </div>
    <div className="top-bar__end">
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
