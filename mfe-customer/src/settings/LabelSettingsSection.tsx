import { errorMessage, labelSettingsMutations, labelSettingsQueries } from '@labeldesk/api-client';
import {
  LABEL_FORMAT_NAMES,
  LABEL_FORMATS,
  LABEL_MESSAGES,
  type LabelSettings,
  UpdateLabelSettingsRequest,
} from '@labeldesk/contracts';
import {
  Input,
  PageForm,
  QueryBody,
  SectionCard,
  SegmentedControl,
  Text,
  useApiMutation,
  useContractForm,
  useQuery,
} from '@labeldesk/ui';

/** What each format is for, under the choice. */
const FORMAT_HINTS = {
  pdf: 'PDF: a 4x6 in page for any printer; Print opens the browser print dialog.',
  png: 'PNG: a 4x6 in image at 300 dpi (1200 x 1800).',
  zpl: 'ZPL: for 4x6 thermal printers (Zebra and compatible); labels download as .zpl files.',
} as const;

/** The form's values: the dpi as the segmented control's text. */
interface LabelSettingsForm {
  labelFormat: LabelSettings['labelFormat'];
  zplDpi: string;
}

function LabelSettingsForm({ saved }: { saved: LabelSettings }) {
  const form = useContractForm({
    schema: UpdateLabelSettingsRequest,
    initialValues: { labelFormat: saved.labelFormat, zplDpi: String(saved.zplDpi) } as LabelSettingsForm,
    toInput: (values: LabelSettingsForm) => ({ labelFormat: values.labelFormat, zplDpi: Number(values.zplDpi) }),
  });
  const update = useApiMutation(labelSettingsMutations.update);

  return (
    <PageForm
      form={form}
      testIdPrefix="label-settings"
      maw={520}
      submitLabel="Save Label Settings"
      onSubmit={async (body) => {
        await update.mutateAsync(body);
        form.resetDirty();
        return { success: LABEL_MESSAGES.settingsSaved };
      }}
      errorText={(e) => errorMessage(e, 'Failed to save label settings')}
    >
      <Input.Wrapper label="Default label format" error={form.errors.labelFormat}>
        <SegmentedControl
          display="flex"
          data={LABEL_FORMATS.map((f) => ({ value: f, label: LABEL_FORMAT_NAMES[f] }))}
          {...form.getInputProps('labelFormat')}
          data-testid="label-settings-format"
        />
      </Input.Wrapper>
      <Text size="xs" c="dimmed" data-testid="label-settings-format-hint">
        {FORMAT_HINTS[form.values.labelFormat]}
      </Text>
      <Input.Wrapper label="Thermal printer resolution (ZPL)" error={form.errors.zplDpi}>
        <SegmentedControl
          display="flex"
          data={[
            { value: '203', label: '203 dpi' },
            { value: '300', label: '300 dpi' },
          ]}
          {...form.getInputProps('zplDpi')}
          data-testid="label-settings-dpi"
        />
      </Input.Wrapper>
      <Text size="xs" c="dimmed">
        A label whose shipping service cannot print your format still opens as PDF.
      </Text>
    </PageForm>
  );
}

/**
 * Label settings (issue 24): the format labels download in by default (PDF unless changed) and the dpi of a ZPL
 * label, on the contract form of PUT /api/label-settings.
 */
export function LabelSettingsSection() {
  const settings = useQuery(labelSettingsQueries.current());
  return (
    <SectionCard title="Labels" testId="label-settings">
      <QueryBody
        result={settings}
        testIdPrefix="label-settings-load"
        loadingLabel="Loading label settings..."
        errorTitle={(e) => errorMessage(e, 'Failed to load label settings')}
      >
        {(data) => <LabelSettingsForm saved={data} />}
      </QueryBody>
    </SectionCard>
  );
}
