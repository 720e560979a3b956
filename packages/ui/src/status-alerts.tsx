import { Alert } from '@mantine/core';

/**
 * A screen's success message (green, role status) and error message (red, role alert), each shown only when set.
 * Test ids are `${testIdPrefix}-success` and `${testIdPrefix}-error`.
 */
export function StatusAlerts({
  testIdPrefix,
  success,
  error,
}: {
  testIdPrefix: string;
  success: string | null;
  error: string | null;
}) {
  return (
    <>
      {success ? (
        <Alert color="green" variant="light" role="status" data-testid={`${testIdPrefix}-success`}>
          {success}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert" data-testid={`${testIdPrefix}-error`}>
          {error}
        </Alert>
      ) : null}
    </>
  );
}
