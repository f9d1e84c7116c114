import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { LanguagePicker } from '../../widgets/language-picker.tsx';
import { ShellFooter } from './footer.tsx';
import './shell.css';

/** Public information pages (register, policies): a slim header and the footer. */
export const PublicLayout = () => {
  const { t } = useTranslation('common');
  return (
    <div className="shell shell--fullpage">
      <header className="top-bar">
        <div className="top-bar__start">
          <Link to={paths.enterprise.login.build()} className="top-bar__logo">
            <span className="top-bar__logo-mark" aria-hidden="true">
              C
            </span>
            <span className="top-bar__wordmark">Coach</span>
          </Link>
        </div>
        <div className="top-bar__end">
          <LanguagePicker />
          <Link to={paths.enterprise.login.build()} className="btn btn--secondary btn--sm">
            {t('shell.signIn')}
          </Link>
        </div>
      </header>
      <div className="shell__body">
        <main id="main-content" className="shell__main shell__main--narrow">
          <Outlet />
        </main>
        <ShellFooter />
      </div>
    </div>
  );
};
