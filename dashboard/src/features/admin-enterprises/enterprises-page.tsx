import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { adminGeneral } from '@coach/shared/contract/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { AddEnterpriseDialog } from './add-enterprise-dialog.tsx';
import './admin-enterprises.css';

/** /admin/enterprises: every company account with its members and features, searchable (issue 7). */
export const EnterprisesPage = () => {
  const { t } = useTranslation('admin-enterprises');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const list = usePagedList([adminGeneral.getEnterpriseList.path, searchInput], (currentPage) =>
    api.call(adminGeneral.getEnterpriseList, { searchInput, currentPage }),
  );
  const [adding, setAdding] = useState(false);

  return (
    <div className="admin-enterprises">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={<Button onClick={() => setAdding(true)}>{t('list.add')}</Button>}
      />
      <div className="list-toolbar">
        <SearchBox
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
      </div>

      <PagedTable
        list={list}
        noun={t('list.noun')}
        empty={{
          title: searchInput ? t('list.noMatch') : t('list.none'),
          description: searchInput ? t('list.noMatchText', { search: searchInput }) : t('list.noneText'),
        }}
        head={
          <>
            <th scope="col">{t('list.company')}</th>
            <th scope="col">{t('list.members')}</th>
            <th scope="col">{t('list.featuresOn')}</th>
            <th scope="col">{t('list.created')}</th>
          </>
        }
        row={(row) => (
          <tr key={row._id}>
            <td>
              <Link
                className="admin-enterprises__name"
                to={fillPath(paths.admin.enterpriseDetail, { id: row._id })}
              >
                {row.company_name}
              </Link>
            </td>
            <td data-label={t('list.members')} className="table__number">
              {formatNumber(row.memberCount)}
            </td>
            <td data-label={t('list.featuresOn')}>
              {t('list.featuresCount', {
                on: formatNumber(row.featuresOn),
                total: formatNumber(row.featuresTotal),
              })}
            </td>
            <td data-label={t('list.created')}>{formatDate(row.createdAt)}</td>
          </tr>
        )}
      />

      {adding ? (
        <AddEnterpriseDialog
          onClose={() => setAdding(false)}
          onSaved={(id) => {
            setAdding(false);
            navigate(fillPath(paths.admin.enterpriseDetail, { id }));
          }}
        />
      ) : null}
    </div>
  );
};
