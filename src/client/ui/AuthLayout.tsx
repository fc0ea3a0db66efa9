import { Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarRepeat } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { messages } from '../../shared/messages.ts';

interface AuthLayoutProps {
  title: string;
  /** A line under the title. */
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "Don't have an account? Sign up"). */
  footer?: ReactNode;
  /** Wider card for forms with two fields in a row. */
  wide?: boolean;
}

/** The frame of the public pages (sign-in, sign-up, password links): the product name and one card. */
export const AuthLayout = ({ title, intro, children, footer, wide = false }: AuthLayoutProps) => (
  <Center mih="100vh" p="md" bg="var(--mantine-color-body)">
    <Stack w="100%" maw={wide ? 520 : 420} gap="lg" component="main">
      <Group gap={8} justify="center">
        <ThemeIcon size={34} radius="md" variant="filled" aria-hidden>
          <IconCalendarRepeat size={20} stroke={2} />
        </ThemeIcon>
        <Text fw={700} fz={22}>
          {messages.productName}
        </Text>
      </Group>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h3">
              {title}
            </Title>
            {intro && (
              <Text size="sm" c="dimmed">
                {intro}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
      {footer && (
        <Text size="sm" ta="center" c="dimmed">
          {footer}
        </Text>
      )}
    </Stack>
  </Center>
);
