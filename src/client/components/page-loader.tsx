import { Center, Loader } from '@mantine/core';

/** A page's (or a tab's) place while what it shows is loading: one small spinner, named for screen readers. */
export function PageLoader() {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}
