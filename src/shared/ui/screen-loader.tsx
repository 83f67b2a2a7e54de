import { Center, Loader } from '@mantine/core';

/** What a screen shows while its code or data loads. */
export function ScreenLoader() {
  return (
    <Center mih="40vh" aria-busy="true">
      <Loader />
    </Center>
  );
}
