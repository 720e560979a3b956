import { settingsQueries } from '@labeldesk/api-client';
import type { PublicSettings } from '@labeldesk/contracts';
import { Link } from '@labeldesk/router';
import {
  Anchor,
  Button,
  Card,
  LoadingState,
  PageHeader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useQuery,
} from '@labeldesk/ui';
import { useEffect } from 'react';
import { type SupportChannel, supportChannels, supportMailto } from './support-channels';

const CHANNEL_BLURBS: Record<SupportChannel['name'], string> = {
  Discord: 'Chat with our team and other customers in our Discord server.',
  Telegram: 'Message us and get updates in our Telegram group.',
};

function ChannelCard({ name, href, unavailable }: SupportChannel & { unavailable: boolean }) {
  const testId = `support-${name.toLowerCase()}`;
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <Stack gap="sm" h="100%">
        <Title order={3} size="h4">
          {name}
        </Title>
        <Text size="sm" c="dimmed">
          {CHANNEL_BLURBS[name]}
        </Text>
        {href ? (
          <Button component="a" href={href} target="_blank" rel="noopener noreferrer" mt="auto">
            Join us on {name}
          </Button>
        ) : (
          <Text size="sm" fw={500} mt="auto" data-testid={`${testId}-missing`}>
            {unavailable ? `${name} link is unavailable right now.` : `${name} support is not configured yet.`}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** SPEC §2 Contact Support: the Discord and Telegram invites from the public settings, the support email, FAQs. */
export default function ContactSupportPage() {
  const query = useQuery(settingsQueries.public());
  useEffect(() => {
    // SPEC §8: a support-settings failure is only logged; the page still offers the FAQs.
    if (query.error) console.warn('Could not load public settings', query.error);
  }, [query.error]);
  const state = { kind: query.data ? 'ready' : query.isError ? 'failed' : 'loading' };

  const settings: PublicSettings = query.data ?? { discordInviteLink: '', telegramInviteLink: '', supportEmail: '' };
  const mailto = supportMailto(settings.supportEmail);

  return (
    <Stack gap="md">
      <PageHeader
        title="Contact Support"
        description="Need help with an order, a label or your balance? Reach us here."
      />
      {state.kind === 'loading' ? (
        <LoadingState label="Loading support channels..." />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {supportChannels(settings).map((channel) => (
              <ChannelCard key={channel.name} {...channel} unavailable={state.kind === 'failed'} />
            ))}
          </SimpleGrid>
          {mailto ? (
            <Card withBorder padding="lg" data-testid="support-email">
              <Text size="sm">
                Prefer email? Write to{' '}
                <Anchor href={mailto} fw={500}>
                  {settings.supportEmail.trim()}
                </Anchor>
              </Text>
            </Card>
          ) : null}
        </>
      )}
      <Card withBorder padding="lg">
        <Stack gap="sm" align="flex-start">
          <Title order={3} size="h4">
            Looking for a quick answer?
          </Title>
          <Text size="sm" c="dimmed">
            Many questions about orders, labels and payments are answered in our FAQs.
          </Text>
          <Button component={Link} to="/faqs" variant="light">
            Browse FAQs
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
