import { GO_BACK_LABEL, NOT_FOUND_MESSAGE } from '@coach/shared/constants/messages';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { Button } from '../../ui/button.tsx';
import './errors.css';

export const NotFoundPage = () => {
  const navigate = useNavigate();
  // history.state.idx is React Router's position in its history stack: 0 means nothing to go back to.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <main className="error-page">
      <p className="error-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="error-page__title">{NOT_FOUND_MESSAGE}</h1>
      <p className="error-page__text">The page you are looking for does not exist or has moved.</p>
      <Button size="lg" onClick={() => (canGoBack ? navigate(-1) : navigate(paths.enterprise.dashboard))}>
        {GO_BACK_LABEL}
      </Button>
    </main>
  );
};
