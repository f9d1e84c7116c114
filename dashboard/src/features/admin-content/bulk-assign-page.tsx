import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { adminGeneral } from '@coach/shared/contract/admin';
import { adminContent } from '@coach/shared/contract/admin-content';
import { VIDEO_CATEGORY_LABELS } from '@coach/shared/contract/video';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState, FormAlert } from '../../ui/states.tsx';
import { Checkbox, SearchBox } from '../../ui/table.tsx';
import './admin-content.css';

type Item = { _id: string; name: string; hint: string };

/** A searchable list of checkboxes; what is chosen stays chosen across searches and shows as chips. */
const PickList = ({
  title,
  noun,
  chosen,
  onChange,
  load,
}: {
  title: string;
  noun: string;
  chosen: Map<string, string>;
  onChange: (chosen: Map<string, string>) => void;
  load: (search: string) => Promise<Item[]>;
}) => {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const { state: items } = useLoad(`${noun}|${query}`, () => load(query));
  const toggle = (item: Item, on: boolean) => {
    const next = new Map(chosen);
    if (on) next.set(item._id, item.name);
    else next.delete(item._id);
    onChange(next);
  };
  return (
    <Card>
      <div className="bulk-assign__panel">
        <div className="bulk-assign__head">
          <h2 className="card__title">{title}</h2>
          <span className="chip">{chosen.size} chosen</span>
        </div>
        <SearchBox
          label={`Search ${noun}`}
          placeholder={`Search ${noun}...`}
          value={search}
          onChange={setSearch}
        />
        {chosen.size ? (
          <ul className="chips bulk-assign__chosen" aria-label={`Chosen ${noun}`}>
            {[...chosen].map(([id, name]) => (
              <li key={id} className="chip chip--accent">
                {name}
                <button
                  type="button"
                  className="bulk-assign__unchoose"
                  aria-label={`Remove ${name}`}
                  onClick={() => toggle({ _id: id, name, hint: '' }, false)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="bulk-assign__list">
          {items.status === 'loading' ? <LoadingBlock label={`Loading ${noun}`} /> : null}
          {items.status === 'error' ? (
            <ErrorState title={`The ${noun} could not be loaded`} description={items.message} />
          ) : null}
          {items.status === 'ready' && items.data.length === 0 ? (
            <EmptyState title={`No ${noun} found`} description="Try another search." />
          ) : null}
          {items.status === 'ready'
            ? items.data.map((item) => (
                <Checkbox
                  key={item._id}
                  label={item.name}
                  hint={item.hint}
                  checked={chosen.has(item._id)}
                  onChange={(on) => toggle(item, on)}
                />
              ))
            : null}
        </div>
      </div>
    </Card>
  );
};

const loadVideos = async (search: string) => {
  const page = await api.call(adminContent.list, { searchInput: search, currentPage: 1 });
  return page.listdata.map((v) => ({
    _id: v._id,
    name: v.title,
    hint: `${VIDEO_CATEGORY_LABELS[v.category]} · ${v.enterpriseCount} ${v.enterpriseCount === 1 ? 'enterprise' : 'enterprises'}`,
  }));
};
const loadEnterprises = async (search: string) => {
  const page = await api.call(adminGeneral.getEnterpriseList, { searchInput: search, currentPage: 1 });
  return page.listdata.map((e) => ({
    _id: e._id,
    name: e.company_name,
    hint: `${e.memberCount} ${e.memberCount === 1 ? 'member' : 'members'}`,
  }));
};

/** /admin/bulk-assign-unassign-content: offer videos to enterprises, or withdraw them (issue 7). */
export const BulkAssignContentPage = () => {
  const [params] = useSearchParams();
  const preset = params.get('contentId');
  const [videos, setVideos] = useState<Map<string, string>>(new Map());
  const [enterprises, setEnterprises] = useState<Map<string, string>>(new Map());
  const [action, setAction] = useState<'assign' | 'unassign'>('assign');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!preset) return;
    api.call(adminContent.get, { contentId: preset }).then(
      (video) => setVideos(new Map([[video._id, video.title]])),
      () => {},
    );
  }, [preset]);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const { response, message } = await api.callWithMessage(adminContent.bulkAssign, {
        contentIds: [...videos.keys()],
        enterpriseIds: [...enterprises.keys()],
        action,
      });
      notify.success(message);
      const pairs = response.changed + response.unchanged;
      setResult(
        action === 'assign'
          ? `${response.changed} of ${pairs} video-enterprise ${pairs === 1 ? 'pair was' : 'pairs were'} newly offered; ${response.unchanged} already had the video.`
          : `${response.changed} of ${pairs} video-enterprise ${pairs === 1 ? 'pair was' : 'pairs were'} withdrawn; ${response.unchanged} did not have the video.`,
      );
      setConfirming(false);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE;
      setError(message);
      notify.error(message);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (action === 'unassign') setConfirming(true);
    else void run();
  };
  const ready = videos.size > 0 && enterprises.size > 0;

  return (
    <div className="admin-content">
      <PageHeader
        title="Assign content to enterprises"
        description="Choose videos and enterprises, then offer the videos or withdraw them."
        actions={
          <Link className="btn btn--secondary btn--md" to={paths.admin.contentLibrary}>
            Back to the library
          </Link>
        }
      />
      <form className="bulk-assign" onSubmit={submit}>
        <div className="bulk-assign__grid">
          <PickList title="Videos" noun="videos" chosen={videos} onChange={setVideos} load={loadVideos} />
          <PickList
            title="Enterprises"
            noun="enterprises"
            chosen={enterprises}
            onChange={setEnterprises}
            load={loadEnterprises}
          />
        </div>
        <Card>
          <div className="bulk-assign__footer">
            <fieldset className="bulk-assign__actions">
              <legend>Action</legend>
              <label className="bulk-assign__radio">
                <input
                  type="radio"
                  name="action"
                  value="assign"
                  checked={action === 'assign'}
                  onChange={() => setAction('assign')}
                />
                Offer (assign)
              </label>
              <label className="bulk-assign__radio">
                <input
                  type="radio"
                  name="action"
                  value="unassign"
                  checked={action === 'unassign'}
                  onChange={() => setAction('unassign')}
                />
                Withdraw (unassign)
              </label>
            </fieldset>
            <Button
              type="submit"
              disabled={!ready || busy}
              variant={action === 'unassign' ? 'danger' : 'primary'}
            >
              {busy
                ? 'Working...'
                : `${action === 'assign' ? 'Offer' : 'Withdraw'} ${videos.size} ${videos.size === 1 ? 'video' : 'videos'}`}
            </Button>
          </div>
          {result ? <FormAlert tone="success" message={result} /> : null}
          <FormAlert message={error} />
        </Card>
      </form>
      {confirming ? (
        <ConfirmDialog
          title={`Withdraw ${videos.size} ${videos.size === 1 ? 'video' : 'videos'}?`}
          description={`The chosen enterprises (${enterprises.size}) lose these videos, and their people and groups lose them from their assignments.`}
          confirmLabel="Withdraw"
          busy={busy}
          onConfirm={() => void run()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
};
