import type { User } from '@labeldesk/contracts';
import { Text } from '@labeldesk/ui';

/** The customer a modal is about (Adjust Balance, Custom Pricing): the name in bold over the email. */
export function CustomerHeading({ user, testId }: { user: Pick<User, 'name' | 'email'>; testId: string }) {
  return (
    <div>
      <Text fw={600} data-testid={testId}>
        {user.name}
      </Text>
      <Text size="sm" c="dimmed">
        {user.email}
      </Text>
    </div>
  );
}
