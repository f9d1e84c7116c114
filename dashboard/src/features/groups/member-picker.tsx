import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import type { GroupMember } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { EmailAddress } from '../../ui/user-text.tsx';

const RESULTS = 8;

/** Search the enterprise's members and tick them in or out of a selection (the group's members). */
export const MemberPicker = ({
  selected,
  onChange,
}: {
  selected: GroupMember[];
  onChange: (next: GroupMember[]) => void;
}) => {
  const { t } = useTranslation('groups');
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [results, setResults] = useState<GroupMember[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [more, setMore] = useState(false);

  useEffect(() => {
    let current = true;
    setResults(null);
    setError(null);
    api
      .call(members.list, { searchInput, limit: RESULTS, sort_by: 'name', sort_type: 'asc' })
      .then((page) => {
        if (!current) return;
        setResults(page.listdata.map(({ _id, name, email }) => ({ _id, name, email })));
        setMore(page.totalPages > 1);
      })
      .catch((err: unknown) => {
        if (current) setError(err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE);
      });
    return () => {
      current = false;
    };
  }, [searchInput]);

  const isSelected = (id: string) => selected.some((m) => m._id === id);
  const toggle = (member: GroupMember) =>
    onChange(isSelected(member._id) ? selected.filter((m) => m._id !== member._id) : [...selected, member]);

  return (
    <div className="picker">
      <div className="picker__search">
        <SearchBox
          label={t('picker.find')}
          placeholder={t('picker.findPlaceholder')}
          value={search}
          onChange={setSearch}
        />
        {results === null && !error ? <Spinner size="sm" label={t('picker.searching')} /> : null}
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {results && results.length === 0 ? (
        <p className="picker__empty">{t('picker.noMatch', { search: searchInput })}</p>
      ) : null}
      {results && results.length > 0 && more ? (
        // One page of members is listed: said, so no one takes it for all of them.
        <p className="picker__empty">{t('picker.firstOnly', { limit: formatNumber(results.length) })}</p>
      ) : null}
      {results && results.length > 0 ? (
        <ul className="picker__results" aria-label={t('picker.matching')}>
          {results.map((member) => (
            <li key={member._id}>
              <label className="picker__row">
                <input type="checkbox" checked={isSelected(member._id)} onChange={() => toggle(member)} />
                <span className="picker__who">
                  <span className="picker__name">{member.name}</span>
                  <EmailAddress className="picker__email" email={member.email} />
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="picker__selected">
        <h3 className="picker__title">{t('picker.inGroup', { count: selected.length })}</h3>
        {selected.length > 0 ? (
          <ul className="chips" aria-label={t('picker.chosen')}>
            {selected.map((member) => (
              <li key={member._id} className="chip picker__chip">
                {member.name}
                <button
                  type="button"
                  aria-label={t('picker.remove', { name: member.name })}
                  onClick={() => toggle(member)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
};
