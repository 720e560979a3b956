import { api, errorMessage, labelSettingsQueries } from '@labeldesk/api-client';
import { LABEL_FORMAT_NAMES, type LabelFormat, ORDER_MESSAGES } from '@labeldesk/contracts';
import { Alert, Anchor, Button, downloadUrl, Group, Stack, Text, useQuery } from '@labeldesk/ui';
import { useState } from 'react';
import { LabelFormatChoice } from './LabelFormatChoice';
import { initialLabelFormat, LABEL_ACTION_TEXT, type LabelAction, labelUrlFor, openInNewTab } from './label-links';

const ACTIONS: readonly LabelAction[] = ['view', 'download', 'print'];

/**
 * View Label / Download Label / Print Label (SPEC §2): each asks for a short-lived link signed for this one label, then
 * opens it in a new tab. When the label can be had in more than one format (`formats`, from the API that bought it),
 * a format choice comes first, starting at the customer's default: Download saves a ZPL or PNG file
 * (label-<id>.zpl|.png) in place; Print always prints the PDF. Test ids: label-format, label-view, label-download,
 * label-print; label-actions-error; label-open-link when the browser blocked the tab.
 */
export function LabelActions({
  orderId,
  available,
  formats = ['pdf'],
}: {
  orderId: string;
  available: boolean;
  formats?: readonly LabelFormat[] | undefined;
}) {
  const preferred = useQuery(labelSettingsQueries.current()).data?.labelFormat;
  const [chosen, setChosen] = useState<LabelFormat | null>(null);
  const format = chosen && formats.includes(chosen) ? chosen : initialLabelFormat(formats, preferred);
  const [busy, setBusy] = useState<LabelAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<{ action: LabelAction; url: string } | null>(null);

  const run = async (action: LabelAction) => {
    if (busy) return;
    setBusy(action);
    setError(null);
    setBlocked(null);
    try {
      const url = labelUrlFor(await api.labels.link(orderId), action, format);
      // A ZPL or PNG file is saved where the customer is; a PDF opens in a new tab as before.
      if (action === 'download' && format !== 'pdf') downloadUrl(url);
      else if (!openInNewTab(url)) setBlocked({ action, url });
    } catch (e) {
      setError(errorMessage(e, LABEL_ACTION_TEXT[action].failed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      {available ? (
        <LabelFormatChoice
          formats={formats}
          names={LABEL_FORMAT_NAMES}
          value={format}
          onChange={setChosen}
          label="Label format"
          testId="label-format"
        />
      ) : null}
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
