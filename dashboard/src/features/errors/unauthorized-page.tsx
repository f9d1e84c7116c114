import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { EmptyState } from '../../ui/states.tsx';
import './errors.css';

export const UnauthorizedPage = () => (
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
      title="You don't have access to this page"
      description="Your role does not include the permission this page needs. If you think you should have access, ask an administrator of your organisation to update your role."
      action={
        <Link className="btn btn--primary btn--md" to={paths.enterprise.dashboard}>
          Back to dashboard
        </Link>
      }
    />
  </div>
);
