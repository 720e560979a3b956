import { errorMessage, notificationSettingsMutations, notificationSettingsQueries } from '@labeldesk/api-client';
import { UpdateNotificationSettingsRequest } from '@labeldesk/contracts';
import {
  Button,
  PageForm,
  QueryBody,
  SectionCard,
  TextInput,
  useApiMutation,
  useContractForm,
  useQuery,
} from '@labeldesk/ui';

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

  const save = async (body: UpdateNotificationSettingsRequest) => {
    const result = await update.mutateAsync(body);
    form.resetDirty();
    if (result.lowBalanceThreshold === null) {
      form.setValues({ lowBalanceThreshold: '' });
      return { success: 'Low-balance alert turned off' };
    }
    return {
      success: `We will mail you once when your balance drops below $${result.lowBalanceThreshold.toFixed(2)}`,
    };
  };

  return (
    <PageForm
      form={form}
      testIdPrefix="low-balance"
      submitLabel="Save Alert"
      onSubmit={save}
      errorText={(e) => errorMessage(e, 'Failed to save the low-balance alert')}
      actions={({ locked, runAction }) =>
        saved !== null ? (
          // "Turn Off" saves the threshold as null, without the field's checks.
          <Button
            variant="subtle"
            color="gray"
            disabled={locked}
            onClick={() => runAction(() => save({ lowBalanceThreshold: null }))}
          >
            Turn Off
          </Button>
        ) : null
      }
    >
      <TextInput
        label="Mail me when my balance drops below (USD)"
        placeholder="25.00"
        inputMode="decimal"
        {...form.getInputProps('lowBalanceThreshold')}
      />
    </PageForm>
  );
}

/**
 * The low-balance alert (issue 23): off until the customer sets a threshold; then one mail each time the balance
 * crosses below it (not one per purchase). Saved with PUT /api/notification-settings {lowBalanceThreshold}.
 */
export function LowBalanceAlert() {
  const settings = useQuery(notificationSettingsQueries.current());
  return (
    <SectionCard
      title="Low-balance alert"
      description="Off unless you set an amount. You get one mail each time your balance drops below it."
      maw={420}
      testId="low-balance-alert"
    >
      <QueryBody
        result={settings}
        testIdPrefix="low-balance-load"
        loadingLabel="Loading alert..."
        errorTitle={(e) => errorMessage(e, 'Failed to load the low-balance alert')}
      >
        {(saved) => <ThresholdForm saved={saved.lowBalanceThreshold} />}
      </QueryBody>
    </SectionCard>
  );
}
