import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { adminGeneral } from '@coach/shared/contract/admin';
import { adminContent } from '@coach/shared/contract/admin-content';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../i18n/server-text.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Spinner } from '../../ui/spinner.tsx';

export type Coach = { _id: string; name: string };

const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? serverText(error.message).replace(/^\w+: /, '')
    : serverText(GENERIC_ERROR_MESSAGE);

/**
 * The editor's coach field: a radix popover with a search over users/get-coachs, "No coach", and "Add coach
 * “name”" when the typed name is not listed yet (users/add-coach), which also picks the new coach.
 */
export const CoachPicker = ({
  value,
  onChange,
  error,
}: {
  value: Coach | null;
  onChange: (coach: Coach | null) => void;
  error?: string | undefined;
}) => {
  const { t } = useTranslation('admin-content');
  const labelId = useId();
  const errorId = useId();
  const searchId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [adding, setAdding] = useState(false);
  const { state } = useLoad([adminGeneral.getCoachs.path, `coaches|${open}|${search}`], () =>
    open ? api.call(adminGeneral.getCoachs, search ? { search } : {}) : Promise.resolve([]),
  );
  const typed = query.trim().replace(/\s+/g, ' ');
  const listed = state.status === 'ready' ? state.data : [];
  const exact = listed.some((coach) => coach.name.toLowerCase() === typed.toLowerCase());

  const choose = (coach: Coach | null) => {
    onChange(coach);
    setOpen(false);
    setQuery('');
  };
  const add = async () => {
    setAdding(true);
    try {
      const { response, message } = await api.callWithMessage(adminContent.addCoach, { name: typed });
      notify.success(message);
      choose({ _id: response._id, name: response.name });
    } catch (err) {
      notify.error(messageOf(err));
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="field coach-picker">
      <span className="field__label" id={labelId}>
        {t('coachPicker.label')}
      </span>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          className={`coach-picker__trigger ${error ? 'coach-picker__trigger--invalid' : ''}`}
          aria-labelledby={`${labelId} ${labelId}-value`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <span id={`${labelId}-value`} className={value ? undefined : 'coach-picker__placeholder'}>
            {value?.name ?? t('coachPicker.none')}
          </span>
          <span aria-hidden="true" className="coach-picker__chevron">
            ▾
          </span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            className="coach-picker__content"
            align="start"
            sideOffset={6}
            aria-label={t('coachPicker.choose')}
          >
            <label htmlFor={searchId} className="visually-hidden">
              {t('coachPicker.search')}
            </label>
            <div className="field__control">
              <input
                id={searchId}
                type="search"
                className="field__input"
                placeholder={t('coachPicker.placeholder')}
                autoComplete="off"
                maxLength={100}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    if (typed && !exact && !adding) void add();
                  }
                }}
              />
            </div>
            <ul className="coach-picker__list" aria-label={t('coachPicker.list')}>
              <li>
                <button
                  type="button"
                  className="coach-picker__option"
                  aria-pressed={value === null}
                  onClick={() => choose(null)}
                >
                  {t('coachPicker.none')}
                </button>
              </li>
              {listed.map((coach) => (
                <li key={coach._id}>
                  <button
                    type="button"
                    className="coach-picker__option"
                    aria-pressed={value?._id === coach._id}
                    onClick={() => choose({ _id: coach._id, name: coach.name })}
                  >
                    {coach.name}
                  </button>
                </li>
              ))}
              {typed && !exact && state.status === 'ready' && search === query.trim() ? (
                <li>
                  <button
                    type="button"
                    className="coach-picker__option coach-picker__option--add"
                    disabled={adding}
                    onClick={() => void add()}
                  >
                    {adding ? t('coachPicker.adding') : t('coachPicker.add', { name: typed })}
                  </button>
                </li>
              ) : null}
            </ul>
            {state.status === 'loading' ? (
              <div className="coach-picker__status">
                <Spinner size="sm" label={t('coachPicker.loading')} />
              </div>
            ) : null}
            {state.status === 'error' ? (
              <p className="field__error coach-picker__status" role="alert">
                {state.message}
              </p>
            ) : null}
            {state.status === 'ready' && listed.length === 0 && !typed ? (
              <p className="coach-picker__status">{t('coachPicker.empty')}</p>
            ) : null}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
};
