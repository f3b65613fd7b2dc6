import { Center, Loader } from '../components/light/feedback';

/** Shown while the first screen's code arrives. */
export function AppLoading() {
  return (
    <Center aria-label="Loading" role="status" style={{ minHeight: '100vh' }}>
      <Loader size="md" type="dots" />
    </Center>
  );
}
