import {
  errorMessage,
  notificationSettingsMutations,
  notificationSettingsQueries,
  sessionQueries,
} from '@labeldesk/api-client';
import {
  NOTIFICATION_MESSAGES,
  type NotificationSettings,
  UpdateNotificationSettingsRequest,
} from '@labeldesk/contracts';
import {
  formatUsd,
  PageForm,
  QueryBody,
  SectionCard,
  Switch,
  Text,
  useApiMutation,
  useContractForm,
  useQuery,
} from '@labeldesk/ui';

type Toggles = Omit<NotificationSettings, 'lowBalanceThreshold'>;

const CUSTOMER_TOGGLES: Array<[keyof Toggles, string, string]> = [
  ['bulkOrderFinished', 'A bulk order finished', 'Completed, partly failed or failed, with its counts.'],
  ['depositCredited', 'A deposit was credited', 'The amount and your new balance.'],
  ['labelRefunded', 'A label was voided and refunded', 'The label and the amount back on your balance.'],
];
const ADMIN_TOGGLES: Array<[keyof Toggles, string, string]> = [
  ['depositAttention', 'A deposit needs attention (admin)', 'Underpaid, overpaid or paid after it expired.'],
  ['providerCircuitOpened', 'A provider API circuit opened (admin)', 'Purchases skip an API that keeps failing.'],
];

function NotificationsForm({ saved, isAdmin }: { saved: NotificationSettings; isAdmin: boolean }) {
  const { lowBalanceThreshold: _threshold, ...toggles } = saved;
  const form = useContractForm({ schema: UpdateNotificationSettingsRequest, initialValues: toggles as Toggles });
  const update = useApiMutation(notificationSettingsMutations.update);
  const rows = isAdmin ? [...CUSTOMER_TOGGLES, ...ADMIN_TOGGLES] : CUSTOMER_TOGGLES;

  return (
    <PageForm
      form={form}
      testIdPrefix="notifications"
      maw={520}
      submitLabel="Save Notifications"
      onSubmit={async (body) => {
        await update.mutateAsync(body);
        form.resetDirty();
        return { success: NOTIFICATION_MESSAGES.saved };
      }}
      errorText={(e) => errorMessage(e, 'Failed to save notification settings')}
    >
      {rows.map(([key, label, description]) => (
        <Switch key={key} label={label} description={description} {...form.getInputProps(key, { type: 'checkbox' })} />
      ))}
      <Text size="sm" data-testid="notifications-low-balance">
        Low balance:{' '}
        {saved.lowBalanceThreshold === null
          ? 'off. Set a threshold on the Balance page to be mailed when your balance drops below it.'
          : `a mail when your balance drops below ${formatUsd(saved.lowBalanceThreshold)} (change it on the Balance page).`}
      </Text>
    </PageForm>
  );
}

/**
 * Notifications (issue 23): which mails this account gets (all on by default), saved on the contract form of PUT
 * /api/notification-settings. Admins also see the two admin mails. The low-balance threshold is set on /balance.
 */
export function NotificationsSection() {
  const settings = useQuery(notificationSettingsQueries.current());
  const session = useQuery(sessionQueries.verify());
  return (
    <SectionCard title="Notifications" testId="notification-settings">
      <QueryBody
        result={settings}
        testIdPrefix="notifications-load"
        loadingLabel="Loading notification settings..."
        errorTitle={(e) => errorMessage(e, 'Failed to load notification settings')}
      >
        {(saved) => <NotificationsForm saved={saved} isAdmin={session.data?.user?.isAdmin === true} />}
      </QueryBody>
    </SectionCard>
  );
}
