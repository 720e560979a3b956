import {
  buildCsvFile,
  buildZip,
  conversionSuccessMessage,
  type DimensionValue,
  groupRows,
  type PackageDimensions,
  previewOrders,
  zipSuccessMessage,
} from '@labeldesk/amazon';
import { addressQueries, errorMessage } from '@labeldesk/api-client';
import {
  Alert,
  Button,
  EmptyState,
  type FileWithPath,
  Group,
  LoadingState,
  PageHeader,
  Paper,
  SimpleGrid,
  Stack,
  saveFile,
  Text,
  Title,
  useContractForm,
  useFlash,
  useQuery,
} from '@labeldesk/ui';
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { ConversionOptions, type ConversionOptionsValue, DEFAULT_OPTIONS } from './ConversionOptions';
import { ConversionResults } from './ConversionResults';
import { ConverterSteps } from './ConverterSteps';
import {
  appliedDimensions,
  convertReport,
  dimensionsSetMessage,
  fileRejectionMessage,
  loadReport,
  stageErrorMessage,
} from './converter';
import { converterReducer, initialConverterState } from './converter-state';
import { DimensionsForm } from './DimensionsForm';
import {
  type DimensionField,
  type DimensionsFormValues,
  dimensionsFormSchema,
  isResolved,
  withDimension,
} from './dimensions-form';
import { type DropzoneRejections, ReportDropzone } from './ReportDropzone';
import { SenderAddressPicker, type SendersState } from './SenderAddressPicker';
import { defaultSenderId } from './sender';

/** Amazon Seller Central's unshipped orders report, where the .txt file comes from. */
export const AMAZON_ORDERS_REPORT_URL =
  'https://sellercentral.amazon.com/order-reports-and-feeds/reports/unshippedOrders';

/** SPEC §9: Amazon success messages stay 5 s. */
const SUCCESS_MS = 5000;

/** The saved sender addresses (a shared query: adding one on /addresses shows here). */
function useSenders() {
  const query = useQuery(addressQueries.senders());
  const senders: SendersState = query.data
    ? { kind: 'ready', addresses: query.data.addresses }
    : query.isError && !query.isFetching
      ? { kind: 'failed', error: errorMessage(query.error, 'Failed to load saved addresses') }
      : { kind: 'loading' };
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return [senders, retry] as const;
}

/** /amazon-convert: turns an Amazon unshipped-orders report into the bulk-order CSV, in the browser (SPEC §2). */
export function AmazonConvertPage() {
  const [senders, retrySenders] = useSenders();
  const [chosenSenderId, setChosenSenderId] = useState<string | null>(null);
  const [options, setOptions] = useState<ConversionOptionsValue>(DEFAULT_OPTIONS);
  const [state, dispatch] = useReducer(converterReducer, initialConverterState);
  const [success, showSuccess, clearSuccess] = useFlash(SUCCESS_MS);
  const [zipBusy, setZipBusy] = useState(false);
  const reads = useRef(0);

  const addresses = senders.kind === 'ready' ? senders.addresses : [];
  const senderId =
    chosenSenderId && addresses.some((a) => a._id === chosenSenderId) ? chosenSenderId : defaultSenderId(addresses);
  const sender = addresses.find((a) => a._id === senderId) ?? null;
  const { phase } = state;
  const report = phase.kind === 'dimensions' || phase.kind === 'converted' ? phase.report : null;
  // The dimension form: one for the page, so what was typed for a SKU stays across uploads and Edit Dimensions. Its
  // schema checks the current report's SKUs (and the sender) with completeSetup; the banner shows its one problem.
  const dimensionsForm = useContractForm<DimensionsFormValues, Record<string, PackageDimensions>>({
    schema: dimensionsFormSchema(report?.skus ?? [], sender !== null),
    initialValues: { inputs: {} },
    clearInputErrorOnChange: false,
  });

  const conversion = useMemo(() => {
    if (phase.kind !== 'converted' || !sender) return null;
    return convertReport(phase.report.rows, {
      sender,
      dimensions: phase.dimensions,
      descriptionSource: options.descriptionSource,
      splitByQuantity: options.splitByQuantity,
    });
  }, [phase, sender, options.descriptionSource, options.splitByQuantity]);

  const preview = useMemo(() => (report ? previewOrders(report.rows) : null), [report]);

  const onFile = async (file: FileWithPath) => {
    clearSuccess();
    reads.current += 1;
    const readId = reads.current;
    dispatch({ type: 'file-chosen', readId, fileName: file.name });
    dimensionsForm.clearErrors();
    let data: ArrayBuffer;
    try {
      data = await file.arrayBuffer();
    } catch (error) {
      dispatch({ type: 'file-failed', readId, error: stageErrorMessage('read', error) });
      return;
    }
    const loaded = loadReport(data);
    dispatch(
      loaded.ok
        ? { type: 'file-loaded', readId, report: loaded.value }
        : { type: 'file-failed', readId, error: loaded.error },
    );
  };

  const onReject = (rejections: DropzoneRejections) => {
    dispatch({ type: 'error', error: fileRejectionMessage(rejections) });
  };

  const onDimensionChange = (sku: string, field: DimensionField, value: DimensionValue) => {
    const values = withDimension(dimensionsForm.getValues(), sku, field, value);
    dimensionsForm.setValues(values);
    // The problem the banner named is fixed: drop the banner and the highlight.
    if (isResolved(dimensionsForm.errors, sku, values.inputs[sku])) {
      dimensionsForm.clearErrors();
      dispatch({ type: 'dismiss-error' });
    }
  };

  const onCompleteSetup = () => {
    if (phase.kind !== 'dimensions') return;
    const checked = dimensionsForm.validate();
    const problem = Object.values(checked.errors).find((e) => typeof e === 'string' && e !== '');
    if (checked.hasErrors) {
      clearSuccess();
      if (typeof problem === 'string') dispatch({ type: 'error', error: problem });
      return;
    }
    const dimensions = dimensionsForm.getTransformedValues();
    dispatch({ type: 'setup-confirmed', dimensions });
    if (!sender) return;
    const converted = convertReport(phase.report.rows, {
      sender,
      dimensions,
      descriptionSource: options.descriptionSource,
      splitByQuantity: options.splitByQuantity,
    });
    if (converted.ok) showSuccess(conversionSuccessMessage(converted.value));
  };

  const onDownloadCsv = () => {
    if (!conversion?.ok) return;
    try {
      const file = buildCsvFile(conversion.value.rows, new Date());
      saveFile(file.content, file.fileName, file.mimeType);
    } catch (error) {
      dispatch({ type: 'error', error: stageErrorMessage('csv', error) });
    }
  };

  const onDownloadZip = async () => {
    if (!conversion?.ok) return;
    const method = options.splitMode === 'single' ? null : options.splitMode;
    setZipBusy(true);
    try {
      const zip = await buildZip(groupRows(conversion.value.rows, method), method ?? 'sku', new Date());
      saveFile(zip.data, zip.fileName, zip.mimeType);
      dispatch({ type: 'dismiss-error' });
      showSuccess(zipSuccessMessage(zip));
    } catch (error) {
      dispatch({ type: 'error', error: stageErrorMessage('zip', error) });
    } finally {
      setZipBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Amazon Order Converter"
        description="Convert your Amazon unshipped orders report into a bulk-order CSV for UPS labels. The file is converted in your browser."
        actions={
          <Button
            component="a"
            href={AMAZON_ORDERS_REPORT_URL}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="amazon-orders-link"
          >
            Download Orders from Amazon
          </Button>
        }
      />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <Title order={4}>Settings</Title>
            <SenderAddressPicker
              senders={senders}
              selectedId={senderId}
              onSelect={setChosenSenderId}
              onRetry={retrySenders}
            />
            <ConversionOptions value={options} onChange={setOptions} />
          </Stack>
        </Paper>
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb="xs">
              How it works
            </Title>
            <ConverterSteps />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb="xs">
              Upload Amazon Orders File
            </Title>
            <ReportDropzone
              busy={phase.kind === 'processing'}
              fileName={phase.kind === 'empty' ? null : phase.fileName}
              onFile={onFile}
              onReject={onReject}
            />
            {report ? (
              <Text size="sm" mt="xs" data-testid="report-summary">
                {report.rows.length} order {report.rows.length === 1 ? 'line' : 'lines'} with {report.skus.length}{' '}
                {report.skus.length === 1 ? 'SKU' : 'SKUs'} found.
                {report.skippedLines > 0
                  ? ` ${report.skippedLines} malformed ${report.skippedLines === 1 ? 'line was' : 'lines were'} skipped.`
                  : ''}
              </Text>
            ) : null}
          </Paper>
        </Stack>
      </SimpleGrid>

      {state.error ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss error"
          onClose={() => dispatch({ type: 'dismiss-error' })}
          data-testid="amazon-error"
        >
          {state.error}
        </Alert>
      ) : null}
      {success ? (
        <Alert color="green" variant="light" role="status" data-testid="amazon-success">
          {success}
        </Alert>
      ) : null}

      {phase.kind === 'empty' ? (
        <Paper withBorder p="md" radius="md" data-testid="amazon-empty">
          <EmptyState title="No Data Yet">Upload your Amazon orders file to see the converted orders here.</EmptyState>
        </Paper>
      ) : null}
      {phase.kind === 'processing' ? <LoadingState label="Processing data..." /> : null}
      {phase.kind === 'dimensions' ? (
        <DimensionsForm
          skus={phase.report.skus}
          values={dimensionsForm.getValues()}
          errors={dimensionsForm.errors}
          onChange={onDimensionChange}
          onSubmit={onCompleteSetup}
        />
      ) : null}
      {phase.kind === 'converted' ? (
        <>
          <Alert color="teal" variant="light" data-testid="dimensions-confirmation">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">{dimensionsSetMessage(phase.report.skus.length)}</Text>
              <Button
                size="xs"
                variant="subtle"
                onClick={() => {
                  clearSuccess();
                  dispatch({ type: 'edit-dimensions' });
                }}
                data-testid="edit-dimensions"
              >
                Edit Dimensions
              </Button>
            </Group>
          </Alert>
          {conversion === null ? (
            <Alert color="yellow" variant="light" data-testid="amazon-no-sender">
              Choose a sender address to see the converted orders.
            </Alert>
          ) : conversion.ok && preview ? (
            <ConversionResults
              result={conversion.value}
              applied={appliedDimensions(phase.report.skus, phase.dimensions)}
              preview={preview}
              splitMode={options.splitMode}
              zipBusy={zipBusy}
              onDownloadCsv={onDownloadCsv}
              onDownloadZip={onDownloadZip}
            />
          ) : conversion.ok ? null : (
            <Alert color="red" variant="light" role="alert" data-testid="amazon-convert-error">
              {conversion.error}
            </Alert>
          )}
        </>
      ) : null}
    </Stack>
  );
}

export default AmazonConvertPage;
