import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { afterNextPaint, holdBackgroundCallsUntil } from '../lib/first-screen';
import { firstScreenData, soonAfter } from './first-screen-data';
import { Providers } from './providers';
import { router } from './router';

let committed!: () => void;
/** Settles once the first screen has been committed and then painted. */
const painted = new Promise<void>((resolve) => {
  committed = resolve;
}).then(afterNextPaint);

/** Renders nothing; tells the app start when the first screen has been committed. */
function FirstCommit() {
  useLayoutEffect(() => committed(), []);
  return null;
}

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        <FirstCommit />
      </Providers>
    </StrictMode>,
  );

/**
 * The app itself, loaded by main.tsx once the first screen's request is on its way. The shell's
 * background calls wait until that request has settled and the first screen is painted, and the
 * first render waits for its rows a moment (docs/decisions/0022).
 */
const data = firstScreenData(new URL(window.location.href));
if (data) {
  holdBackgroundCallsUntil(Promise.all([data, painted]));
  void soonAfter(data).then(render);
} else render();
