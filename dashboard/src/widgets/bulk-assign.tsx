import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { adminGeneral } from '@coach/shared/contract/admin';
import type { adminContent } from '@coach/shared/contract/admin-content';
import type { adminTasks } from '@coach/shared/contract/admin-tasks';
import { API_BASE, type RequestOf } from '@coach/shared/contract/define-call';
import type { Paged } from '@coach/shared/contract/envelope';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatNumber } from '../i18n/format.ts';
import { i18n } from '../i18n/index.ts';
import { api } from '../lib/api.ts';
import { notify } from '../lib/notify.ts';
import { useContractForm } from '../lib/use-contract-form.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { usePagedList } from '../lib/use-paged-list.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { Card, PageHeader } from '../ui/layout.tsx';
import { LoadingBlock, Spinner } from '../ui/spinner.tsx';
import { EmptyState, ErrorState, FormAlert } from '../ui/states.tsx';
import { Checkbox, Pagination, SearchBox } from '../ui/table.tsx';

type ListKind = 'videos' | 'tasks' | 'enterprises';

export type Item = { _id: string; name: string; hint: string };

/** One page of a pick list's server search (the lists page on the server: 10 enterprises, 24 tasks, 25 videos). */
export type LoadItemPage = (query: { search: string; currentPage: number }) => Promise<Paged<Item>>;

/**
 * A searchable, paged list of checkboxes; what is chosen stays chosen across searches and pages and shows as
 * chips.
 */
const PickList = ({
  list,
  chosen,
  onChange,
  load,
}: {
  /** Which things it lists: its words come from `bulkAssign.lists.<list>`. */
  list: ListKind;
  chosen: Map<string, string>;
  onChange: (chosen: Map<string, string>) => void;
  load: LoadItemPage;
}) => {
  const { t } = useTranslation('widgets');
  const words = (key: string) => t(`bulkAssign.lists.${list}.${key}`);
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const paged = usePagedList([API_BASE.admin, 'bulk-assign', list, query], (currentPage) =>
    load({ search: query, currentPage }),
  );
  const { load: items, page, setPage, reload } = paged;
  // The last page stays on screen while the next one loads; the spinner says another is on its way.
  const turning = items.status === 'ready' && items.page.currentPage !== page;
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
          <h2 className="card__title">{words('title')}</h2>
          <span className="bulk-assign__count">
            {turning ? <Spinner size="sm" label={words('loading')} /> : null}
            <span className="chip">{t('bulkAssign.chosen', { count: chosen.size })}</span>
          </span>
        </div>
        <SearchBox
          label={words('search')}
          placeholder={words('placeholder')}
          value={search}
          onChange={setSearch}
        />
        {chosen.size ? (
          <ul className="chips bulk-assign__chosen" aria-label={words('chosenList')}>
            {[...chosen].map(([id, name]) => (
              <li key={id} className="chip chip--accent">
                {name}
                <button
                  type="button"
                  className="bulk-assign__unchoose"
                  aria-label={t('bulkAssign.remove', { name })}
                  onClick={() => toggle({ _id: id, name, hint: '' }, false)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {/* Keyed by page so a new page starts scrolled to its top. */}
        <div key={page} className="bulk-assign__list" aria-busy={turning || items.status === 'loading'}>
          {items.status === 'loading' ? <LoadingBlock label={words('loading')} /> : null}
          {items.status === 'error' ? (
            <ErrorState
              title={words('notLoaded')}
              description={items.message}
              action={
                <Button variant="secondary" onClick={() => void reload()}>
                  {t('common:ui.tryAgain')}
                </Button>
              }
            />
          ) : null}
          {items.status === 'ready' && items.page.listdata.length === 0 ? (
            <EmptyState
              title={words('none')}
              description={query ? t('bulkAssign.tryAnother') : words('noneYet')}
            />
          ) : null}
          {items.status === 'ready'
            ? items.page.listdata.map((item) => (
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
        {items.status === 'ready' && items.page.listdata.length > 0 ? (
          <Pagination
            page={page}
            totalPages={items.page.totalPages}
            totalCount={items.page.totalCount}
            onPage={setPage}
            noun={words('title').toLocaleLowerCase()}
          />
        ) : null}
      </div>
    </Card>
  );
};

const loadEnterprises: LoadItemPage = async ({ search, currentPage }) => {
  const page = await api.call(adminGeneral.getEnterpriseList, { searchInput: search, currentPage });
  return {
    ...page,
    listdata: page.listdata.map((e) => ({
      _id: e._id,
      name: e.company_name,
      hint: i18n.t('bulkAssign.members', { ns: 'widgets', count: e.memberCount }),
    })),
  };
};

/** What the admin chose: the library items, the enterprises, and whether to offer or withdraw. */
export type BulkChoice = { itemIds: string[]; enterpriseIds: string[]; action: 'assign' | 'unassign' };

/** A library's offer-or-withdraw call: its answer counts the pairs changed and those already so. */
type BulkCall = typeof adminTasks.bulkAssign | typeof adminContent.bulkAssign;

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

/**
 * The platform admin's bulk page: choose library items (videos, tasks) and enterprises, then offer the items
 * or withdraw them (withdrawing asks first). `preset` puts one item in the choice on arrival. The page sends
 * `call` with the input `input` builds from the choice.
 */
export const BulkAssignPage = <C extends BulkCall>({
  title,
  description,
  backTo,
  kind,
  loadItems,
  preset,
  call,
  input,
}: {
  title: string;
  description: string;
  backTo: string;
  /** What is offered: its words come from `bulkAssign.<kind>` and `bulkAssign.lists.<kind>s`. */
  kind: 'video' | 'task';
  loadItems: LoadItemPage;
  preset: (() => Promise<Item>) | null;
  call: C;
  input: (choice: BulkChoice) => RequestOf<C>;
}) => {
  const { t } = useTranslation('widgets');
  const [items, setItems] = useState<Map<string, string>>(new Map());
  const [enterprises, setEnterprises] = useState<Map<string, string>>(new Map());
  const [action, setAction] = useState<'assign' | 'unassign'>('assign');
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  // The form has no field of its own: a failed check of the chosen ids shows above it, as the server's refusal.
  const { errors, saving: busy, send } = useContractForm<string>([], call);
  const error = errors.form ?? Object.values(errors).find(Boolean) ?? null;

  useEffect(() => {
    preset?.().then(
      (item) => setItems(new Map([[item._id, item.name]])),
      (err: unknown) => notify.error(messageOf(err)),
    );
  }, [preset]);

  const run = async () => {
    const answer = await send<BulkCall>(
      call,
      input({ itemIds: [...items.keys()], enterpriseIds: [...enterprises.keys()], action }),
      // A refusal shows above the form as the server says it, and as a toast too.
      { errorText: messageOf, onError: (err) => notify.error(messageOf(err)) },
    );
    setConfirming(false);
    if (!answer) return;
    setResult(
      t(`bulkAssign.${kind}.${action === 'assign' ? 'offered' : 'withdrawn'}`, {
        count: answer.changed + answer.unchanged,
        changed: formatNumber(answer.changed),
        unchanged: formatNumber(answer.unchanged),
      }),
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (action === 'unassign') setConfirming(true);
    else void run();
  };
  const ready = items.size > 0 && enterprises.size > 0;

  return (
    <div className="bulk-assign-page">
      <PageHeader
        title={title}
        description={description}
        actions={
          <Link className="btn btn--secondary btn--md" to={backTo}>
            {t('bulkAssign.back')}
          </Link>
        }
      />
      <form className="bulk-assign-form" onSubmit={submit}>
        <div className="bulk-assign__grid">
          <PickList list={`${kind}s`} chosen={items} onChange={setItems} load={loadItems} />
          <PickList
            list="enterprises"
            chosen={enterprises}
            onChange={setEnterprises}
            load={loadEnterprises}
          />
        </div>
        <Card>
          <div className="bulk-assign__footer">
            <fieldset className="bulk-assign__actions">
              <legend>{t('bulkAssign.action')}</legend>
              <label className="bulk-assign__radio">
                <input
                  type="radio"
                  name="action"
                  value="assign"
                  checked={action === 'assign'}
                  onChange={() => setAction('assign')}
                />
                {t('bulkAssign.assign')}
              </label>
              <label className="bulk-assign__radio">
                <input
                  type="radio"
                  name="action"
                  value="unassign"
                  checked={action === 'unassign'}
                  onChange={() => setAction('unassign')}
                />
                {t('bulkAssign.unassign')}
              </label>
            </fieldset>
            <Button
              type="submit"
              disabled={!ready || busy}
              variant={action === 'unassign' ? 'danger' : 'primary'}
            >
              {busy
                ? t('bulkAssign.working')
                : t(`bulkAssign.${kind}.${action === 'assign' ? 'offer' : 'withdraw'}`, {
                    count: items.size,
                  })}
            </Button>
          </div>
          {result ? <FormAlert tone="success" message={result} /> : null}
          <FormAlert message={error} />
        </Card>
      </form>
      {confirming ? (
        <ConfirmDialog
          title={t(`bulkAssign.${kind}.withdrawQuestion`, { count: items.size })}
          description={t(`bulkAssign.${kind}.withdrawWarning`, { count: enterprises.size })}
          confirmLabel={t('bulkAssign.withdraw')}
          busy={busy}
          onConfirm={() => void run()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
};
