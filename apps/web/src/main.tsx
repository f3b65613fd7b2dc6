import { startFirstScreenRequests } from './app/first-screen-requests';

// The first screen's data needs only the saved session: ask for it now, while the browser is still
// downloading the app's code (preloaded by index.html), instead of after it has run.
startFirstScreenRequests(new URL(window.location.href));
void import('./app/start');
