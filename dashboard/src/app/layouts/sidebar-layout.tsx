import { atom, useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { Dialog } from 'radix-ui';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { STORAGE_KEYS } from '../../config/app-links.ts';
import { GroupFilter } from '../../features/group-filter/group-filter.tsx';
import type { Audience } from '../../lib/session.ts';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ActingBanner } from './acting-banner.tsx';
import { ShellFooter } from './footer.tsx';
import { ShellOverlays } from './overlays.tsx';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';
import { useCompactScreen } from './use-compact-screen.ts';
import { type ShellModel, useLogout, useShellModel, useThemeVariables } from './use-shell.ts';
import './shell.css';

type MenuMode = 'default' | 'condensed';
/** spec §4 sidebar types: the toggle switches between default and condensed; remembered per browser. */
const menuModeAtom = atomWithStorage<MenuMode>(STORAGE_KEYS.menuMode, 'default', undefined, {
  getOnInit: true,
});
const drawerOpenAtom = atom(false);

const MENU_ID = 'main-menu';

const MenuNav = ({
  model,
  condensed,
  onNavigate,
}: {
  model: ShellModel;
  condensed: boolean;
  onNavigate?: () => void;
}) => {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('shell.mainMenu')} className="sidebar__nav">
      <SideMenu
        audience={model.audience}
        entries={model.menu}
        condensed={condensed}
        onNavigate={onNavigate}
      />
    </nav>
  );
};

/** The sidebar layout of spec §2 for either audience. */
export const SidebarLayout = ({ audience }: { audience: Audience }) => {
  const { t } = useTranslation('common');
  const model = useShellModel(audience);
  useThemeVariables(model?.theme ?? null);
  const onLogout = useLogout(audience);
  const compact = useCompactScreen();
  const [mode, setMode] = useAtom(menuModeAtom);
  const [drawerOpen, setDrawerOpen] = useAtom(drawerOpenAtom);
  // Whether the drawer closed because a page was chosen in it (the focus then goes to that page's content).
  const navigated = useRef(false);

  if (!model) {
    return (
      <div className="shell shell--loading">
        <LoadingBlock label={t('shell.loadingWorkspace')} />
      </div>
    );
  }

  const condensed = !compact && mode === 'condensed';
  const menuToggle = compact
    ? { expanded: drawerOpen, onToggle: () => setDrawerOpen((open) => !open), controls: MENU_ID }
    : {
        expanded: mode === 'default',
        onToggle: () => setMode(mode === 'default' ? 'condensed' : 'default'),
        controls: MENU_ID,
      };

  return (
    <div className={`shell ${condensed ? 'shell--condensed' : ''} ${compact ? 'shell--compact' : ''}`}>
      <a href="#main-content" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      <TopBar
        model={model}
        menuToggle={menuToggle}
        filters={audience === 'enterprise' ? <GroupFilter /> : null}
        onLogout={onLogout}
      />
      {compact ? (
        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="drawer__overlay" />
            <Dialog.Content
              className="drawer"
              id={MENU_ID}
              aria-describedby={undefined}
              // The menu button opens the drawer without being its trigger: the focus is put back by hand, on the
              // button when the drawer is dismissed, on the chosen page's content after a link (not the page's top).
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                const target = navigated.current
                  ? document.getElementById('main-content')
                  : document.querySelector<HTMLElement>(`[aria-controls="${MENU_ID}"]`);
                navigated.current = false;
                target?.focus();
              }}
            >
              <Dialog.Title className="visually-hidden">{t('shell.menu')}</Dialog.Title>
              <MenuNav
                model={model}
                condensed={false}
                onNavigate={() => {
                  navigated.current = true;
                  setDrawerOpen(false);
                }}
              />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : (
        <aside className="sidebar" id={MENU_ID}>
          <MenuNav model={model} condensed={condensed} />
        </aside>
      )}
      <div className="shell__body">
        {audience === 'enterprise' ? <ActingBanner /> : null}
        <main id="main-content" className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
        <ShellFooter />
      </div>
      <ShellOverlays />
    </div>
  );
};
