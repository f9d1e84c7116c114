import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { UPLOAD_RULES } from '@coach/shared/constants/uploads';
import { adminContent, type PlatformContent } from '@coach/shared/contract/admin-content';
import { VIDEO_CATEGORY_KEYS, type VideoCategoryKey, type VideoSubtitle } from '@coach/shared/contract/video';
import { fileSize } from '@coach/shared/format/file-size';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { serverText } from '../../i18n/server-text.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { useLeaveGuard } from '../../ui/leave-guard.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState, FormAlert } from '../../ui/states.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field.tsx';
import { type Coach, CoachPicker } from './coach-picker.tsx';
import { uploadWithProgress, videoFileSeconds } from './upload-with-progress.ts';
import './admin-content.css';

type Draft = {
  title: string;
  description: string;
  category: VideoCategoryKey;
  coach: Coach | null;
  videoSource: 'upload' | 'url';
  uploadedVideoUrl: string;
  linkUrl: string;
  thumbnailUrl: string;
  durationSeconds: string;
  subtitles: VideoSubtitle[];
};

const EMPTY: Draft = {
  title: '',
  description: '',
  category: 'communication',
  coach: null,
  videoSource: 'upload',
  uploadedVideoUrl: '',
  linkUrl: '',
  thumbnailUrl: '',
  durationSeconds: '',
  subtitles: [],
};

const isOurFile = (url: string) => url.startsWith('/');

const draftOf = (video: PlatformContent): Draft => ({
  title: video.title,
  description: video.description,
  category: video.category,
  coach: video.coachId ? { _id: video.coachId, name: video.coach } : null,
  videoSource: isOurFile(video.videoUrl) ? 'upload' : 'url',
  uploadedVideoUrl: isOurFile(video.videoUrl) ? video.videoUrl : '',
  linkUrl: isOurFile(video.videoUrl) ? '' : video.videoUrl,
  thumbnailUrl: video.thumbnailUrl ?? '',
  durationSeconds: video.durationSeconds ? String(video.durationSeconds) : '',
  subtitles: video.subtitles,
});

/** Tabs whose items carry their own panel content. */
const SourceTabs = <V extends string>({
  label,
  value,
  onValueChange,
  tabs,
}: {
  label: string;
  value: V;
  onValueChange: (value: V) => void;
  tabs: { value: V; label: string; content: ReactNode }[];
}) => (
  <Tabs
    label={label}
    value={value}
    onValueChange={onValueChange}
    tabs={tabs.map((t) => ({ value: t.value, label: t.label }))}
  >
    {tabs.find((t) => t.value === value)?.content}
  </Tabs>
);

// The server's sentence in the chosen language when server.json lists it, without the "field: " prefix.
const errorText = (error: unknown) =>
  error instanceof ApiError
    ? serverText(error.message).replace(/^[\w.]+: /, '')
    : serverText(GENERIC_ERROR_MESSAGE);

/** The video file: an upload with progress, or an address (an .m3u8 address plays as HLS). */
const VideoSourceField = ({
  draft,
  set,
  error,
  onDuration,
}: {
  draft: Draft;
  set: (changes: Partial<Draft>) => void;
  error?: string | undefined;
  onDuration: (seconds: number) => void;
}) => {
  const { t } = useTranslation('admin-content');
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const rule = UPLOAD_RULES['content-video'];
  const pick = async (file: File) => {
    setUploadError(null);
    setProgress(0);
    try {
      const seconds = await videoFileSeconds(file);
      const url = await uploadWithProgress('content-video', file, setProgress);
      set({ uploadedVideoUrl: url });
      if (seconds) onDuration(seconds);
    } catch (err) {
      setUploadError(errorText(err));
    } finally {
      setProgress(null);
    }
  };
  return (
    <fieldset className="content-editor__fieldset">
      <legend>{t('editor.video')}</legend>
      <SourceTabs
        label={t('editor.videoSource')}
        value={draft.videoSource}
        onValueChange={(value) => set({ videoSource: value as Draft['videoSource'] })}
        tabs={[
          {
            value: 'upload',
            label: t('editor.uploadTab'),
            content: (
              <div className="content-editor__upload">
                {draft.uploadedVideoUrl ? (
                  <p className="content-editor__file">
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 24 24"
                      width="18"
                      height="18"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      className="content-editor__ok"
                    >
                      <path d="m5 12 5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                    {t('editor.uploaded')}
                    <a href={draft.uploadedVideoUrl} target="_blank" rel="noreferrer">
                      {t('editor.openFile')}
                    </a>
                  </p>
                ) : null}
                <input
                  id={inputId}
                  className="visually-hidden"
                  type="file"
                  accept={rule.types.join(',')}
                  disabled={progress !== null}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file) void pick(file);
                  }}
                />
                <label
                  htmlFor={inputId}
                  className={`btn btn--secondary btn--sm ${progress !== null ? 'btn--disabled' : ''}`}
                >
                  {draft.uploadedVideoUrl ? t('editor.replaceFile') : t('editor.chooseFile')}
                </label>
                <p className="field__hint">{t('editor.fileRule', { size: fileSize(rule.maxBytes) })}</p>
                {progress !== null ? (
                  <ProgressBar value={progress} label={t('editor.uploadProgress')} />
                ) : null}
                {uploadError || (error && draft.videoSource === 'upload') ? (
                  <p className="field__error" role="alert">
                    {uploadError ?? error}
                  </p>
                ) : null}
              </div>
            ),
          },
          {
            value: 'url',
            label: t('editor.addressTab'),
            content: (
              <TextField
                label={t('editor.videoAddress')}
                type="url"
                placeholder={t('editor.videoAddressPlaceholder')}
                hint={t('editor.videoAddressHint')}
                value={draft.linkUrl}
                error={draft.videoSource === 'url' ? error : undefined}
                onChange={(event) => set({ linkUrl: event.target.value })}
              />
            ),
          },
        ]}
      />
    </fieldset>
  );
};

/** Subtitle tracks: a label, a language code and a .vtt upload each. */
const SubtitlesField = ({
  subtitles,
  onChange,
  errors,
}: {
  subtitles: VideoSubtitle[];
  onChange: (subtitles: VideoSubtitle[]) => void;
  errors: Record<string, string>;
}) => {
  const { t } = useTranslation('admin-content');
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = (index: number, changes: Partial<VideoSubtitle>) =>
    onChange(subtitles.map((s, i) => (i === index ? { ...s, ...changes } : s)));
  const add = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      const url = await uploadWithProgress('content-subtitle', file, () => {});
      onChange([
        ...subtitles,
        { label: subtitles.length ? '' : 'English', srcLang: subtitles.length ? '' : 'en', url },
      ]);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="content-editor__fieldset">
      <legend>{t('editor.subtitles')}</legend>
      {subtitles.length === 0 ? <p className="admin-content__muted">{t('editor.noSubtitles')}</p> : null}
      {subtitles.length > 0 ? (
        <ul className="content-editor__subtitles">
          {subtitles.map((track, index) => (
            <li key={track.url} className="content-editor__subtitle">
              <TextField
                label={t('editor.trackLabel')}
                value={track.label}
                placeholder={t('editor.trackLabelPlaceholder')}
                error={errors[`subtitles.${index}.label`]}
                onChange={(event) => update(index, { label: event.target.value })}
              />
              <TextField
                label={t('editor.languageCode')}
                value={track.srcLang}
                placeholder="en"
                error={errors[`subtitles.${index}.srcLang`] ?? errors[`subtitles.${index}.url`]}
                onChange={(event) => update(index, { srcLang: event.target.value })}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('editor.removeTrack', { track: track.label || formatNumber(index + 1) })}
                onClick={() => onChange(subtitles.filter((_, i) => i !== index))}
              >
                {t('editor.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept=".vtt,text/vtt"
        disabled={busy}
        onChange={(event) => {
          const raw = event.target.files?.[0];
          event.target.value = '';
          // Browsers often give .vtt files no type; the extension says it is WebVTT.
          const file = raw && !raw.type ? new File([raw], raw.name, { type: 'text/vtt' }) : raw;
          if (file) void add(file);
        }}
      />
      <label htmlFor={inputId} className={`btn btn--secondary btn--sm ${busy ? 'btn--disabled' : ''}`}>
        {busy ? t('editor.uploading') : t('editor.addSubtitle')}
      </label>
      {error || errors.subtitles ? (
        <p className="field__error" role="alert">
          {error ?? errors.subtitles}
        </p>
      ) : null}
    </fieldset>
  );
};

const ContentEditor = ({ video }: { video: PlatformContent | null }) => {
  const { t } = useTranslation('admin-content');
  const navigate = useNavigate();
  const [baseline] = useState(() => (video ? draftOf(video) : EMPTY));
  const [draft, setDraft] = useState<Draft>(baseline);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [thumbSource, setThumbSource] = useState<'upload' | 'url'>(
    baseline.thumbnailUrl && !isOurFile(baseline.thumbnailUrl) ? 'url' : 'upload',
  );
  const dirty = JSON.stringify(draft) !== JSON.stringify(baseline);
  // 'this video' goes into the guard's own English sentence (ui/leave-guard.tsx), as in the task editor.
  const { prompt, allowLeave } = useLeaveGuard(dirty && !saving, 'this video');
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const videoUrl = (draft.videoSource === 'upload' ? draft.uploadedVideoUrl : draft.linkUrl).trim();
    const local: Record<string, string> = {};
    if (!draft.title.trim()) local.title = t('editor.titleRequired');
    if (!videoUrl)
      local.videoUrl =
        draft.videoSource === 'upload' ? t('editor.uploadRequired') : t('editor.addressRequired');
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length) return;
    const body = {
      title: draft.title,
      description: draft.description,
      category: draft.category,
      coachId: draft.coach?._id ?? null,
      videoUrl,
      thumbnailUrl: draft.thumbnailUrl.trim() || null,
      durationSeconds: draft.durationSeconds ? Number(draft.durationSeconds) : 0,
      subtitles: draft.subtitles,
    };
    setSaving(true);
    try {
      const { message } = video
        ? await api.callWithMessage(adminContent.edit, { contentId: video._id, ...body })
        : await api.callWithMessage(adminContent.add, body);
      notify.success(message);
      allowLeave();
      navigate(paths.admin.contentLibrary);
    } catch (err) {
      if (err instanceof ApiError && err.field) setErrors({ [err.field]: errorText(err) });
      else setFormError(errorText(err));
      if (!(err instanceof ApiError && err.field)) notify.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="content-editor" onSubmit={(event) => void save(event)} noValidate>
      <FormAlert message={formError} />
      <div className="content-editor__grid">
        <Card>
          <div className="content-editor__form">
            <TextField
              label={t('editor.title')}
              value={draft.title}
              required
              maxLength={200}
              error={errors.title}
              onChange={(event) => set({ title: event.target.value })}
            />
            <TextAreaField
              label={t('editor.description')}
              rows={4}
              maxLength={2000}
              value={draft.description}
              error={errors.description}
              onChange={(event) => set({ description: event.target.value })}
            />
            <div className="content-editor__row">
              <SelectField
                label={t('editor.category')}
                value={draft.category}
                error={errors.category}
                onChange={(event) => set({ category: event.target.value as VideoCategoryKey })}
              >
                {VIDEO_CATEGORY_KEYS.map((key) => (
                  <option key={key} value={key}>
                    {t(`categories.${key}`)}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={t('editor.duration')}
                type="number"
                min={0}
                inputMode="numeric"
                hint={t('editor.durationHint')}
                value={draft.durationSeconds}
                error={errors.durationSeconds}
                onChange={(event) => set({ durationSeconds: event.target.value })}
              />
            </div>
            <CoachPicker value={draft.coach} error={errors.coachId} onChange={(coach) => set({ coach })} />
            <VideoSourceField
              draft={draft}
              set={set}
              error={errors.videoUrl}
              onDuration={(seconds) => set({ durationSeconds: String(seconds) })}
            />
            <SubtitlesField
              subtitles={draft.subtitles}
              errors={errors}
              onChange={(subtitles) => set({ subtitles })}
            />
          </div>
        </Card>
        <Card>
          <fieldset className="content-editor__fieldset">
            <legend>{t('editor.thumbnail')}</legend>
            <SourceTabs
              label={t('editor.thumbnailSource')}
              value={thumbSource}
              onValueChange={(value) => setThumbSource(value as 'upload' | 'url')}
              tabs={[
                {
                  value: 'upload',
                  label: t('editor.upload'),
                  content: (
                    <ImageUpload
                      label={t('editor.thumbnail')}
                      purpose="content-thumbnail"
                      value={draft.thumbnailUrl || null}
                      placeholder={<span className="content-editor__thumb-empty">{t('editor.noImage')}</span>}
                      upload={(file) => uploadWithProgress('content-thumbnail', file, () => {})}
                      onChange={(url) => set({ thumbnailUrl: url ?? '' })}
                    />
                  ),
                },
                {
                  value: 'url',
                  label: t('editor.address'),
                  content: (
                    <div className="content-editor__form">
                      <TextField
                        label={t('editor.thumbnailAddress')}
                        type="url"
                        placeholder="https://..."
                        value={draft.thumbnailUrl}
                        onChange={(event) => set({ thumbnailUrl: event.target.value })}
                      />
                      {draft.thumbnailUrl ? (
                        <img
                          className="content-editor__preview"
                          src={draft.thumbnailUrl}
                          alt={t('editor.thumbnailPreview')}
                        />
                      ) : null}
                    </div>
                  ),
                },
              ]}
            />
            {errors.thumbnailUrl ? (
              <p className="field__error" role="alert">
                {errors.thumbnailUrl}
              </p>
            ) : null}
          </fieldset>
        </Card>
      </div>
      <div className="content-editor__actions">
        <Link className="btn btn--secondary btn--md" to={paths.admin.contentLibrary}>
          {t('common:ui.cancel')}
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? t('editor.saving') : video ? t('editor.saveChanges') : t('editor.add')}
        </Button>
      </div>
      {prompt}
    </form>
  );
};

/** /admin/create-content: a new platform video. */
export const CreateContentPage = () => {
  const { t } = useTranslation('admin-content');
  return (
    <div className="admin-content">
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <ContentEditor video={null} />
    </div>
  );
};

/** Which enterprises have the video (content_enterprises), with the way to offer or withdraw it. */
const OfferedTo = ({ contentId }: { contentId: string }) => {
  const { t } = useTranslation('admin-content');
  const { state, reload } = useCall(adminContent.enterprises, { contentId });
  const bulk = `${paths.admin.bulkContent}?contentId=${encodeURIComponent(contentId)}`;
  return (
    <Card title={t('offered.title')} className="content-editor__offered" aria-label={t('offered.label')}>
      <LoadStates state={state} reload={reload} what={t('offered.what')}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="content-editor__hint">{t('offered.none')}</p>
          ) : (
            <ul className="content-editor__offered-list">
              {rows.map((row) => (
                <li key={row._id}>
                  <Link to={fillPath(paths.admin.enterpriseDetail, { id: row._id })}>{row.companyName}</Link>
                  <span className="content-editor__hint">
                    {' '}
                    {t('offered.since', { date: formatDate(row.assignedAt) })}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </LoadStates>
      <Link className="btn btn--secondary btn--sm" to={bulk}>
        {t('offered.offer')}
      </Link>
    </Card>
  );
};

/** /admin/content-library/edit/:id: change a platform video. */
export const EditContentPage = () => {
  const { t } = useTranslation('admin-content');
  const { id = '' } = useParams();
  const { state: loaded } = useCall(adminContent.get, { contentId: id });
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <div className="admin-content">
      <PageHeader title={t('edit.title')} description={t('edit.description')} />
      {loaded.status === 'loading' ? <LoadingBlock label={t('edit.loading')} /> : null}
      {loaded.status === 'error' ? (
        <ErrorState
          title={t('edit.notLoaded')}
          description={loaded.message}
          action={
            <Link className="btn btn--secondary btn--md" to={paths.admin.contentLibrary}>
              {t('edit.back')}
            </Link>
          }
        />
      ) : null}
      {loaded.status === 'ready' ? (
        <>
          <ContentEditor key={loaded.data._id} video={loaded.data} />
          <OfferedTo contentId={loaded.data._id} />
        </>
      ) : null}
    </div>
  );
};
