import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { UPLOAD_RULES } from '@coach/shared/constants/uploads';
import type { PlatformContent } from '@coach/shared/contract/admin-content';
import type { VideoCategoryKey, VideoSubtitle } from '@coach/shared/contract/video';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { serverText } from '../../i18n/server-text.ts';
import { fileSize } from '../../lib/file-size.ts';
import { Button } from '../../ui/button.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { Coach } from './coach-picker.tsx';
import { uploadWithProgress, videoFileSeconds } from './upload-with-progress.ts';

/** The platform video editor's draft and its video, subtitle and thumbnail source fields. */
export type Draft = {
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

export const EMPTY: Draft = {
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

export const isOurFile = (url: string) => url.startsWith('/');

export const draftOf = (video: PlatformContent): Draft => ({
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
export const SourceTabs = <V extends string>({
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
export const errorText = (error: unknown) =>
  error instanceof ApiError
    ? serverText(error.message).replace(/^[\w.]+: /, '')
    : serverText(GENERIC_ERROR_MESSAGE);

/** The video file: an upload with progress, or an address (an .m3u8 address plays as HLS). */
export const VideoSourceField = ({
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
export const SubtitlesField = ({
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
