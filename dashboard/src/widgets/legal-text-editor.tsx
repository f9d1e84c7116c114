import type { ResponseOf } from '@coach/shared/contract/define-call';
import type { LegalKind, legal } from '@coach/shared/contract/legal';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';
import { useContractForm } from '../lib/use-contract-form.ts';
import { Button } from '../ui/button.tsx';
import { Markdown } from '../ui/markdown.tsx';
import { FormAlert } from '../ui/states.tsx';
import { TextAreaField } from '../ui/text-field.tsx';
import './legal-text-editor.css';

/** The calls that save a legal text: the platform's or an enterprise's, both `{ kind, body }`. */
export type LegalUpdateCall = typeof legal.adminUpdateText | typeof legal.enterpriseUpdateText;

/**
 * One legal text's editor: the Markdown, a preview rendered as the public page renders it,
 * and Save, which sends `call` with `{ kind, body }`. `status` says whose text it is and when it changed;
 * `extraActions` sit before Save.
 */
export const LegalTextEditor = <C extends LegalUpdateCall>({
  kind,
  initial,
  status,
  call,
  toast,
  onSaved,
  extraActions,
}: {
  kind: LegalKind;
  initial: string;
  status: ReactNode;
  call: C;
  /** The toast once saved. */
  toast: string;
  /** The saved text, as the call answers it. */
  onSaved: (saved: ResponseOf<C>) => void;
  extraActions?: ReactNode;
}) => {
  const [draft, setDraft] = useState(initial);
  const [preview, setPreview] = useState(false);
  // The body's checks show under it as it is typed; a refusal of the server shows above the form.
  const { errors, saving, send, limits } = useContractForm<'body'>([], call);
  const { t } = useTranslation('widgets');
  const title = t(`legalEditor.titles.${kind}`);
  const max = limits.body?.maxLength ?? Number.POSITIVE_INFINITY;
  const empty = draft.trim() === '';
  const tooLong = draft.length > max;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (empty || tooLong) return;
    await send(call, { kind, body: draft }, { toast, onSuccess: (saved) => onSaved(saved) });
  };

  return (
    <form className="legal-editor" onSubmit={save} noValidate aria-label={t('legalEditor.editor', { title })}>
      <p className="legal-editor__status">{status}</p>
      <FormAlert message={errors.form ?? errors.body} />
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
                ? t('legalEditor.tooLong', { max: formatNumber(max) })
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
