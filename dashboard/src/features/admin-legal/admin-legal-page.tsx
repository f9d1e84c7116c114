import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import {
  LEGAL_TITLES,
  type LegalKind,
  type LegalText,
  legal,
  PLATFORM_LEGAL_ID,
} from '@coach/shared/contract/legal';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LegalTextEditor } from '../../ui/legal-text-editor.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { Tabs } from '../../ui/tabs.tsx';

const TABS = (['privacy-policy', 'terms-and-condition'] as const).map((value) => ({
  value,
  label: LEGAL_TITLES[value],
}));

const pagePath = (kind: LegalKind) =>
  kind === 'privacy-policy'
    ? paths.appPrivacyPolicy.build(PLATFORM_LEGAL_ID)
    : paths.appTerms.build(PLATFORM_LEGAL_ID);

/**
 * /admin/legal-texts (issue 17 item 4): the platform's privacy policy and terms, the text every enterprise's
 * pages show until the enterprise writes its own in Settings.
 */
export const AdminLegalPage = () => {
  const [kind, setKind] = useState<LegalKind>('privacy-policy');
  const [texts, setTexts] = useState<LegalText[] | null>(null);
  const { state, reload } = useLoad('admin-legal-texts', async () => {
    const loaded = await api.call(legal.adminTexts, {});
    setTexts(loaded);
    return loaded;
  });
  return (
    <>
      <PageHeader
        title="Privacy & Terms"
        description="The platform's Privacy Policy and Terms & Condition: every organisation shows them until it writes its own in Settings."
      />
      <Card>
        <LoadStates state={state} reload={reload} what="the texts">
          {() => {
            const text = texts?.find((entry) => entry.kind === kind);
            if (!text) return null;
            return (
              <Tabs label="Text" value={kind} onValueChange={setKind} tabs={TABS}>
                <LegalTextEditor
                  key={`${kind}:${text.updatedAt}`}
                  kind={kind}
                  initial={text.body}
                  status={
                    <>
                      Last updated {formatDate(text.updatedAt)}.{' '}
                      <Link to={pagePath(kind)} target="_blank" rel="noopener">
                        Open the page
                      </Link>
                    </>
                  }
                  onSave={async (body) => {
                    try {
                      const saved = await api.call(legal.adminUpdateText, { kind, body });
                      setTexts((current) =>
                        (current ?? []).map((entry) => (entry.kind === saved.kind ? saved : entry)),
                      );
                      notify.success(`${LEGAL_TITLES[kind]} saved`);
                    } catch (err) {
                      throw new Error(err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE);
                    }
                  }}
                />
              </Tabs>
            );
          }}
        </LoadStates>
      </Card>
    </>
  );
};
