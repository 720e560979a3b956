import { Alert, Anchor, Text, useQuery } from '@labeldesk/ui';

/**
 * Where a person trying LabelDesk gets marketplace credentials: the embedded default serves a marketplace sandbox and
 * says so in /app-config.json (`marketplaceSandbox.signInUrl`, written by the Node entry only while MARKETPLACE_URL is
 * unset). Anywhere else (a real marketplace, a static host) the field is absent and nothing is shown.
 */
async function marketplaceSandboxSignInUrl(): Promise<string | null> {
  const res = await fetch('/app-config.json', { cache: 'no-store' });
  if (!res.ok) return null;
  const config = (await res.json()) as { marketplaceSandbox?: { signInUrl?: unknown } };
  const url = config.marketplaceSandbox?.signInUrl;
  // Same-origin paths only: the link must not send anyone elsewhere whatever the file says.
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : null;
}

export function MarketplaceSandboxLink() {
  const { data: url } = useQuery({
    queryKey: ['app-config', 'marketplace-sandbox'],
    queryFn: marketplaceSandboxSignInUrl,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!url) return null;
  return (
    <Alert variant="light" color="blue" data-testid="marketplace-sandbox-link">
      <Text size="sm">
        Trying LabelDesk? This server's marketplace sandbox stands in for Amazon.{' '}
        {/* The alert's own text colour: the kit's link blue on this light blue read at 4.0:1, under WCAG's 4.5:1. */}
        <Anchor href={url} target="_blank" rel="noopener noreferrer" c="inherit" fw={600}>
          Sign in to the marketplace sandbox
        </Anchor>{' '}
        to get a CSRF token and a cookies file for the fields below.
      </Text>
    </Alert>
  );
}
