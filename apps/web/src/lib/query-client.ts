import { QueryClient } from '@tanstack/react-query';

/** HTTP status of an ApiError (duck-typed so the first screen's bundle stays small). */
const statusOf = (err: unknown) => (err && typeof err === 'object' && 'status' in err ? Number((err as { status: unknown }).status) : 0);

/** Server state: a 4xx is an answer, not a hiccup, so only network and 5xx errors are retried once. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (count, err) => count < 1 && (statusOf(err) === 0 || statusOf(err) >= 500),
      },
      mutations: { retry: false },
    },
  });

/** The browser's one cache; the server's first screen makes one per render (decision 0051). */
export const queryClient = createQueryClient();
