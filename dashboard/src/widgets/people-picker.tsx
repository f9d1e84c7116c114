import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { ASSIGNABLE_PEOPLE_LIMIT, assignablePeople } from '@coach/shared/contract/assignable-people';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, withNumbers } from '../i18n/format.ts';
import { i18n } from '../i18n/index.ts';
import { api } from '../lib/api.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { useLoad } from '../lib/use-load.ts';
import { Spinner } from '../ui/spinner.tsx';
import { SearchBox } from '../ui/table.tsx';
import './people-picker.css';

/** A group or a member as the pickers keep them. */
export type Picked = { _id: string; name: string; detail: string };
export type People = { groups: Picked[]; members: Picked[] };
export const NO_PEOPLE: People = { groups: [], members: [] };

type Library = 'tasks' | 'content' | 'surveys';
type Kind = 'groups' | 'members';

const CALLS = {
  tasks: assignablePeople.forTasks,
  content: assignablePeople.forContent,
  surveys: assignablePeople.forSurveys,
} as const;

/**
 * A group's line under its name: its members who joined, then apart its invitees (invited is not joined, the words
 * of ui/joined-count.tsx), so a group of invitees on a company's first day does not read as reaching nobody.
 */
const groupDetail = (memberCount: number, invitedCount: number) =>
  [
    i18n.t('people.memberCount', { ns: 'widgets', count: memberCount }),
    invitedCount > 0
      ? i18n.t('invitees.apart', { ns: 'common', ...withNumbers({ count: invitedCount }) })
      : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');

/** The picker's own people search per library (task-library or content-library key, not members/groups). */
const searchFor =
  (library: Library, kind: Kind) =>
  async (searchInput: string): Promise<Picked[]> => {
    const found = await api.call(CALLS[library], { kind, searchInput });
    return found.map(({ _id, name, email, memberCount, invitedCount }) => ({
      _id,
      name,
      detail: kind === 'groups' ? groupDetail(memberCount ?? 0, invitedCount ?? 0) : (email ?? ''),
    }));
  };

/** One search function per library and kind. */
const SEARCHES: Record<Library, Record<Kind, (searchInput: string) => Promise<Picked[]>>> = {
  tasks: { groups: searchFor('tasks', 'groups'), members: searchFor('tasks', 'members') },
  content: { groups: searchFor('content', 'groups'), members: searchFor('content', 'members') },
  surveys: { groups: searchFor('surveys', 'groups'), members: searchFor('surveys', 'members') },
};

/** A search box over groups or members, ticking them in or out of a selection kept across searches. */
const SearchPick = ({
  library,
  noun,
  chosen,
  onChange,
}: {
  library: Library;
  /** Plural, lower case: "groups". */
  noun: Kind;
  chosen: Picked[];
  onChange: (next: Picked[]) => void;
}) => {
  const { t } = useTranslation('widgets');
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const { state } = useLoad([CALLS[library].path, noun, searchInput], () =>
    SEARCHES[library][noun](searchInput),
  );
  const results = state.status === 'ready' ? state.data : null;
  const error = state.status === 'error' ? state.message : null;

  const isChosen = (id: string) => chosen.some((item) => item._id === id);
  const toggle = (item: Picked) =>
    onChange(isChosen(item._id) ? chosen.filter((c) => c._id !== item._id) : [...chosen, item]);

  return (
    <fieldset className="people-pick">
      <legend className="people-pick__legend">{t(`people.${noun}.title`)}</legend>
      <div className="people-pick__search">
        <SearchBox
          label={t(`people.${noun}.find`)}
          placeholder={t(`people.${noun}.placeholder`)}
          value={search}
          onChange={setSearch}
        />
        {results === null && !error ? <Spinner size="sm" label={t(`people.${noun}.searching`)} /> : null}
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {results && results.length === 0 ? (
        <p className="people-pick__empty">
          {searchInput ? t(`people.${noun}.noMatch`, { search: searchInput }) : t(`people.${noun}.none`)}
        </p>
      ) : null}
      {results && results.length > 0 ? (
        <ul className="people-pick__results" aria-label={t(`people.${noun}.matching`)}>
          {results.map((item) => (
            <li key={item._id}>
              <label className="picker__row">
                <input type="checkbox" checked={isChosen(item._id)} onChange={() => toggle(item)} />
                <span className="people-pick__who">
                  <span className="people-pick__name">{item.name}</span>
                  <span className="people-pick__detail">{item.detail}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {results && results.length >= ASSIGNABLE_PEOPLE_LIMIT ? (
        // A full answer may not be all of them: say so, or the ones past it seem not to exist.
        <p className="people-pick__empty">
          {t('people.firstOnly', { limit: formatNumber(ASSIGNABLE_PEOPLE_LIMIT) })}
        </p>
      ) : null}
      {chosen.length > 0 ? (
        <ul className="chips people-pick__chosen" aria-label={t(`people.${noun}.chosen`)}>
          {chosen.map((item) => (
            <li key={item._id} className="chip chip--accent people-pick__chip">
              {item.name}
              <button
                type="button"
                aria-label={t('people.remove', { name: item.name })}
                onClick={() => toggle(item)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="people-pick__empty">{t(`people.${noun}.noneChosen`)}</p>
      )}
    </fieldset>
  );
};

/** Groups and members to assign something to (tasks, videos, surveys); either list may stay empty. */
export const PeoplePicker = ({
  library,
  value,
  onChange,
  note,
}: {
  /** Whose people search to use: the task library's, the content library's or the surveys'. */
  library: Library;
  value: People;
  onChange: (next: People) => void;
  /** A line under the lists, e.g. what happens to members who join a chosen group later. */
  note?: string;
}) => (
  <div className="people-picker">
    <SearchPick
      library={library}
      noun="groups"
      chosen={value.groups}
      onChange={(next) => onChange({ ...value, groups: next })}
    />
    <SearchPick
      library={library}
      noun="members"
      chosen={value.members}
      onChange={(next) => onChange({ ...value, members: next })}
    />
    {note ? <p className="people-picker__note">{note}</p> : null}
  </div>
);

export const hasPeople = (people: People) => people.groups.length > 0 || people.members.length > 0;
