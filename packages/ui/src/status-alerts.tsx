import { Alert } from '@mantine/core';

/**
 * A screen's success message (green, role status) and error message (red, role alert), each shown only when set; with
 * `onDismissError` the error has a close button. Test ids are `${testIdPrefix}-success` and `${testIdPrefix}-error`.
 */
export function StatusAlerts({
  testIdPrefix,
  success = null,
  error,
  onDismissError,
}: {
  testIdPrefix: string;
  success?: string | null;
  error: string | null;
  onDismissError?: () => void;
}) {
  return (
    <>
      {success ? (
        <Alert color="green" variant="light" role="status" data-testid={`${testIdPrefix}-success`}>
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
          data-testid={`${testIdPrefix}-error`}
        >
          {error}
        </Alert>
      ) : null}
    </>
  );
}
