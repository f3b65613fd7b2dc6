import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { holdBackgroundCallsUntil } from '../lib/first-screen';
import { firstScreenData } from './first-screen-data';
import { Providers } from './providers';
import { router } from './router';

/** The app itself, loaded by main.tsx once the first screen's request is on its way. */
const data = firstScreenData(new URL(window.location.href));
if (data) holdBackgroundCallsUntil(data);

// The first render is a transition: React renders in slices and lets the browser take in the first
// screen's answer between them, so when the rows arrive while the shell is being drawn, the screen
// renders with them and everything shows in one commit instead of two.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
