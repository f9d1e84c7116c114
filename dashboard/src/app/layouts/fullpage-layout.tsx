import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import type { Audience } from '../../lib/session.ts';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ActingBanner } from './acting-banner.tsx';
import { ShellFooter } from './footer.tsx';
import { ShellOverlays } from './overlays.tsx';
import { TopBar } from './top-bar.tsx';
import { useLogout, useShellModel, useThemeVariables } from './use-shell.ts';
import './shell.css';

/** The fullpage layout of spec §2 (profile pages): the top bar without a menu, and 'Go to Dashboard'. */
export const FullpageLayout = ({ audience }: { audience: Audience }) => {
  const { t } = useTranslation('common');
  const model = useShellModel(audience);
  useThemeVariables(model?.theme ?? null);
  const onLogout = useLogout(audience);
  if (!model) {
    return (
      <div className="shell shell--loading">
        <LoadingBlock label={t('shell.loadingWorkspace')} />
      </div>
    );
  }
  return (
    <div className="shell shell--fullpage">
      <TopBar model={model} menuToggle={null} onLogout={onLogout} />
      <div className="shell__body">
        {audience === 'enterprise' ? <ActingBanner /> : null}
        <main id="main-content" className="shell__main">
          <Outlet />
        </main>
        <ShellFooter />
      </div>
      <ShellOverlays />
    </div>
  );
};
