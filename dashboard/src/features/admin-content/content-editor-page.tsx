import { ApiError } from '@coach/shared/client';
import { adminContent, type PlatformContent } from '@coach/shared/contract/admin-content';
import { VIDEO_CATEGORY_KEYS, type VideoCategoryKey } from '@coach/shared/contract/video';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatDate } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { useCall } from '../../lib/use-call.ts';
import { fieldAt, useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { useLeaveGuard } from '../../ui/leave-guard.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState, FormAlert } from '../../ui/states.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field.tsx';
import { CoachPicker } from './coach-picker.tsx';
import {
  type Draft,
  draftOf,
  EMPTY,
  errorText,
  isOurFile,
  SourceTabs,
  SubtitlesField,
  VideoSourceField,
} from './content-editor-fields.tsx';
import { uploadWithProgress } from './upload-with-progress.ts';
import './admin-content.css';

/** The editor's fields, each subtitle track's by its place (`subtitles.0.label`), so an error shows at its own. */
const fieldsOf = (tracks: number) => [
  'title',
  'description',
  'category',
  'coachId',
  'videoUrl',
  'thumbnailUrl',
  'durationSeconds',
  'subtitles',
  ...Array.from({ length: tracks }, (_, index) =>
    ['label', 'srcLang', 'url'].map((part) => `subtitles.${index}.${part}`),
  ).flat(),
];

const ContentEditor = ({ video }: { video: PlatformContent | null }) => {
  const { t } = useTranslation('admin-content');
  const navigate = useNavigate();
  const [baseline] = useState(() => (video ? draftOf(video) : EMPTY));
  const [draft, setDraft] = useState<Draft>(baseline);
  const [thumbSource, setThumbSource] = useState<'upload' | 'url'>(
    baseline.thumbnailUrl && !isOurFile(baseline.thumbnailUrl) ? 'url' : 'upload',
  );
  const dirty = JSON.stringify(draft) !== JSON.stringify(baseline);
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const { errors, saving, send, recheck, field } = useContractForm(
    fieldsOf(draft.subtitles.length),
    video ? adminContent.edit : adminContent.add,
  );
  // 'this video' goes into the guard's own English sentence (ui/leave-guard.tsx), as in the task editor.
  const { prompt, allowLeave } = useLeaveGuard(dirty && !saving, 'this video');

  const bodyOf = (current: Draft) => ({
    title: current.title,
    description: current.description,
    category: current.category,
    coachId: current.coach?._id ?? null,
    videoUrl: (current.videoSource === 'upload' ? current.uploadedVideoUrl : current.linkUrl).trim(),
    thumbnailUrl: current.thumbnailUrl.trim() || null,
    durationSeconds: current.durationSeconds ? Number(current.durationSeconds) : 0,
    subtitles: current.subtitles,
  });
  // The editor's own words for the two fields every video needs.
  const ownErrors = (current: Draft) => ({
    title: current.title.trim() ? undefined : t('editor.titleRequired'),
    videoUrl: bodyOf(current).videoUrl
      ? undefined
      : current.videoSource === 'upload'
        ? t('editor.uploadRequired')
        : t('editor.addressRequired'),
  });
  // After a refused save, each message leaves as soon as its field is right ("Please enter the title" stayed under a
  // title typed since, "Upload the video file" beside "Video uploaded").
  useEffect(() => {
    const fields = fieldsOf(draft.subtitles.length);
    const options = { errors: ownErrors(draft), fields };
    if (video) recheck(adminContent.edit, { contentId: video._id, ...bodyOf(draft) }, options);
    else recheck(adminContent.add, bodyOf(draft), options);
  }, [draft]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(draft);
    const fields = fieldsOf(draft.subtitles.length);
    const options = {
      errors: ownErrors(draft),
      errorText,
      // A refusal shown above the form is also a toast: the form may be scrolled past it.
      onError: (err: unknown) => {
        if (!(err instanceof ApiError && err.field && fieldAt(err.field.split('.'), fields)))
          notify.error(errorText(err));
      },
    };
    const saved = video
      ? await send(adminContent.edit, { contentId: video._id, ...body }, options)
      : await send(adminContent.add, body, options);
    if (!saved) return;
    allowLeave();
    navigate(paths.admin.contentLibrary);
  };

  return (
    <form className="content-editor" onSubmit={(event) => void save(event)} noValidate>
      <FormAlert message={errors.form} />
      <div className="content-editor__grid">
        <Card>
          <div className="content-editor__form">
            <TextField
              label={t('editor.title')}
              value={draft.title}
              required
              {...field('title')}
              onChange={(event) => set({ title: event.target.value })}
            />
            <TextAreaField
              label={t('editor.description')}
              rows={4}
              value={draft.description}
              {...field('description')}
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
              // The form's errors leave a field out rather than hold undefined: each one held is a message.
              errors={errors as Record<string, string>}
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
