import { createBrowserRouter } from 'react-router-dom';
import { buildRoutes } from './routes.tsx';

export const router = createBrowserRouter(buildRoutes());
