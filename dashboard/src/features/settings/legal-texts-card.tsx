import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type EnterpriseLegalText, type LegalKind, legal } from '@coach/shared/contract/legal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { LegalTextEditor } from '../../widgets/legal-text-editor.tsx';

const KINDS = ['privacy-policy', 'terms-and-condition'] as const;

const pagePath = (kind: LegalKind, enterpriseId: string) =>
  kind === 'privacy-policy' ? paths.appPrivacyPolicy.build(enterpriseId) : paths.appTerms.build(enterpriseId);

const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE);

/**
 * Settings' privacy policy and terms: the organisation's own text for each public page, or
 * the platform's until it writes one; going back to the platform's removes its own.
 */
export const LegalTextsCard = ({ enterpriseId }: { enterpriseId: string }) => {
  const { t } = useTranslation('settings');
  const tabs = KINDS.map((value) => ({ value, label: t(`legal.titles.${value}`) }));
  const [kind, setKind] = useState<LegalKind>('privacy-policy');
  const [texts, setTexts] = useState<EnterpriseLegalText[] | null>(null);
  const { state, reload } = useLoad([legal.enterpriseTexts.path, 'legal-texts'], async () => {
    const loaded = await api.call(legal.enterpriseTexts, {});
    setTexts(loaded);
    return loaded;
  });
  // Going back to the platform's text is a button, not a form: its refusal shows as a toast.
  const reset = useContractForm<never>([], legal.enterpriseUpdateText);

  const replace = (next: EnterpriseLegalText) =>
    setTexts((current) => (current ?? []).map((text) => (text.kind === next.kind ? next : text)));

  return (
    <Card title={t('legal.title')} aria-label={t('legal.title')} className="settings__legal">
      <p className="settings__legal-note">{t('legal.note')}</p>
      <LoadStates state={state} reload={reload} what={t('legal.what')}>
        {() => {
          const text = texts?.find((entry) => entry.kind === kind);
          if (!text) return null;
          const current = text.override ?? text.platformDefault;
          return (
            <Tabs label={t('legal.tabs')} value={kind} onValueChange={setKind} tabs={tabs}>
              <LegalTextEditor
                // A new text (or going back to the default) starts a fresh draft.
                key={`${kind}:${current.updatedAt}:${text.override ? 'own' : 'platform'}`}
                kind={kind}
                initial={current.body}
                status={
                  <>
                    {text.override
                      ? t('legal.own', { date: formatDate(current.updatedAt) })
                      : t('legal.platform', { date: formatDate(current.updatedAt) })}{' '}
                    <Link to={pagePath(kind, enterpriseId)} target="_blank" rel="noopener">
                      {t('legal.open')}
                    </Link>
                  </>
                }
                call={legal.enterpriseUpdateText}
                toast={t('legal.saved', { title: t(`legal.titles.${kind}`) })}
                onSaved={replace}
                extraActions={
                  text.override ? (
                    <Button
                      variant="ghost"
                      loading={reset.saving}
                      onClick={() =>
                        void reset.send(
                          legal.enterpriseUpdateText,
                          { kind, body: null },
                          {
                            toast: t('legal.reset', { title: t(`legal.titles.${kind}`) }),
                            onSuccess: replace,
                            onError: (err) => notify.error(messageOf(err)),
                          },
                        )
                      }
                    >
                      {t('legal.usePlatform')}
                    </Button>
                  ) : null
                }
              />
            </Tabs>
          );
        }}
      </LoadStates>
    </Card>
  );
};
