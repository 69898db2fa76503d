// First: no eval under the CSP (zod-csp.ts).
import './zod-csp.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setTransportSealing } from '../lib/http/transport.ts';
import { Providers } from './providers.tsx';
import { createRouter } from './router.tsx';
import './styles.css';

// 7.1: logged-in calls of the four groups are sealed and their answers checked (lib/http/transport.ts).
setTransportSealing(true);
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
