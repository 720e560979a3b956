import { Card, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/**
 * One section of a settings-like page: a bordered card, a heading that names the section for assistive technology, an
 * optional line saying what it is for, and its content (a PageForm, a QueryBody, a table).
 */
export function SectionCard({
  title,
  description,
  testId,
  maw,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  testId?: string;
  maw?: number;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" maw={maw} component="section" aria-labelledby={headingId} data-testid={testId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}
