import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { holdBackgroundCallsUntil } from '../lib/first-screen';
import { firstScreenData, soonAfter } from './first-screen-data';
import { Providers } from './providers';
import { router } from './router';

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );

/**
 * The app itself, loaded by main.tsx once the first screen's request is on its way. The shell's
 * background calls wait until that request has settled, and the first render waits for its rows a
 * moment (docs/decisions/0022).
 */
const data = firstScreenData(new URL(window.location.href));
if (data) {
  holdBackgroundCallsUntil(data);
  void soonAfter(data).then(render);
} else render();
