import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { FEATURE_PARAM, refusedFeature } from '../../lib/refusal.ts';
import { EmptyState } from '../../ui/states.tsx';
import './errors.css';

/**
 * /enterprise/unauthorized: a screen the signed-in member may not open. When a feature switched off for the
 * enterprise is the reason (`?feature=`, refusal.ts), it says so and who can switch it on (the Coach team, through
 * Help); otherwise the role is the reason.
 */
export const UnauthorizedPage = () => {
  const { t } = useTranslation(['common', 'admin-enterprises']);
  const [searchParams] = useSearchParams();
  const feature = refusedFeature(searchParams.get(FEATURE_PARAM));
  // The flag's name as a member knows what it closes: MarketPlace is the Courses menu to them.
  const name = feature
    ? t(`errors.featureNames.${feature}`, { defaultValue: t(`admin-enterprises:features.${feature}`) })
    : '';
  const back = (
    <Link
      className={`btn ${feature ? 'btn--secondary' : 'btn--primary'} btn--md`}
      to={paths.enterprise.dashboard}
    >
      {t('errors.backToDashboardShort')}
    </Link>
  );
  return (
    <div className="unauthorized">
      <EmptyState
        icon={
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="28"
            height="28"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <rect x="5" y="11" width="14" height="9" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
        }
        headingLevel={1}
        title={feature ? t('errors.featureOffTitle', { feature: name }) : t('errors.unauthorizedTitle')}
        description={feature ? t('errors.featureOffText', { feature: name }) : t('errors.unauthorizedText')}
        action={
          feature ? (
            <div className="unauthorized__actions">
              <Link className="btn btn--primary btn--md" to={paths.enterprise.help}>
                {t('errors.contactSupport')}
              </Link>
              {back}
            </div>
          ) : (
            back
          )
        }
      />
    </div>
  );
};
