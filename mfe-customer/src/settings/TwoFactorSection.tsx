import { errorMessage, securityMutations, securityQueries } from '@labeldesk/api-client';
import {
  TwoFactorDisableRequest,
  TwoFactorEnableRequest,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '@labeldesk/contracts';
import {
  Alert,
  Button,
  Code,
  PageForm,
  PasswordInput,
  QueryBody,
  SectionCard,
  Stack,
  Text,
  TextInput,
  useApiMutation,
  useContractForm,
  useQuery,
} from '@labeldesk/ui';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';

/**
 * Two-factor sign-in: set up (a QR code of the otpauth URL, the secret for typing by hand), confirm with a first code,
 * then the ten recovery codes, shown once. When it is on: how many recovery codes are left, and turning it off with the
 * password.
 */
export function TwoFactorSection() {
  const status = useQuery(securityQueries.twoFactor());
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <SectionCard title="Two-factor sign-in" testId="two-factor">
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} /> : null}
      <QueryBody
        result={status}
        testIdPrefix="two-factor-status"
        loadingLabel="Loading two-factor status..."
        errorTitle={(e) => errorMessage(e, 'Failed to load two-factor status')}
      >
        {(data) =>
          data.enabled ? (
            <TwoFactorOn status={data} />
          ) : (
            <TwoFactorSetup onEnabled={(codes) => setRecoveryCodes(codes)} />
          )
        }
      </QueryBody>
    </SectionCard>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Alert color="yellow" title="Your recovery codes" data-testid="recovery-codes">
      <Stack gap="xs">
        <Text size="sm">
          Two-factor sign-in is on. Keep these codes somewhere safe: each signs you in once if you lose your phone. They
          are not shown again.
        </Text>
        <Code block>{codes.join('\n')}</Code>
        <Button variant="light" size="xs" w="fit-content" onClick={onDone}>
          I saved them
        </Button>
      </Stack>
    </Alert>
  );
}

function TwoFactorSetup({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useApiMutation(securityMutations.setupTwoFactor);
  const enable = useApiMutation(securityMutations.enableTwoFactor);
  const [pending, setPending] = useState<TwoFactorSetupResponse | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const form = useContractForm({ schema: TwoFactorEnableRequest, initialValues: { code: '' } });

  if (!pending) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Off. With it on, signing in asks for a code from an authenticator app (Google Authenticator, 1Password, Authy,
          ...) after your password.
        </Text>
        {failed ? <Alert color="red">{failed}</Alert> : null}
        <Button
          loading={setup.isPending}
          onClick={async () => {
            setFailed(null);
            try {
              setPending(await setup.mutateAsync(undefined));
            } catch (e) {
              setFailed(errorMessage(e, 'Failed to start the setup'));
            }
          }}
        >
          Set Up Two-Factor Sign-In
        </Button>
      </Stack>
    );
  }

  return (
    <PageForm
      form={form}
      testIdPrefix="two-factor-enable"
      maw={420}
      submitLabel="Turn On"
      onSubmit={async (body) => {
        const { recoveryCodes } = await enable.mutateAsync(body);
        onEnabled(recoveryCodes);
        return undefined;
      }}
      errorText={(e) => errorMessage(e, 'Failed to turn on two-factor sign-in')}
    >
      <Text size="sm">Scan this QR code with your authenticator app, then enter the 6-digit code it shows.</Text>
      <QRCodeSVG value={pending.otpauthUrl} size={176} title="Two-factor QR code" data-testid="totp-qr" />
      <Text size="sm">
        Can&apos;t scan it? Enter this key by hand: <Code data-testid="totp-secret">{pending.secret}</Code>
      </Text>
      <TextInput
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...form.getInputProps('code')}
      />
    </PageForm>
  );
}

function TwoFactorOn({ status }: { status: TwoFactorStatus }) {
  const disable = useApiMutation(securityMutations.disableTwoFactor);
  const form = useContractForm({ schema: TwoFactorDisableRequest, initialValues: { password: '' } });
  return (
    <PageForm
      form={form}
      testIdPrefix="two-factor-disable"
      maw={420}
      submitLabel="Turn Off"
      danger
      onSubmit={async (body) => {
        await disable.mutateAsync(body);
        return undefined;
      }}
      errorText={(e) => errorMessage(e, 'Failed to turn off two-factor sign-in')}
    >
      <Text size="sm" data-testid="two-factor-on">
        On. Recovery codes left: {status.recoveryCodesLeft}
      </Text>
      <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
    </PageForm>
  );
}
