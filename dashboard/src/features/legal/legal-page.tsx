import { type LegalKind, legal, PLATFORM_LEGAL_ID } from '@coach/shared/contract/legal';
import { Trans, useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatDate } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { Markdown } from '../../ui/markdown.tsx';
import './legal.css';

/**
 * /app-privacy-policy/{id} and /app-terms-and-condition/{id} (spec §2): public, no login; {id} is the
 * enterprise (the mobile apps open these with it) or `platform`. Shows the enterprise's own text or the
 * platform's, rendered from Markdown and sanitised, with its last-updated date.
 */
export const LegalPage = ({ kind }: { kind: LegalKind }) => {
  const { t } = useTranslation('legal');
  const { id = PLATFORM_LEGAL_ID } = useParams();
  const { state, reload } = useCall(legal.publicText, { enterpriseId: id, kind });
  const what = kind === 'privacy-policy' ? t('what.privacy') : t('what.terms');
  return (
    <article className="legal-page">
      <LoadStates state={state} reload={reload} what={what}>
        {(text) => (
          <>
            <PageHeader
              title={text.title}
              description={
                <>
                  {text.enterpriseName ? (
                    <span className="legal-page__owner">{text.enterpriseName}</span>
                  ) : null}
                  <span className="legal-page__date">
                    <Trans
                      t={t}
                      i18nKey="lastUpdated"
                      values={{ date: formatDate(text.updatedAt) }}
                      components={{ time: <time dateTime={text.updatedAt} /> }}
                    />
                  </span>
                </>
              }
            />
            <div className="legal-page__body card">
              <Markdown source={text.body} />
            </div>
          </>
        )}
      </LoadStates>
    </article>
  );
};
