import { startFirstScreenRequests } from './app/first-screen-requests';

// The first screen's data needs only the saved session: ask for it now, while the browser is still
// downloading the app's code (preloaded by index.html), instead of after it has run.
const listRequested = startFirstScreenRequests(new URL(window.location.href));
void import('./app/start');
// The vault list writes its counts with toLocaleString ("1–20 of 4,552"); a page's first use of it
// loads the browser's number-format data (10–20 ms). Done here, while the code is still on its way.
if (listRequested) (0).toLocaleString('en-US');
