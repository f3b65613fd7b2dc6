/**
 * Lets code outside React (the API client) move the user, through the router once it exists.
 * The router registers itself; before that a full page load does the job.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function setNavigator(fn: Navigate | null) {
  navigator = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }) {
  if (navigator) navigator(to, opts);
  else if (typeof window !== 'undefined') window.location.assign(to);
}
