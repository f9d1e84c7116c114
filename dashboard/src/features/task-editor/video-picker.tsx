import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { type PickableVideo, useEditorScope } from './editor-scope.tsx';

type VideoLoad =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'error'; message: string }
  | { status: 'ready'; videos: PickableVideo[] };

/** The server answers 501 NOT_IMPLEMENTED for calls whose feature has not shipped yet. */
const notShipped = (error: unknown) =>
  error instanceof ApiError && (error.status === 501 || error.code === 'NOT_IMPLEMENTED');

/**
 * The Video task's picker (contentlibrary/get-video-content-for-task). Until the content library ships the
 * call answers 501: the picker says so and tells the form, which then cannot save a Video task.
 */
export const VideoPicker = ({
  value,
  onChange,
  error,
  onAvailability,
}: {
  value: string | null;
  onChange: (contentId: string) => void;
  error: string | undefined;
  onAvailability: (available: boolean) => void;
}) => {
  const { t } = useTranslation(['task-editor', 'content-library']);
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [load, setLoad] = useState<VideoLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const name = useId();
  const { searchVideos, audience } = useEditorScope();

  useEffect(() => {
    let current = true;
    void attempt;
    setLoad((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    searchVideos(query).then(
      (videos) => {
        if (!current) return;
        setLoad({ status: 'ready', videos });
        onAvailability(true);
      },
      (failure: unknown) => {
        if (!current) return;
        if (notShipped(failure)) {
          setLoad({ status: 'unavailable' });
          onAvailability(false);
          return;
        }
        setLoad({
          status: 'error',
          message: failure instanceof ApiError ? failure.message : GENERIC_ERROR_MESSAGE,
        });
      },
    );
    return () => {
      current = false;
    };
  }, [query, attempt, onAvailability, searchVideos]);

  const errorLine = error ? (
    <p className="field__error" data-error-anchor tabIndex={-1}>
      {error}
    </p>
  ) : null;

  if (load.status === 'unavailable')
    return (
      <div className="editor-note editor-note--warning" role="status">
        <p>
          <Trans t={t} i18nKey="video.unavailable" components={{ strong: <strong /> }} />
        </p>
        {value ? <p>{t('video.uses', { id: value })}</p> : null}
      </div>
    );

  return (
    <fieldset className="editor-videos">
      <legend className="editor-rows__legend">{t('video.legend')}</legend>
      <SearchBox
        label={t('video.searchLabel')}
        placeholder={t('video.searchPlaceholder')}
        value={search}
        onChange={setSearch}
      />
      {errorLine}
      {load.status === 'loading' ? (
        <p className="editor-note">
          <Spinner size="sm" label="" /> {t('video.loading')}
        </p>
      ) : null}
      {load.status === 'error' ? (
        <div className="editor-note editor-note--error" role="alert">
          <span>{t('video.loadError', { reason: load.message })}</span>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            {t('video.tryAgain')}
          </Button>
        </div>
      ) : null}
      {load.status === 'ready' && load.videos.length === 0 ? (
        query ? (
          <p className="editor-note">{t('video.noMatch')}</p>
        ) : (
          // The next step: an enterprise has no upload (spec §7: videos come from the platform's content library), so
          // it asks the support team; the platform admin adds videos in its own Content Library.
          <div className="editor-note" role="status">
            <p>
              {t('video.none')} {audience === 'admin' ? t('video.noneAdmin') : t('video.noneWho')}
            </p>
            <Link
              className="btn btn--secondary btn--sm"
              to={audience === 'admin' ? paths.admin.contentLibrary : paths.enterprise.help}
            >
              {audience === 'admin' ? t('video.openLibrary') : t('video.contactSupport')}
            </Link>
          </div>
        )
      ) : null}
      {load.status === 'ready' && load.videos.length > 0 ? (
        <ul className="editor-videos__list">
          {load.videos.map((video) => (
            <li key={video._id}>
              <label
                className={`editor-videos__item ${value === video._id ? 'editor-videos__item--on' : ''}`}
              >
                <input
                  type="radio"
                  name={name}
                  value={video._id}
                  checked={value === video._id}
                  onChange={() => onChange(video._id)}
                />
                {video.thumbnailUrl ? (
                  <img className="editor-videos__thumb" src={video.thumbnailUrl} alt="" />
                ) : null}
                <span className="editor-videos__text">
                  <span className="editor-videos__title">{video.title}</span>
                  <span className="editor-videos__meta">
                    {t('video.by', {
                      coach: video.coach,
                      category: t(`content-library:categories.${video.category}`, {
                        defaultValue: video.categoryLabel,
                      }),
                    })}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
};
