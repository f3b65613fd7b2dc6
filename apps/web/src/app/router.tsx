import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { routes } from './route-table';

export { routes };

export const router = createBrowserRouter(routes);

setNavigator((to, opts) => {
  void router.navigate(to, opts);
});
