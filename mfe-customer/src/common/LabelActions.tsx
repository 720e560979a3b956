import { api, errorMessage } from '@labeldesk/api-client';
import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { Alert, Anchor, Button, Group, Stack, Text } from '@labeldesk/ui';
import { useState } from 'react';
import { LABEL_ACTION_TEXT, type LabelAction, labelUrlFor, openInNewTab } from './label-links';

const ACTIONS: readonly LabelAction[] = ['view', 'download', 'print'];

/**
 * View Label / Download Label / Print Label (SPEC §2): each asks for a short-lived link signed for this one label, then
 * opens it in a new tab. Test ids: label-view, label-download, label-print; label-actions-error; label-open-link when
 * the browser blocked the tab.
 */
export function LabelActions({ orderId, available }: { orderId: string; available: boolean }) {
  const [busy, setBusy] = useState<LabelAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<{ action: LabelAction; url: string } | null>(null);

  const run = async (action: LabelAction) => {
    if (busy) return;
    setBusy(action);
    setError(null);
    setBlocked(null);
    try {
      const url = labelUrlFor(await api.labels.link(orderId), action);
      if (!openInNewTab(url)) setBlocked({ action, url });
    } catch (e) {
      setError(errorMessage(e, LABEL_ACTION_TEXT[action].failed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="xs">
        {ACTIONS.map((action) => (
          <Button
            key={action}
            size="xs"
            variant={action === 'view' ? 'filled' : 'light'}
            onClick={() => run(action)}
            loading={busy === action}
            disabled={!available || (busy !== null && busy !== action)}
            data-testid={`label-${action}`}
          >
            {LABEL_ACTION_TEXT[action].button}
          </Button>
        ))}
      </Group>
      {available ? null : (
        <Text size="xs" c="dimmed">
          {ORDER_MESSAGES.labelNotReady}
        </Text>
      )}
      {blocked ? (
        <Text size="sm">
          Your browser blocked the new tab.{' '}
          <Anchor href={blocked.url} target="_blank" rel="noopener noreferrer" data-testid="label-open-link">
            Open label
          </Anchor>
        </Text>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert" data-testid="label-actions-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
