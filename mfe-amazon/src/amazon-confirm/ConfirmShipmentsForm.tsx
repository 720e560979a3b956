import { amazonKeys, amazonMutations, errorMessage } from '@labeldesk/api-client';
import {
  AMAZON_CONFIRM_MESSAGES,
  type AmazonConfirmRequest,
  COOKIES_FRESH_DAYS,
  CSRF_FRESH_DAYS,
} from '@labeldesk/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  type FileWithPath,
  Group,
  modals,
  Paper,
  Stack,
  Switch,
  setServerErrors,
  Text,
  TextInput,
  Title,
  useApiMutation,
  useContractForm,
  useInvalidate,
} from '@labeldesk/ui';
import { useEffect } from 'react';
import { CookiesDropzone } from './CookiesDropzone';
import { isOlderThanDays, parseCookiesFile, savedAgeText } from './credentials';
import {
  type ConfirmContext,
  type CredentialsFormValues,
  confirmInput,
  credentialsFormSchema,
  emptyCredentials,
} from './credentials-form';
import { MarketplaceSandboxLink } from './MarketplaceSandboxLink';

/** The page's messages: its red and green banners. */
export interface PageMessages {
  setError: (message: string | null) => void;
  showSuccess: (message: string) => void;
  clearSuccess: () => void;
}

interface Props extends ConfirmContext {
  messages: PageMessages;
}

/**
 * Confirm Shipments (SPEC §2 Amazon Order Confirmation): the Seller Central cookies (.json file) and CSRF token, or the
 * saved ones, and "Confirm Orders on Amazon". The credentials are one contract form (credentialsFormSchema): the SPEC's
 * checks, then AmazonConfirmRequest; a problem shows in the page's banner and, for the token or the cookies, on its
 * field (the server's details too).
 */
export function ConfirmShipmentsForm({ bulkOrderId, saved, noAmazonOrders, messages }: Props) {
  const context = { bulkOrderId, saved, noAmazonOrders };
  const form = useContractForm<CredentialsFormValues, AmazonConfirmRequest>({
    schema: credentialsFormSchema(context),
    initialValues: emptyCredentials(),
  });
  // The saved credentials are offered (switched on) when they first arrive; a later refetch keeps the choice.
  useEffect(() => {
    if (!saved) return;
    form.initialize({ ...form.getValues(), useSavedCsrf: saved.hasCsrfToken, useSavedCookies: saved.hasCookies });
  }, [saved, form.initialize, form.getValues]);
  const confirmOrders = useApiMutation(amazonMutations.confirmOrders);
  const forgetSaved = useApiMutation(amazonMutations.forgetSavedCredentials);
  const invalidate = useInvalidate();
  const busy = confirmOrders.isPending;
  const values = form.getValues();
  const input = confirmInput(values, context);
  const canSubmit =
    input.bulkOrderId !== '' && input.csrfToken !== '' && input.cookies !== '' && !busy && !noAmazonOrders;

  const onFile = (file: FileWithPath) => {
    messages.setError(null);
    file.text().then(
      (text) => {
        const parsed = parseCookiesFile(text);
        if (!parsed.ok) {
          form.setFieldValue('cookies', null);
          messages.setError(parsed.error);
          return;
        }
        form.setValues({
          cookies: { header: parsed.cookies, fileName: file.name, count: parsed.count },
          useSavedCookies: false,
        });
      },
      () => messages.setError(AMAZON_CONFIRM_MESSAGES.fileRead),
    );
  };
  const onReject = (message: string) => {
    form.setFieldValue('cookies', null);
    messages.setError(message);
  };

  const submit = async () => {
    messages.setError(null);
    messages.clearSuccess();
    const checked = form.validate();
    if (checked.hasErrors) {
      const first = Object.values(checked.errors).find((e) => typeof e === 'string' && e !== '');
      if (typeof first === 'string') messages.setError(first);
      return;
    }
    const body = form.getTransformedValues();
    try {
      // On success the confirmations, the saved credentials and the bulk orders refetch (amazonMutations).
      const res = await confirmOrders.mutateAsync(body);
      messages.showSuccess(AMAZON_CONFIRM_MESSAGES.success(res.confirmedCount));
    } catch (e) {
      setServerErrors(form, e);
      messages.setError(errorMessage(e, AMAZON_CONFIRM_MESSAGES.failed));
      // Some orders may have been confirmed before the failure: show where each one stands.
      invalidate(amazonKeys.confirmations(body.bulkOrderId));
    }
  };

  // Forget saved credentials (asks first): the saved cookies and token are deleted on the server; the switches go and
  // the inputs come back (the saved-credentials query refetches).
  const forget = async () => {
    messages.setError(null);
    messages.clearSuccess();
    try {
      const res = await forgetSaved.mutateAsync();
      form.setValues({ useSavedCsrf: false, useSavedCookies: false });
      messages.showSuccess(res.message);
    } catch (e) {
      messages.setError(errorMessage(e, AMAZON_CONFIRM_MESSAGES.forgetFailed));
    }
  };
  const confirmForget = () =>
    modals.openConfirmModal({
      title: 'Forget Saved Credentials',
      children: (
        <Text size="sm">
          Delete your saved Amazon cookies and CSRF token? You will need to upload them again to confirm orders.
        </Text>
      ),
      labels: { confirm: 'Forget', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void forget(),
    });

  const useSavedCsrf = values.useSavedCsrf;
  const useSavedCookies = values.useSavedCookies;
  const cookies = values.cookies;
  const selectedId = bulkOrderId;
  const tokenStale = isOlderThanDays(saved?.csrfTokenSavedAt ?? null, CSRF_FRESH_DAYS);
  const cookiesStale = isOlderThanDays(saved?.cookiesSavedAt ?? null, COOKIES_FRESH_DAYS);

  return (
    <Paper withBorder p="lg" data-testid="amazon-confirm-form">
      <Stack gap="md">
        <Title order={3} size="h4">
          Confirm Shipments
        </Title>
        <MarketplaceSandboxLink />
        {selectedId ? (
          <Text size="sm">
            Bulk order <Code>{selectedId}</Code>
          </Text>
        ) : null}
        {noAmazonOrders ? (
          <Alert color="yellow" variant="light" data-testid="amazon-no-amazon-orders">
            {AMAZON_CONFIRM_MESSAGES.noAmazonOrders}
          </Alert>
        ) : null}
        {selectedId ? null : (
          <Text size="sm" c="dimmed">
            Select a bulk order above.
          </Text>
        )}

        {saved?.hasCsrfToken && saved.csrfTokenSavedAt ? (
          <Stack gap={4}>
            <Switch
              label={`Use saved CSRF token (Saved ${savedAgeText(saved.csrfTokenSavedAt)})`}
              {...form.getInputProps('useSavedCsrf', { type: 'checkbox' })}
              data-testid="amazon-use-saved-csrf"
            />
            {useSavedCsrf && tokenStale ? (
              <Text size="xs" c="orange" data-testid="amazon-csrf-stale">
                Your saved CSRF token is more than {CSRF_FRESH_DAYS} days old and may have expired.
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {!useSavedCsrf || !saved?.hasCsrfToken ? (
          <TextInput
            label="CSRF token"
            placeholder="anti-csrftoken-a2z from Seller Central"
            required
            {...form.getInputProps('csrfToken')}
            data-testid="amazon-csrf-input"
          />
        ) : null}

        {saved?.hasCookies && saved.cookiesSavedAt ? (
          <Stack gap={4}>
            <Switch
              label={`Use saved cookies (Saved ${savedAgeText(saved.cookiesSavedAt)})`}
              {...form.getInputProps('useSavedCookies', { type: 'checkbox' })}
              data-testid="amazon-use-saved-cookies"
            />
            {useSavedCookies && cookiesStale ? (
              <Text size="xs" c="orange" data-testid="amazon-cookies-stale">
                Your saved cookies are more than {COOKIES_FRESH_DAYS} days old and may have expired.
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {!useSavedCookies || !saved?.hasCookies ? (
          <CookiesDropzone loaded={cookies} disabled={busy} onFile={onFile} onReject={onReject} />
        ) : null}

        <Group>
          <Checkbox label="Save cookies for next time" {...form.getInputProps('saveCookies', { type: 'checkbox' })} />
          <Checkbox
            label="Save CSRF token for next time"
            {...form.getInputProps('saveCsrfToken', { type: 'checkbox' })}
          />
        </Group>
        <Group>
          <Button onClick={submit} disabled={!canSubmit} loading={busy} data-testid="amazon-confirm-submit">
            Confirm Orders on Amazon
          </Button>
          {saved?.hasCookies || saved?.hasCsrfToken ? (
            <Button
              variant="subtle"
              color="red"
              onClick={confirmForget}
              loading={forgetSaved.isPending}
              disabled={busy}
              data-testid="amazon-forget-saved"
            >
              Forget saved credentials
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
