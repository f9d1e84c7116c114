import { DEFAULT_LANGUAGE } from '@coach/shared/constants/languages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { applyLanguage, startingLanguage } from './i18n/index.ts';
import './ui/tokens.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// The first screen is in the chosen language rather than English for a moment: its strings load first (a small
// local file per namespace); if they fail to load, English shows.
applyLanguage(startingLanguage())
  .catch((error: unknown) => {
    console.error('Loading the language failed', error);
    return applyLanguage(DEFAULT_LANGUAGE);
  })
  .catch((error: unknown) => console.error('Loading English failed', error))
  .finally(render);
