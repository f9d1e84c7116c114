import { SORT_OPTIONS, type SortValue } from '@coach/shared/constants/sort-options';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import {
  contentLibrary,
  VIDEO_SECTION_SIZE,
  type VideoCategoryKey,
  type VideoContent,
  type VideoContentListResponse,
} from '@coach/shared/contract/content';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useCall } from '../../lib/use-call.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock, Spinner } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState, FormAlert } from '../../ui/states.tsx';
import { Pagination, SearchBox } from '../../ui/table.tsx';
import { type TabItem, Tabs } from '../../ui/tabs.tsx';
import { SelectField } from '../../ui/text-field.tsx';
import { VideoPlayerDialog } from '../../widgets/video-player/video-player-dialog.tsx';
import { AssignVideoDialog, WhoWatchedDialog } from './content-dialogs.tsx';
import { useVideoList } from './use-video-list.ts';
import { type VideoAction, VideoGrid } from './video-card.tsx';
import { categoryName, messageOf } from './video-text.ts';
import './content-library.css';

type Tab = 'all' | VideoCategoryKey;

const Sections = ({
  data,
  expanded,
  onToggle,
  onOpenCategory,
  onAction,
}: {
  data: Extract<VideoContentListResponse, { mode: 'sections' }>;
  expanded: readonly VideoCategoryKey[];
  onToggle: (category: VideoCategoryKey) => void;
  onOpenCategory: (category: VideoCategoryKey) => void;
  onAction: (action: VideoAction, video: VideoContent) => void;
}) => {
  const { t } = useTranslation('content-library');
  return (
    <div className="video-sections">
      {data.sections.map((section) => {
        const category = categoryName(section.category, section.label);
        const total = { count: section.totalCount, value: formatNumber(section.totalCount) };
        const open = expanded.includes(section.category);
        const gridId = `video-section-${section.category}`;
        const more = section.totalCount > section.listdata.length;
        return (
          <section key={section.category} className="video-section" aria-labelledby={`${gridId}-title`}>
            <div className="video-section__head">
              <h2 className="video-section__title" id={`${gridId}-title`}>
                {category} <span className="video-section__count">({formatNumber(section.totalCount)})</span>
              </h2>
              {open ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded
                  aria-controls={gridId}
                  onClick={() => onToggle(section.category)}
                >
                  {t('section.showLess')}
                </Button>
              ) : section.totalCount > VIDEO_SECTION_SIZE ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={false}
                  aria-controls={gridId}
                  aria-label={t('section.viewAllLabel', { ...total, category })}
                  onClick={() => onToggle(section.category)}
                >
                  {t('section.viewAll', total)}
                </Button>
              ) : null}
            </div>
            <VideoGrid
              id={gridId}
              items={section.listdata}
              label={t('section.gridLabel', { category })}
              onAction={onAction}
            />
            {open && more ? (
              <p className="video-section__more">
                {t('section.showing', {
                  shown: formatNumber(section.listdata.length),
                  total: formatNumber(section.totalCount),
                })}{' '}
                <button type="button" className="video-link" onClick={() => onOpenCategory(section.category)}>
                  {t('section.seeEvery', { category })}
                </button>
              </p>
            ) : null}
          </section>
        );
      })}
    </div>
  );
};

/** /enterprise/content-library: the enterprise's videos by category, with search, sort, player and assignment. */
export const ContentLibraryPage = () => {
  const { t } = useTranslation('content-library');
  const [params, setParams] = useSearchParams();
  const categories = useCall(contentLibrary.getListOfVideoCategory, {});
  const categoryList = categories.state.status === 'ready' ? categories.state.data : [];
  const tabs: TabItem<Tab>[] = [
    { value: 'all', label: t('tabs.all') },
    ...categoryList.map((category) => ({
      value: category.key,
      label: categoryName(category.key, category.label),
    })),
  ];
  const asked = params.get('category');
  const tab: Tab = categoryList.find((category) => category.key === asked)?.key ?? 'all';

  const [searchText, setSearchText] = useState('');
  const [sortBy, setSortBy] = useState<SortValue>('latest');
  const search = useDebounced(searchText.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [expanded, setExpanded] = useState<VideoCategoryKey[]>([]);
  const pageKey = JSON.stringify({ tab, search, sortBy });
  const [paging, setPaging] = useState({ key: pageKey, page: 1 });
  const page = paging.key === pageKey ? paging.page : 1;
  const list = useVideoList({
    category: tab === 'all' ? null : tab,
    search,
    sortBy,
    expanded: tab === 'all' ? expanded : [],
    page,
  });
  const [acting, setActing] = useState<{ action: VideoAction; video: VideoContent } | null>(null);
  const [createdTask, setCreatedTask] = useState<{ id: string; title: string } | null>(null);
  const [taskBusy, setTaskBusy] = useState<string | null>(null);

  const setTab = (next: Tab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') updated.delete('category');
        else updated.set('category', next);
        return updated;
      },
      { replace: true },
    );
  const toggle = (category: VideoCategoryKey) =>
    setExpanded((current) =>
      current.includes(category) ? current.filter((c) => c !== category) : [...current, category],
    );

  const makeTask = async (video: VideoContent) => {
    setTaskBusy(video._id);
    try {
      const task = await api.call(contentLibrary.addVideoContentTask, { contentId: video._id });
      notify.success(t('created.toast'));
      setCreatedTask({ id: task._id, title: task.title });
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setTaskBusy(null);
    }
  };

  const onAction = (action: VideoAction, video: VideoContent) => {
    if (action === 'task') void makeTask(video);
    else setActing({ action, video });
  };

  const empty = search ? (
    <EmptyState title={t('empty.noMatch')} description={t('empty.noMatchText')} />
  ) : (
    // Spec §7: an enterprise has no upload; the platform's content library fills it, so the next step is asking.
    <EmptyState
      title={t('empty.none')}
      description={`${t('empty.noneText')} ${t('empty.noneWho')}`}
      action={
        <Link className="btn btn--primary btn--md" to={paths.enterprise.help}>
          {t('empty.askForVideos')}
        </Link>
      }
    />
  );

  const content = () => {
    const { state } = list;
    if (state.status === 'loading') return <LoadingBlock label={t('loading')} />;
    if (state.status === 'error')
      return (
        <ErrorState
          title={t('error')}
          description={state.message}
          action={
            <Button variant="secondary" onClick={() => void list.reload()}>
              {t('common:ui.tryAgain')}
            </Button>
          }
        />
      );
    const { data } = state;
    if (data.mode === 'sections')
      return data.sections.every((section) => section.listdata.length === 0) ? (
        empty
      ) : (
        <Sections
          data={{ ...data, sections: data.sections.filter((section) => section.listdata.length > 0) }}
          expanded={expanded}
          onToggle={toggle}
          onOpenCategory={setTab}
          onAction={onAction}
        />
      );
    if (data.listdata.length === 0) return empty;
    return (
      <div className="video-list">
        <VideoGrid
          items={data.listdata}
          label={t('section.gridLabel', { category: tabs.find((item) => item.value === tab)?.label ?? '' })}
          onAction={onAction}
        />
        {data.totalPages > 1 ? (
          <Pagination
            page={data.currentPage}
            totalPages={data.totalPages}
            totalCount={data.totalCount}
            onPage={(next) => setPaging({ key: pageKey, page: next })}
            noun={t('noun')}
          />
        ) : null}
      </div>
    );
  };

  return (
    <div className="content-library">
      <PageHeader title={t('title')} description={t('description')} />
      {createdTask ? (
        <div className="alert alert--success content-library__created" role="status">
          <span>{t('created.text', { title: createdTask.title })}</span>
          <Link to={fillPath(paths.enterprise.viewTask, { id: createdTask.id })}>{t('created.view')}</Link>
          <button
            type="button"
            className="content-library__dismiss"
            aria-label={t('created.dismiss')}
            onClick={() => setCreatedTask(null)}
          >
            ×
          </button>
        </div>
      ) : null}
      {categories.state.status === 'error' ? (
        <FormAlert message={t('categoriesError', { message: categories.state.message })} />
      ) : null}
      <div className="video-toolbar">
        <SearchBox
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={searchText}
          onChange={setSearchText}
        />
        <SelectField
          label={t('sortBy')}
          value={sortBy}
          onChange={(event) => setSortBy(event.target.value as SortValue)}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(`sort.${option.value}`)}
            </option>
          ))}
        </SelectField>
        {(list.busy && list.state.status === 'ready') || taskBusy ? (
          <Spinner size="sm" label={taskBusy ? t('creatingTask') : t('updating')} />
        ) : null}
      </div>
      <Tabs label={t('tabs.label')} value={tab} onValueChange={setTab} tabs={tabs}>
        <div aria-busy={list.busy}>{content()}</div>
      </Tabs>
      {acting?.action === 'play' ? (
        <VideoPlayerDialog
          video={acting.video}
          onClose={() => setActing(null)}
          onChange={(changes) => list.update(acting.video._id, changes)}
        />
      ) : null}
      {acting?.action === 'assign' ? (
        <AssignVideoDialog video={acting.video} onClose={() => setActing(null)} />
      ) : null}
      {acting?.action === 'watchers' ? (
        <WhoWatchedDialog video={acting.video} onClose={() => setActing(null)} />
      ) : null}
    </div>
  );
};
