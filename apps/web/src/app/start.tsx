import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { holdBackgroundCallsUntil } from '../lib/first-screen';
import { firstScreenData } from './first-screen-data';
import { Providers } from './providers';
import { router } from './router';

/** The app itself, loaded by main.tsx once the first screen's request is on its way. */
// The shell's background calls wait until that request has settled (docs/decisions/0022).
const data = firstScreenData(new URL(window.location.href));
if (data) holdBackgroundCallsUntil(data);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
