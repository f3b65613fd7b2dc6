import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { afterNextPaint, holdBackgroundCallsUntil } from '../lib/first-screen';
import { saveFirstScreenCookie } from '../lib/first-screen-cookie';
import { takeEmbeddedFirstScreen } from './embedded-first-screen';
import { FirstCommit, firstCommit } from './first-commit';
import { firstScreenData, soonAfter } from './first-screen-data';
import { Providers } from './providers';
import { router } from './router';

/** Settles once the first screen has been committed and then painted. */
const painted = firstCommit.then(afterNextPaint);

const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
      <FirstCommit />
    </Providers>
  </StrictMode>
);
const root = document.getElementById('root')!;
const render = () => createRoot(root).render(app);

/**
 * The app itself, loaded by main.tsx once the first screen's request is on its way. A first screen
 * the server drew with its rows is hydrated (decision 0051). Otherwise the shell's background calls
 * wait until the list's request has settled and the first screen is painted, and the first render
 * waits for its rows a moment (docs/decisions/0022).
 */
const url = new URL(window.location.href);
if (takeEmbeddedFirstScreen(url, root)) {
  holdBackgroundCallsUntil(painted);
  hydrateRoot(root, app);
} else {
  const data = firstScreenData(url);
  if (data) {
    holdBackgroundCallsUntil(Promise.all([data, painted]));
    void soonAfter(data).then(render);
  } else render();
}
// The cookie follows the saved session (a browser restart ends it while the session is kept).
void painted.then(saveFirstScreenCookie);
