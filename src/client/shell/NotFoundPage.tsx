import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { clientMessages } from '../client.messages.ts';
import { Link } from '../lib/router/index.ts';

/** Unknown paths (document 1 §2). */
export const NotFoundPage = () => (
  <Center mih="100vh" p="md">
    <Stack align="center" gap="lg" maw={480} ta="center">
      <Text fz={72} fw={800} lh={1} c="dimmed" aria-hidden>
        404
      </Text>
      <Title order={1} size="h2">
        {clientMessages.pageNotFound}
      </Title>
      <Button component={Link} to="/home" size="md">
        {clientMessages.goToHomepage}
      </Button>
    </Stack>
  </Center>
);
