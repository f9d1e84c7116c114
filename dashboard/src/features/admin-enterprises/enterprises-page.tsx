import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { adminGeneral } from '@coach/shared/contract/admin';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
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
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const list = usePagedList(searchInput, (currentPage) =>
    api.call(adminGeneral.getEnterpriseList, { searchInput, currentPage }),
  );
  const [adding, setAdding] = useState(false);

  return (
    <div className="admin-enterprises">
      <PageHeader
        title="Enterprises"
        description="Company accounts on the platform, their members and the features they can use."
        actions={<Button onClick={() => setAdding(true)}>Add enterprise</Button>}
      />
      <div className="list-toolbar">
        <SearchBox
          label="Search enterprises"
          placeholder="Search by company name..."
          value={search}
          onChange={setSearch}
        />
      </div>

      <PagedTable
        list={list}
        noun="enterprises"
        empty={{
          title: searchInput ? 'No enterprise matches your search' : 'No enterprises yet',
          description: searchInput
            ? `No company is named like "${searchInput}".`
            : 'Add an enterprise to open its account.',
        }}
        head={
          <>
            <th scope="col">Company</th>
            <th scope="col">Members</th>
            <th scope="col">Features on</th>
            <th scope="col">Created</th>
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
            <td data-label="Members" className="table__number">
              {row.memberCount}
            </td>
            <td data-label="Features on">
              {row.featuresOn} of {row.featuresTotal}
            </td>
            <td data-label="Created">{formatDate(row.createdAt)}</td>
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
