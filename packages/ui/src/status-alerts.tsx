import { Alert } from '@mantine/core';

/**
 * A screen's success message (green, role status) and error message (red, role alert), each shown only when set; with
 * `onDismissError` the error has a close button. Test ids are `${testIdPrefix}-success` and `${testIdPrefix}-error`,
 * or as `testIds` names them.
 */
export function StatusAlerts({
  testIdPrefix,
  success = null,
  error,
  onDismissError,
  testIds,
}: {
  testIdPrefix?: string;
  testIds?: { success?: string; error?: string };
  success?: string | null;
  error: string | null;
  onDismissError?: () => void;
}) {
  return (
    <>
      {success ? (
        <Alert color="green" variant="light" role="status" data-testid={testIds?.success ?? `${testIdPrefix}-success`}>
          {success}
        </Alert>
      ) : null}
      {error ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton={onDismissError !== undefined}
          onClose={onDismissError}
          data-testid={testIds?.error ?? `${testIdPrefix}-error`}
        >
          {error}
        </Alert>
      ) : null}
    </>
  );
}
