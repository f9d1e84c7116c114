import { GROUP_DROPDOWN_MAX_HEIGHT_PX, GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { type EnterpriseUser, enterpriseAuth, type Group } from '@coach/shared/contract/auth';
import type { CallDef } from '@coach/shared/contract/define-call';
import { groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { enterpriseReports } from '@coach/shared/contract/reports';
import { surveys } from '@coach/shared/contract/surveys';
import { tasks } from '@coach/shared/contract/tasks';
import { type AccessRule, canCall, memberSubject } from '@coach/shared/permissions';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useAtom, useAtomValue } from 'jotai';
import { Popover } from 'radix-ui';
import { type UIEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEveryWrite, api, whileReading } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { enterpriseUserAtom } from '../../lib/session.ts';
import { selectedGroupAtom } from '../../lib/ui-state.ts';
import './group-filter.css';

/** Distance from the bottom of the list, in px, at which the next page loads. */
const LOAD_MORE_THRESHOLD_PX = 40;

/**
 * The calls the chosen group narrows: the members list, the reports, survey results and the reviews waiting (the
 * company figures need the members list too, shared/permissions.ts `seesCompanyFigures`).
 */
const NARROWED_BY_GROUP: readonly AccessRule[] = [
  members.list,
  enterpriseReports.overview,
  surveys.results,
  tasks.getCompletedTasksPendingReview,
];

/**
 * Whether the group filter means anything to this member: the server would answer a call it
 * narrows, and there is a choice to make: every group (whoever may list the groups) and at least one, or at least
 * two of their own. A learner, or someone in a single group, is not shown a picker that changes nothing. The
 * filter sits in the signed-in shell, past the second factor.
 */
export const groupFilterShown = ({
  user,
  groupCount,
}: {
  user: EnterpriseUser | null;
  /** How many groups the member may choose from (the unsearched list's total), null while unknown. */
  groupCount: number | null;
}) => {
  if (!user || groupCount === null) return false;
  const subject = memberSubject(user, { secondFactorDone: true });
  const can = (call: AccessRule) => canCall(call, subject).allowed;
  if (!NARROWED_BY_GROUP.some(can)) return false;
  return groupCount >= (can(groups.list) ? 1 : 2);
};

/**
 * The writes that change which groups a member may choose from or what they are called: a group added, renamed or
 * deleted, and a member's groups set (one at a time or from a CSV file, which may name new groups).
 */
const CHANGES_GROUP_LIST: readonly Pick<CallDef, 'path'>[] = [
  groups.add,
  groups.edit,
  groups.remove,
  members.update,
  members.importCsv,
];

/** The group id (and new name) a group write names, when it names one. */
const groupWritten = (input: unknown) => {
  if (typeof input !== 'object' || input === null) return null;
  const { groupId, name } = input as { groupId?: unknown; name?: unknown };
  if (typeof groupId !== 'string') return null;
  return { groupId, name: typeof name === 'string' ? name.trim() : null };
};

/**
 * Keeps the filter true to this tab's own writes: the list is read again at once (the cache's blanket rule after a
 * write only marks it out of date, and the top bar stays mounted, so it would wait for a reload), and the chosen
 * group follows its rename or, deleted, gives way to All Groups.
 */
const useGroupWrites = (setSelected: (update: (group: Group | null) => Group | null) => void) => {
  useEffect(
    () =>
      afterEveryWrite((call, input) => {
        if (!CHANGES_GROUP_LIST.some((changing) => changing.path === call.path)) return;
        void queryClient().invalidateQueries({ queryKey: [enterpriseAuth.userGroups.path] });
        const written = groupWritten(input);
        if (!written || (call.path !== groups.edit.path && call.path !== groups.remove.path)) return;
        setSelected((group) => {
          if (group?._id !== written.groupId) return group;
          if (call.path === groups.remove.path) return null;
          return written.name ? { ...group, name: written.name } : group;
        });
      }),
    [setSelected],
  );
};

/** The top-bar group filter of spec §2: search with a 500 ms delay, infinite scroll, All Groups clears. */
export const GroupFilter = () => {
  const { t } = useTranslation('group-filter');
  const user = useAtomValue(enterpriseUserAtom);
  const [selected, setSelected] = useAtom(selectedGroupAtom);
  useGroupWrites(setSelected);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [searchQuery, setSearchQuery] = useState('');
  // First page on mount, then page 1 again on every (debounced) search; the next page as the list scrolls.
  // Each search's pages are cached together; an answer to an older search is not shown.
  const pages = useInfiniteQuery(
    {
      queryKey: [enterpriseAuth.userGroups.path, searchQuery],
      queryFn: ({ pageParam, signal }) =>
        whileReading(() =>
          api.call(enterpriseAuth.userGroups, { searchQuery, currentPage: pageParam }, { signal }),
        ),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
    },
    queryClient(),
  );
  const { data, error, isFetching, hasNextPage, fetchNextPage } = pages;
  useEffect(() => {
    // spec §4: failures other than 401 (handled by the client) are only logged.
    if (error) console.error('Loading groups failed', error);
  }, [error]);
  const list = {
    groups: data?.pages.flatMap((page) => page.listdata) ?? [],
    loading: isFetching,
  };

  useEffect(() => {
    if (query.trim() === searchQuery) return;
    const timer = window.setTimeout(() => setSearchQuery(query.trim()), GROUP_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query, searchQuery]);

  // A failed page ends the scrolling, as the spec's list does.
  const hasMoreGroups = hasNextPage && !error;

  // The unsearched list's first page tells how many groups there are to choose from.
  const [groupCount, setGroupCount] = useState<number | null>(null);
  const firstPage = data?.pages[0];
  useEffect(() => {
    if (searchQuery !== '' || !firstPage) return;
    setGroupCount(
      firstPage.totalCount ??
        (firstPage.totalPages > 1 ? Number.POSITIVE_INFINITY : firstPage.listdata.length),
    );
  }, [firstPage, searchQuery]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    if (list.loading || !hasMoreGroups) return;
    if (scrollHeight - scrollTop - clientHeight <= LOAD_MORE_THRESHOLD_PX) {
      void fetchNextPage();
    }
  };

  const choose = (group: Group | null) => {
    setSelected(group);
    setOpen(false);
  };

  if (!groupFilterShown({ user, groupCount }) && selected === null) return null;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="group-filter__trigger"
        aria-label={t('filterLabel', { group: selected?.name ?? t('allGroups') })}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="16"
          height="16"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="9" cy="8" r="3" />
          <path d="M3 19a6 6 0 0 1 12 0M16 11a3 3 0 1 0 0-6M21 19a6 6 0 0 0-4-5.6" strokeLinecap="round" />
        </svg>
        <span className="group-filter__label">{selected?.name ?? t('allGroups')}</span>
        <span aria-hidden="true" className="group-filter__chevron">
          ▾
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="group-filter__content"
          align="start"
          sideOffset={8}
          aria-label={t('choose')}
        >
          <div className="group-filter__search">
            <label htmlFor="group-filter-search" className="visually-hidden">
              {t('searchLabel')}
            </label>
            <input
              id="group-filter-search"
              type="search"
              className="group-filter__input"
              placeholder={t('searchPlaceholder')}
              value={query}
              autoComplete="off"
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <div
            className="group-filter__list"
            style={{ maxHeight: GROUP_DROPDOWN_MAX_HEIGHT_PX }}
            onScroll={onScroll}
            data-testid="group-filter-list"
          >
            <ul aria-label={t('groups')}>
              <li>
                <button
                  type="button"
                  className="group-filter__option"
                  aria-pressed={selected === null}
                  onClick={() => choose(null)}
                >
                  {t('allGroups')}
                </button>
              </li>
              {list.groups.map((group) => (
                <li key={group._id}>
                  <button
                    type="button"
                    className="group-filter__option"
                    aria-pressed={selected?._id === group._id}
                    onClick={() => choose(group)}
                  >
                    {group.name}
                  </button>
                </li>
              ))}
            </ul>
            {list.loading ? (
              <p className="group-filter__row" role="status">
                {t('loading')}
              </p>
            ) : null}
            {!list.loading && list.groups.length === 0 ? (
              <p className="group-filter__row">{searchQuery ? t('noMatch') : t('none')}</p>
            ) : null}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
};
