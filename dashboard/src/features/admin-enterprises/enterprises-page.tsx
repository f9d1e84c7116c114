import { adminGeneral } from '@coach/shared/contract/admin';
import type { EnterpriseRow } from '@coach/shared/contract/admin-enterprises';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { Button } from '../../ui/button.tsx';
import { type Column, ListScreen, useListScreen } from '../../widgets/list-screen.tsx';
import { AddEnterpriseDialog } from './add-enterprise-dialog.tsx';
import './admin-enterprises.css';
import { JoinedCount } from '../../ui/joined-count.tsx';

/** /admin/enterprises: every company account with its members and features, searchable (spec §2). */
export const EnterprisesPage = () => {
  const { t } = useTranslation('admin-enterprises');
  const navigate = useNavigate();
  const screen = useListScreen<EnterpriseRow>({
    call: adminGeneral.getEnterpriseList,
    fetch: ({ search: searchInput, currentPage }) =>
      api.call(adminGeneral.getEnterpriseList, { searchInput, currentPage }),
  });
  const { search } = screen;
  const [adding, setAdding] = useState(false);

  const columns: Column<EnterpriseRow>[] = [
    {
      header: t('list.company'),
      unlabelled: true,
      cell: (row) => (
        <Link
          className="admin-enterprises__name"
          to={fillPath(paths.admin.enterpriseDetail, { id: row._id })}
        >
          {row.company_name}
        </Link>
      ),
    },
    {
      header: t('list.members'),
      className: 'table__number',
      // Invited is not joined: the company's invitees are counted apart under its members.
      cell: (row) => <JoinedCount joined={row.memberCount} invited={row.invitedCount} />,
    },
    {
      header: t('list.featuresOn'),
      cell: (row) =>
        t('list.featuresCount', { on: formatNumber(row.featuresOn), total: formatNumber(row.featuresTotal) }),
    },
    { header: t('list.created'), cell: (row) => formatDate(row.createdAt) },
  ];

  return (
    <ListScreen
      className="admin-enterprises"
      title={t('list.title')}
      description={t('list.description')}
      actions={<Button onClick={() => setAdding(true)}>{t('list.add')}</Button>}
      screen={screen}
      search={{ label: t('list.search'), placeholder: t('list.searchPlaceholder') }}
      noun={t('list.noun')}
      empty={{
        title: search ? t('list.noMatch') : t('list.none'),
        description: search ? t('list.noMatchText', { search }) : t('list.noneText'),
      }}
      columns={columns}
      rowKey={(row) => row._id}
    >
      {adding ? (
        <AddEnterpriseDialog
          onClose={() => setAdding(false)}
          onSaved={(id) => {
            setAdding(false);
            navigate(fillPath(paths.admin.enterpriseDetail, { id }));
          }}
        />
      ) : null}
    </ListScreen>
  );
};
