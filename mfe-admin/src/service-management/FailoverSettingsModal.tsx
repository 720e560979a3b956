import { errorMessage, providerMutations } from '@labeldesk/api-client';
import { type ShippingApiConfig, UpdateFailoverSettingsRequest } from '@labeldesk/contracts';
import {
  FormModal,
  type FormOutcome,
  NumberInput,
  Switch,
  setServerErrors,
  Text,
  useApiMutation,
  useContractForm,
} from '@labeldesk/ui';

interface FailoverValues {
  /** A number input's value: '' while empty. */
  priority: number | string;
  failoverTarget: boolean;
}

/** An empty priority goes to the contract as null, so it answers with its own text rather than sending nothing. */
const toInput = (v: FailoverValues) => ({
  priority: v.priority === '' ? null : v.priority,
  failoverTarget: v.failoverTarget,
});

interface FailoverSettingsModalProps {
  opened: boolean;
  api: ShippingApiConfig;
  onClose: () => void;
  /** The server's success text after a save. */
  onSaved: (message: string) => void;
}

/**
 * Service Management: one API's place in the failover order (priority, lowest first) and whether purchases chosen on
 * another API may be bought through it ("allow as failover target"), saved with PATCH .../failover. Validated by the
 * contract the server uses (UpdateFailoverSettingsRequest). Mount with a new `key` per opening.
 */
export function FailoverSettingsModal({ opened, api, onClose, onSaved }: FailoverSettingsModalProps) {
  const form = useContractForm({
    schema: UpdateFailoverSettingsRequest,
    initialValues: { priority: api.priority, failoverTarget: api.failoverTarget } as FailoverValues,
    toInput,
  });
  const save = useApiMutation(providerMutations.updateFailover);

  const submit = async (body: UpdateFailoverSettingsRequest): Promise<FormOutcome> => {
    try {
      const res = await save.mutateAsync({ id: api._id, body });
      onSaved(res.message);
      return undefined;
    } catch (error) {
      setServerErrors(form, error);
      return { error: errorMessage(error, 'Failed to update failover settings') };
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`Failover settings: ${api.name}`}
      testIdPrefix="failover-settings"
      form={form}
      onSubmit={submit}
      submitLabel="Save"
      busyLabel="Saving..."
      intro={
        <Text size="sm" c="dimmed">
          When a purchase fails on the API a customer chose before any label exists, it is bought at once through the
          next enabled API, lowest priority number first, that sells the same carrier service. The customer pays the
          chosen API's price.
        </Text>
      }
    >
      {({ locked }) => (
        <>
          <NumberInput
            label="Priority"
            description="0 to 10000; lower numbers are tried first"
            min={0}
            max={10_000}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            data-autofocus
            disabled={locked}
            {...form.getInputProps('priority')}
          />
          <Switch
            label="Allow as failover target"
            description="Purchases chosen on another API may be bought through this one"
            disabled={locked}
            {...form.getInputProps('failoverTarget', { type: 'checkbox' })}
          />
        </>
      )}
    </FormModal>
  );
}
