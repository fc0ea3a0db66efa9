import { Center, Loader } from '@mantine/core';
import { messages } from '../../shared/messages.ts';

/** Shown while the first route's code loads. */
export const AppLoader = () => (
  <Center h="100vh" role="status" aria-label={messages.loading}>
    <Loader />
  </Center>
);
