import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A load failure with a heading and a Try Again button (SPEC: 'Error Loading Addresses' + Try Again, etc.). */
export function ErrorState({ title, message, onRetry }: { title: string; message?: string; onRetry?: () => void }) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        {message ? <Text size="sm">{message}</Text> : null}
        {onRetry ? (
          <Button size="xs" color="red" variant="outline" onClick={onRetry}>
            Try Again
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * A one-line failure inside a form or panel (a picker's list, a price check) with Try Again beside it: the SPEC text
 * of what failed, announced as an alert. For a whole screen that failed to load, use ErrorState.
 */
export function RetryAlert({ message, onRetry, testId }: { message: string; onRetry: () => void; testId?: string }) {
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      <Group justify="space-between">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="outline" color="red" onClick={onRetry}>
          Try Again
        </Button>
      </Group>
    </Alert>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Center py="xl">
      <Stack gap={4} align="center">
        <Title order={4}>{title}</Title>
        {children ? (
          <Text c="dimmed" size="sm" ta="center">
            {children}
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
}

export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py="xl">
      <Stack gap="xs" align="center">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** Work under way inside a card or beside a heading (a price being calculated, rows being validated). */
export function InlineLoading({ label }: { label: string }) {
  return (
    <Group gap="xs">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}

/** For routes whose features later work builds: says so plainly, shows no fake data. */
export function NotAvailableYet({ title }: { title: string }) {
  return (
    <Stack gap="xs" p="md">
      <Title order={2}>{title}</Title>
      <Text c="dimmed">This feature is not available yet.</Text>
    </Stack>
  );
}

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <Stack gap={4} mb="lg">
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}
      >
        <Title order={2}>{title}</Title>
        {actions}
      </div>
      {description ? <Text c="dimmed">{description}</Text> : null}
    </Stack>
  );
}
