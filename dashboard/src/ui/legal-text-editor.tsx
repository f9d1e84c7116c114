import { LEGAL_TEXT_MAX, type LegalKind } from '@coach/shared/contract/legal';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';
import { Button } from './button.tsx';
import { Markdown } from './markdown.tsx';
import { FormAlert } from './states.tsx';
import { TextAreaField } from './text-field.tsx';
import './legal-text-editor.css';

/**
 * One legal text's editor: the Markdown, a preview rendered as the public page renders it,
 * and Save. `status` says whose text it is and when it changed; `extraActions` sit before Save.
 */
export const LegalTextEditor = ({
  kind,
  initial,
  status,
  onSave,
  extraActions,
}: {
  kind: LegalKind;
  initial: string;
  status: ReactNode;
  /** Saves the body; rejects with the message to show. */
  onSave: (body: string) => Promise<void>;
  extraActions?: ReactNode;
}) => {
  const [draft, setDraft] = useState(initial);
  const [preview, setPreview] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation('widgets');
  const title = t(`legalEditor.titles.${kind}`);
  const empty = draft.trim() === '';
  const tooLong = draft.length > LEGAL_TEXT_MAX;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (empty || tooLong) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(draft);
    } catch (err) {
      setError(err instanceof Error ? err.message : t('legalEditor.notSaved'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="legal-editor" onSubmit={save} noValidate aria-label={t('legalEditor.editor', { title })}>
      <p className="legal-editor__status">{status}</p>
      <FormAlert message={error} />
      {preview ? (
        <section className="legal-editor__preview" aria-label={t('legalEditor.preview', { title })}>
          <Markdown source={draft} />
        </section>
      ) : (
        <TextAreaField
          label={t('legalEditor.markdown', { title })}
          value={draft}
          rows={18}
          spellCheck
          onChange={(event) => setDraft(event.target.value)}
          error={
            empty
              ? t('legalEditor.required')
              : tooLong
                ? t('legalEditor.tooLong', { max: formatNumber(LEGAL_TEXT_MAX) })
                : null
          }
          hint={t('legalEditor.hint')}
        />
      )}
      <div className="legal-editor__actions">
        <Button variant="secondary" aria-pressed={preview} onClick={() => setPreview(!preview)}>
          {preview ? t('legalEditor.back') : t('legalEditor.showPreview')}
        </Button>
        <span className="legal-editor__spacer" />
        {extraActions}
        <Button type="submit" loading={saving} disabled={empty || tooLong || draft === initial}>
          {t('legalEditor.save', { title })}
        </Button>
      </div>
    </form>
  );
};
