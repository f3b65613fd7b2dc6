import { Center, Loader } from '@mantine/core';

/** Shown while the first screen's code arrives. */
export function AppLoading() {
  return (
    <Center mih="100vh" aria-label="Loading" role="status">
      <Loader size="md" type="dots" />
    </Center>
  );
}
