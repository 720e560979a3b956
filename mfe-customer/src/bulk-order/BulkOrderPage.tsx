import {
  ApiClientError,
  balanceKeys,
  balanceQueries,
  bulkKeys,
  bulkMutations,
  bulkQueries,
  orderKeys,
} from '@labeldesk/api-client';
import { type BulkFileInfo, checkBulkFile, readBulkCsvFile, sampleBulkCsv } from '@labeldesk/bulk-csv';
import {
  BULK_MESSAGES,
  type BulkCsvRowData,
  type BulkOrder,
  MAX_BULK_FILE_MB,
  MAX_BULK_ROWS,
  ORDER_MESSAGES,
} from '@labeldesk/contracts';
import { centsToUsd } from '@labeldesk/pricing';
import { Link } from '@labeldesk/router';
import {
  Alert,
  Anchor,
  Button,
  FileDropzone,
  formatUsd,
  Group,
  InlineLoading,
  PageHeader,
  Paper,
  RetryAlert,
  Stack,
  saveFile,
  Text,
  Title,
  useApiMutation,
  useFlash,
  useInvalidate,
  useQuery,
} from '@labeldesk/ui';
import { useEffect, useRef, useState } from 'react';
import { useSettledQuery } from '../common/use-settled-query';
import { BalanceBadge } from '../ordering/BalanceBadge';
import { newIdempotencyKey, outcomeUnknown } from '../ordering/idempotency';
import { ServicePicker } from '../ordering/ServicePicker';
import { pickReady, templateFor } from '../ordering/service-choice';
import { useServiceChoice } from '../ordering/use-service-choice';
import { BulkDetailsModal } from './BulkDetailsModal';
import { BulkHistory } from './BulkHistory';
import { BulkProgressPanel } from './BulkProgressPanel';
import {
  BULK_MESSAGE_MS,
  bulkCallError,
  canPay,
  FILE_VALIDATE_DELAY_MS,
  finishedMessage,
  PICK_REVALIDATE_DELAY_MS,
  payHint,
  processRequest,
  selectAll,
  selectedResults,
  selectedTotalCents,
  toggleAll,
  toggleRow,
  validationOf,
  validationState,
} from './bulk-order';
import { ConfirmBulkModal } from './ConfirmBulkModal';
import { useBulkTracker } from './use-bulk-tracker';
import { useLinkedBulkOrder } from './use-linked-bulk-order';
import { ValidationTable } from './ValidationTable';

/** `id` stands for the rows in the validation query's key: unique per file chosen in this browser session. */
type CsvFile = { id: number; name: string; rows: BulkCsvRowData[] };
let lastFileId = 0;
type Notice = { text: string; color: 'green' | 'yellow' | 'red' | 'blue' };
/** A Pay attempt whose outcome is unknown keeps its Idempotency-Key for the retry. */
type OpenPay = { key: string; body: string };

/**
 * SPEC §2 Bulk Order (+ §4 bulk states and polling, §5 bulk rules, §9 timers and file names): pick API, carrier,
 * service (and the USPS template), upload a CSV (or download the sample), see every row priced by the server, select
 * rows, confirm against the balance, pay; the labels are bought in the background while a progress bar follows the
 * bulk order (from the server, so it survives leaving the page), then the history and the balance refresh.
 */
export default function BulkOrderPage() {
  const choice = useServiceChoice('bulk');
  const { pick } = choice;
  // The shared balance query (header, dashboard, this page): paying invalidates it, as does a bulk order ending.
  const balanceQuery = useQuery(balanceQueries.current());
  const balance = balanceQuery.data?.balance ?? null;
  const invalidate = useInvalidate();
  const processBulk = useApiMutation(bulkMutations.process);
  const [file, setFile] = useState<CsvFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [selection, setSelection] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<{ message: string; insufficientFunds: boolean } | null>(null);
  // SPEC §9: bulk messages clear after 8-10 s.
  const [notice, showNotice] = useFlash<Notice>(BULK_MESSAGE_MS);
  const [viewing, setViewing] = useState<BulkOrder | null>(null);
  const linked = useLinkedBulkOrder();
  const openPay = useRef<OpenPay | null>(null);
  const fileSeq = useRef(0);

  const refreshBalance = () => invalidate(balanceKeys.all);

  // Bulk orders that just ended stay on screen at their final count while their message shows.
  const [ended, setEnded] = useState<BulkOrder[]>([]);
  useEffect(() => {
    if (ended.length === 0) return;
    const timer = setTimeout(() => setEnded([]), BULK_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [ended]);
  const tracker = useBulkTracker((finished) => {
    const last = finished[finished.length - 1];
    if (last) showNotice(finishedMessage(last.status));
    setEnded(finished);
    // The labels are bought: the history, the orders and the balance (refunds of failed rows) follow.
    invalidate(bulkKeys.all, orderKeys.all, balanceKeys.all);
  });
  const shownProgress = [...tracker.running, ...ended.filter((e) => !tracker.running.some((r) => r._id === e._id))];

  // Validation (the rows priced by the server): 0.5 s after a new file, 0.1 s after the API (or carrier, service,
  // template) changed (SPEC §4, §9): asked once the file and pick stopped changing for that delay (useSettledQuery).
  const template = templateFor(pick);
  const asked =
    file && pickReady(pick)
      ? bulkQueries.validation(file.id, {
          apiId: pick.apiId,
          carrier: pick.carrier,
          service: pick.service,
          template,
          orders: file.rows,
        })
      : null;
  const [pricedFileId, setPricedFileId] = useState<number | null>(null);
  const sameFile = file !== null && file.id === pricedFileId;
  const validationQuery = useSettledQuery(asked, sameFile ? PICK_REVALIDATE_DELAY_MS : FILE_VALIDATE_DELAY_MS);
  if (validationQuery.state.settled && file && file.id !== pricedFileId) setPricedFileId(file.id);
  const validation = validationOf(validationQuery.state);
  // Every answer starts with all valid rows selected.
  useEffect(() => {
    if (validationQuery.state.data) setSelection(selectAll(validationQuery.state.data.results));
  }, [validationQuery.state.data]);

  /** A new file resets the state, the selection and the errors (SPEC §4), then is read and checked. */
  const pickFile = async (chosen: File) => {
    const seq = ++fileSeq.current;
    setFile(null);
    setFileError(null);
    setPayError(null);
    setSelection(new Set());
    setReading(true);
    const result = await readBulkCsvFile(chosen);
    if (seq !== fileSeq.current) return;
    setReading(false);
    if (result.ok) setFile({ id: ++lastFileId, name: chosen.name, rows: result.csv.rows });
    else setFileError(result.error);
  };

  const downloadSample = () => {
    const sample = sampleBulkCsv();
    saveFile(sample.content, sample.fileName, sample.mimeType);
  };

  const results = validation.kind === 'done' ? validation.results : [];
  const totalCents = selectedTotalCents(selection, results);
  const selectedCount = selectedResults(selection, results).length;
  const payable = canPay(validation, selection) && !paying;

  const pay = async () => {
    if (!file || validation.kind !== 'done' || !pickReady(pick) || paying) return;
    const request = processRequest(pick, file.rows, validation.results, selection);
    const bodyText = JSON.stringify(request);
    const key = openPay.current?.body === bodyText ? openPay.current.key : newIdempotencyKey();
    openPay.current = { key, body: bodyText };
    setPaying(true);
    setPayError(null);
    try {
      const res = await processBulk.mutateAsync({ body: request, idempotencyKey: key });
      openPay.current = null;
      setConfirming(false);
      tracker.follow(res.bulkOrderId);
      showNotice({ text: res.message || BULK_MESSAGES.started, color: 'blue' });
      // The rows are bought: the upload starts over, so the same file cannot be paid twice by accident.
      fileSeq.current++;
      setFile(null);
      setSelection(new Set());
    } catch (e) {
      if (!outcomeUnknown(e, ORDER_MESSAGES.idempotencyInProgress)) openPay.current = null;
      const apiError = e instanceof ApiClientError ? e : null;
      setPayError({
        message: bulkCallError(e, 'process'),
        insufficientFunds: apiError?.status === 402,
      });
      // A changed price: price the rows again so the customer sees the new total before paying.
      if (apiError?.status === 409 && apiError.message !== ORDER_MESSAGES.idempotencyInProgress) {
        setConfirming(false);
        validationQuery.refetch();
      }
      if (apiError?.status === 402) refreshBalance();
    } finally {
      setPaying(false);
    }
  };

  const state = validationState(validation);
  const hint = payHint(validation, selection);

  return (
    <Stack gap="lg">
      <PageHeader
        title="CSV Bulk Order"
        description={`Buy up to ${MAX_BULK_ROWS.toLocaleString('en-US')} labels from one CSV file (at most ${MAX_BULK_FILE_MB} MB), paid from your balance.`}
        actions={<BalanceBadge testId="bulk-balance" />}
      />

      {notice ? (
        <Alert color={notice.color} variant="light" role="status" data-testid="bulk-notice">
          {notice.text}
        </Alert>
      ) : null}

      <BulkProgressPanel bulks={shownProgress} running={tracker.running.length > 0} />

      <ServicePicker
        choice={choice}
        title="1. Shipping Service"
        withTemplate
        disabled={paying}
        testIds={{
          paper: 'bulk-service-picker',
          api: 'bulk-api',
          carrier: 'bulk-carrier',
          service: 'bulk-service',
          template: 'bulk-template',
        }}
      />

      <Paper withBorder p="md" data-testid="bulk-upload">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} size="h4">
              2. Upload CSV
            </Title>
            <Button variant="subtle" onClick={downloadSample} data-testid="bulk-sample-download">
              Download Sample CSV
            </Button>
          </Group>
          <FileDropzone
            accept={{ 'text/csv': ['.csv'] }}
            validator={(f: BulkFileInfo) => {
              const refused = checkBulkFile(f);
              return refused ? { code: 'bulk-file', message: refused } : null;
            }}
            onFile={(chosen) => void pickFile(chosen)}
            onReject={(rejections) => {
              const first = rejections[0]?.errors[0];
              setFile(null);
              setFileError(
                !first || first.code === 'file-invalid-type' || first.code === 'too-many-files'
                  ? BULK_MESSAGES.onlyCsv
                  : first.message,
              );
            }}
            loading={reading}
            disabled={paying}
            inputLabel="Bulk order CSV file"
            inputTestId="bulk-file-input"
            testId="bulk-dropzone"
            texts={{
              idle: 'Drag your bulk order CSV here or click to select it',
              accept: 'Drop the CSV to upload it',
              reject: 'Only .csv files are accepted',
            }}
            hint={
              file
                ? `${file.name}: ${file.rows.length} ${file.rows.length === 1 ? 'row' : 'rows'}`
                : 'A header row, then one row per label (see the sample).'
            }
            hintTestId="bulk-file-name"
          />
          {fileError ? (
            <Alert color="red" variant="light" role="alert" data-testid="bulk-file-error">
              {fileError}
            </Alert>
          ) : null}
        </Stack>
      </Paper>

      {file ? (
        <Paper withBorder p="md" data-testid="bulk-validation" data-state={state}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Title order={3} size="h4">
                3. Review and Pay
              </Title>
              {validation.kind === 'validating' ? <InlineLoading label="Validating rows..." /> : null}
            </Group>
            {!pickReady(pick) ? (
              <Text size="sm" c="dimmed" data-testid="bulk-pick-first">
                Choose a carrier and a service to price the rows.
              </Text>
            ) : null}
            {validation.kind === 'failed' ? (
              <RetryAlert message={validation.message} onRetry={validationQuery.refetch} testId="bulk-validate-error" />
            ) : null}
            {validation.kind === 'done' ? (
              <>
                <Text size="sm" data-testid="bulk-validation-summary">
                  {results.filter((r) => r.isValid).length} of {results.length} rows are valid
                  {state === 'invalid' ? ' — fix the file and upload it again.' : '.'}
                </Text>
                <ValidationTable
                  rows={file.rows}
                  results={results}
                  selection={selection}
                  disabled={paying}
                  onToggle={(i) => setSelection((s) => toggleRow(s, i, results))}
                  onToggleAll={() => setSelection((s) => toggleAll(s, results))}
                />
              </>
            ) : null}
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">
                Selected: <b data-testid="bulk-selected-count">{selectedCount}</b> · Total:{' '}
                <b data-testid="bulk-selected-total">{formatUsd(centsToUsd(totalCents))}</b>
              </Text>
              <Button
                size="md"
                disabled={!payable}
                onClick={() => {
                  setPayError(null);
                  setConfirming(true);
                }}
                data-testid="bulk-pay"
              >
                Pay {formatUsd(centsToUsd(totalCents))}
              </Button>
            </Group>
            {hint ? (
              <Text size="sm" c="orange" data-testid="bulk-pay-hint">
                {hint}
              </Text>
            ) : null}
            {payError && !confirming ? (
              <Alert color="red" variant="light" role="alert" data-testid="bulk-pay-error">
                <Text size="sm">{payError.message}</Text>
                {payError.insufficientFunds ? (
                  <Anchor component={Link} to="/balance" size="sm">
                    Add funds to your balance
                  </Anchor>
                ) : null}
              </Alert>
            ) : null}
          </Stack>
        </Paper>
      ) : null}

      <ConfirmBulkModal
        opened={confirming}
        onClose={() => !paying && setConfirming(false)}
        onConfirm={() => void pay()}
        count={selectedCount}
        pick={pick}
        template={template}
        totalCents={totalCents}
        balance={balance}
        paying={paying}
        error={payError?.message ?? null}
        canPay={canPay(validation, selection)}
      />

      {linked.failed ? (
        <Alert color="red" data-testid="bulk-linked-error">
          That bulk order could not be opened. It is not in your bulk orders below.
        </Alert>
      ) : null}
      <BulkHistory onOpen={setViewing} />
      <BulkDetailsModal
        bulk={viewing ?? linked.bulk}
        onClose={() => {
          setViewing(null);
          linked.close();
        }}
      />
    </Stack>
  );
}
