import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { ADMIN_MENU, enterpriseMenuFor, type MenuEntry } from '../../config/menus.ts';
import { type Audience, adminUserAtom, enterpriseUserAtom } from '../../lib/session.ts';
import { PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import './dashboard.css';

const greeting = (date = new Date()) => {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
};

const SectionCards = ({ entries }: { entries: MenuEntry[] }) => (
  <section aria-labelledby="sections-title">
    <h2 id="sections-title" className="dashboard__subtitle">
      Where to next
    </h2>
    <ul className="dashboard__cards">
      {entries.map((entry) => (
        <li key={entry.label}>
          <Link className="dashboard__card" to={entry.to}>
            <span className="dashboard__card-title">{entry.label}</span>
            <span className="dashboard__card-text">{entry.description}</span>
            <span className="dashboard__card-arrow" aria-hidden="true">
              →
            </span>
          </Link>
        </li>
      ))}
    </ul>
  </section>
);

export const DashboardPage = ({ audience }: { audience: Audience }) => {
  const enterpriseUser = useAtomValue(enterpriseUserAtom);
  const adminUser = useAtomValue(adminUserAtom);

  if (audience === 'admin') {
    if (!adminUser) return <LoadingBlock label="Loading your dashboard" />;
    return (
      <div className="dashboard">
        <PageHeader
          title={`${greeting()}, ${adminUser.name.split(' ')[0]}`}
          description="Platform administration: enterprises, libraries and usage."
        />
        <SectionCards entries={ADMIN_MENU.filter((entry) => entry.icon !== 'dashboard')} />
      </div>
    );
  }

  if (!enterpriseUser) return <LoadingBlock label="Loading your dashboard" />;
  const entries = enterpriseMenuFor(enterpriseUser).filter((entry) => entry.icon !== 'dashboard');
  return (
    <div className="dashboard">
      <PageHeader
        title={`${greeting()}, ${enterpriseUser.name.split(' ')[0]}`}
        description={`${enterpriseUser.enterpriseId.company_name} · ${enterpriseUser.roleId.name}`}
      />
      <SectionCards entries={entries} />
    </div>
  );
};
