import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { EmptyState } from '../../ui/states.tsx';
import './errors.css';

export const UnauthorizedPage = () => {
  const { t } = useTranslation('common');
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
        title={t('errors.unauthorizedTitle')}
        description={t('errors.unauthorizedText')}
        action={
          <Link className="btn btn--primary btn--md" to={paths.enterprise.dashboard}>
            {t('errors.backToDashboardShort')}
          </Link>
        }
      />
    </div>
  );
};
