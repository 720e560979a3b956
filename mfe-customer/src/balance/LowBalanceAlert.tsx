import { errorMessage, notificationSettingsMutations, notificationSettingsQueries } from '@labeldesk/api-client';
import { UpdateNotificationSettingsRequest } from '@labeldesk/contracts';
import {
  Alert,
  Button,
  Card,
  Group,
  QueryBody,
  Stack,
  setServerErrors,
  Text,
  TextInput,
  Title,
  useApiMutation,
  useContractForm,
  useQuery,
} from '@labeldesk/ui';
import { useState } from 'react';

interface ThresholdForm {
  lowBalanceThreshold: string;
}

function ThresholdForm({ saved }: { saved: number | null }) {
  const form = useContractForm({
    schema: UpdateNotificationSettingsRequest,
    initialValues: { lowBalanceThreshold: saved === null ? '' : saved.toFixed(2) } as ThresholdForm,
    toInput: (v: ThresholdForm) => ({ lowBalanceThreshold: Number(v.lowBalanceThreshold.trim() || Number.NaN) }),
  });
  const update = useApiMutation(notificationSettingsMutations.update);
  const [status, setStatus] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const save = async (body: UpdateNotificationSettingsRequest) => {
    setStatus(null);
    setFailed(null);
    try {
      const result = await update.mutateAsync(body);
      form.resetDirty();
      setStatus(
        result.lowBalanceThreshold === null
          ? 'Low-balance alert turned off'
          : `We will mail you once when your balance drops below $${result.lowBalanceThreshold.toFixed(2)}`,
      );
      if (result.lowBalanceThreshold === null) form.setValues({ lowBalanceThreshold: '' });
    } catch (e) {
      if (!setServerErrors(form, e)) setFailed(errorMessage(e, 'Failed to save the low-balance alert'));
    }
  };

  return (
    <form onSubmit={form.onSubmit(save)} noValidate data-testid="low-balance-form">
      <Stack gap="sm">
        {status ? (
          <Alert color="green" data-testid="low-balance-saved">
            {status}
          </Alert>
        ) : null}
        {failed ? (
          <Alert color="red" role="alert">
            {failed}
          </Alert>
        ) : null}
        <TextInput
          label="Mail me when my balance drops below (USD)"
          placeholder="25.00"
          inputMode="decimal"
          {...form.getInputProps('lowBalanceThreshold')}
        />
        <Group>
          <Button type="submit" loading={update.isPending} data-testid="low-balance-save">
            Save Alert
          </Button>
          {saved !== null ? (
            <Button variant="subtle" color="gray" onClick={() => save({ lowBalanceThreshold: null })}>
              Turn Off
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The low-balance alert (issue 23): off until the customer sets a threshold; then one mail each time the balance
 * crosses below it (not one per purchase). Saved with PUT /api/notification-settings {lowBalanceThreshold}.
 */
export function LowBalanceAlert() {
  const settings = useQuery(notificationSettingsQueries.current());
  return (
    <Card withBorder padding="lg" maw={420} data-testid="low-balance-alert">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Low-balance alert
        </Title>
        <Text size="sm" c="dimmed">
          Off unless you set an amount. You get one mail each time your balance drops below it.
        </Text>
        <QueryBody
          result={settings}
          testIdPrefix="low-balance-load"
          loadingLabel="Loading alert..."
          errorTitle={(e) => errorMessage(e, 'Failed to load the low-balance alert')}
        >
          {(saved) => <ThresholdForm saved={saved.lowBalanceThreshold} />}
        </QueryBody>
      </Stack>
    </Card>
  );
}
