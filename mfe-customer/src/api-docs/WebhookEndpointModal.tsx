import { errorMessage, webhookMutations } from '@labeldesk/api-client';
import {
  V1CreateWebhookEndpointRequest,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@labeldesk/contracts';
import { Checkbox, FormModal, Group, Stack, Textarea, TextInput, useApiMutation, useContractForm } from '@labeldesk/ui';

/**
 * Add or edit a webhook endpoint (URL, events, description): a FormModal on the contract form, checked as the server
 * checks it (V1CreateWebhookEndpointRequest). A new endpoint's answer carries its secret, handed to `onCreated` to be
 * shown once. Mount with a new `key` per opening.
 */
export function WebhookEndpointModal(props: {
  opened: boolean;
  /** null: a new endpoint. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
  onSaved: () => void;
}) {
  const { endpoint } = props;
  const form = useContractForm({
    schema: V1CreateWebhookEndpointRequest,
    initialValues: {
      url: endpoint?.url ?? '',
      events: endpoint?.events ?? [],
      description: endpoint?.description ?? '',
    },
  });
  const create = useApiMutation(webhookMutations.create);
  const update = useApiMutation(webhookMutations.update);

  return (
    <FormModal
      opened={props.opened}
      onClose={props.onClose}
      title={endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
      testIdPrefix="webhook-endpoint"
      form={form}
      submitLabel={endpoint ? 'Save' : 'Add endpoint'}
      busyLabel="Saving..."
      onSubmit={async (body) => {
        if (endpoint) {
          await update.mutateAsync({
            id: endpoint.id,
            body: { url: body.url, events: body.events, description: body.description || null },
          });
          props.onSaved();
        } else {
          const created = await create.mutateAsync({
            ...body,
            ...(body.description ? {} : { description: undefined }),
          });
          props.onCreated(created.data);
        }
        return undefined;
      }}
      errorText={(e) => errorMessage(e, 'Failed to save the webhook endpoint')}
    >
      {({ locked }) => (
        <Stack gap="sm">
          <TextInput
            label="URL"
            placeholder="https://example.com/webhooks/labeldesk"
            disabled={locked}
            data-autofocus
            data-testid="webhook-url"
            {...form.getInputProps('url')}
          />
          <Checkbox.Group label="Events" {...form.getInputProps('events')}>
            <Group gap="md" mt={4}>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={type} disabled={locked} />
              ))}
            </Group>
          </Checkbox.Group>
          <Textarea
            label="Description"
            autosize
            minRows={1}
            disabled={locked}
            data-testid="webhook-description"
            {...form.getInputProps('description')}
          />
        </Stack>
      )}
    </FormModal>
  );
}
