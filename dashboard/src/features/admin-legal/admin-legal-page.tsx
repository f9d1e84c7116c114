import { type LegalKind, type LegalText, legal, PLATFORM_LEGAL_ID } from '@coach/shared/contract/legal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { LegalTextEditor } from '../../widgets/legal-text-editor.tsx';

const KINDS = ['privacy-policy', 'terms-and-condition'] as const;

const pagePath = (kind: LegalKind) =>
  kind === 'privacy-policy'
    ? paths.appPrivacyPolicy.build(PLATFORM_LEGAL_ID)
    : paths.appTerms.build(PLATFORM_LEGAL_ID);

/**
 * /admin/legal-texts: the platform's privacy policy and terms, the text every enterprise's
 * pages show until the enterprise writes its own in Settings.
 */
export const AdminLegalPage = () => {
  const { t } = useTranslation('admin-legal');
  const titleOf = (value: LegalKind) => t(`widgets:legalEditor.titles.${value}`);
  const tabs = KINDS.map((value) => ({ value, label: titleOf(value) }));
  const [kind, setKind] = useState<LegalKind>('privacy-policy');
  const [texts, setTexts] = useState<LegalText[] | null>(null);
  const { state, reload } = useLoad([legal.adminTexts.path, 'admin-legal-texts'], async () => {
    const loaded = await api.call(legal.adminTexts, {});
    setTexts(loaded);
    return loaded;
  });
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Card>
        <LoadStates state={state} reload={reload} what={t('what')}>
          {() => {
            const text = texts?.find((entry) => entry.kind === kind);
            if (!text) return null;
            return (
              <Tabs label={t('tabs')} value={kind} onValueChange={setKind} tabs={tabs}>
                <LegalTextEditor
                  key={`${kind}:${text.updatedAt}`}
                  kind={kind}
                  initial={text.body}
                  status={
                    <>
                      {t('lastUpdated', { date: formatDate(text.updatedAt) })}{' '}
                      <Link to={pagePath(kind)} target="_blank" rel="noopener">
                        {t('openPage')}
                      </Link>
                    </>
                  }
                  call={legal.adminUpdateText}
                  toast={t('saved', { title: titleOf(kind) })}
                  onSaved={(saved) =>
                    setTexts((current) =>
                      (current ?? []).map((entry) => (entry.kind === saved.kind ? saved : entry)),
                    )
                  }
                />
              </Tabs>
            );
          }}
        </LoadStates>
      </Card>
    </>
  );
};
