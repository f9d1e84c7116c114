import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { UPLOAD_RULES } from '@coach/shared/constants/uploads';
import type { UploadPurpose } from '@coach/shared/contract/general';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileSize } from '../lib/file-size.ts';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';

/**
 * Shows an image (or a placeholder), lets the user pick a new one and remove it. `upload` stores the file and
 * answers its address; `onChange` receives the new address (or null) and may save it.
 */
export const ImageUpload = ({
  label,
  purpose,
  value,
  placeholder,
  shape = 'square',
  upload,
  onChange,
}: {
  label: string;
  purpose: UploadPurpose;
  value: string | null;
  placeholder: ReactNode;
  shape?: 'square' | 'round';
  upload: (file: File) => Promise<string>;
  onChange: (url: string | null) => Promise<void> | void;
}) => {
  const { t } = useTranslation('common');
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rule = UPLOAD_RULES[purpose];

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(err instanceof ApiError ? err.message.replace(/^\w+: /, '') : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="image-upload">
      <div className={`image-upload__preview image-upload__preview--${shape}`}>
        {value ? <img src={value} alt={label} /> : placeholder}
        {busy ? (
          <span className="image-upload__busy">
            <Spinner size="sm" label={t('upload.uploading')} />
          </span>
        ) : null}
      </div>
      <div className="image-upload__side">
        <div className="image-upload__buttons">
          <input
            ref={input}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={rule.types.join(',')}
            aria-describedby={hintId}
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void run(async () => onChange(await upload(file)));
            }}
          />
          <label htmlFor={inputId} className={`btn btn--secondary btn--sm ${busy ? 'btn--disabled' : ''}`}>
            {value
              ? t('upload.change', { label: label.toLowerCase() })
              : t('upload.upload', { label: label.toLowerCase() })}
          </label>
          {value ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() => void run(async () => onChange(null))}
            >
              {t('upload.remove')}
            </Button>
          ) : null}
        </div>
        <p id={hintId} className="image-upload__hint">
          {t('upload.imageHint', { size: fileSize(rule.maxBytes) })}
        </p>
        {error ? (
          <p className="image-upload__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
};
