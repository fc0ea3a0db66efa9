import { Card, Group, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A titled area of a page: a landmark region named by its heading. */
export const SectionCard = ({
  title,
  actions,
  children,
  level = 2,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  level?: 2 | 3;
}) => {
  const titleId = useId();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" mb="md" gap="sm" wrap="wrap">
        <Title order={level} size={level === 2 ? 'h4' : 'h5'} id={titleId}>
          {title}
        </Title>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Card>
  );
};
