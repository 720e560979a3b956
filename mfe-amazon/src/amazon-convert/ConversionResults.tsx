import { AMAZON_CARRIER, type ConversionResult, type OrderPreview, PREVIEW_COLUMNS } from '@labeldesk/amazon';
import { Alert, Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@labeldesk/ui';
import type { SplitMode } from './ConversionOptions';
import type { AppliedDimensionsRow } from './converter';
import { uniqueKeys } from './unique-keys';

/** Short codes that read badly when wrapped. */
const NO_WRAP: ReadonlySet<string> = new Set(['orderId', 'state', 'zip', 'sku']);

interface Props {
  result: ConversionResult;
  applied: readonly AppliedDimensionsRow[];
  preview: OrderPreview;
  splitMode: SplitMode;
  zipBusy: boolean;
  onDownloadCsv: () => void;
  onDownloadZip: () => void;
}

/** Counts, downloads, the dimensions applied and a preview of the first orders (SPEC §2). */
export function ConversionResults({
  result,
  applied,
  preview,
  splitMode,
  zipBusy,
  onDownloadCsv,
  onDownloadZip,
}: Props) {
  const previewKeys = uniqueKeys(preview.rows.map((row) => `${row.orderId}|${row.sku}`));
  return (
    <Paper withBorder p="md" radius="md" data-testid="conversion-results">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={4}>Conversion Results</Title>
            <Group gap="xs" mt={4}>
              <Text size="sm" data-testid="result-counts">
                {result.orderCount} orders · {result.labelCount} shipping labels
              </Text>
              <Badge variant="light" color="yellow">
                {AMAZON_CARRIER}
              </Badge>
            </Group>
          </div>
          <Group gap="sm">
            <Button onClick={onDownloadCsv} data-testid="download-csv">
              Download CSV
            </Button>
            {splitMode !== 'single' ? (
              <Button
                variant="outline"
                onClick={onDownloadZip}
                loading={zipBusy}
                disabled={zipBusy}
                data-testid="download-zip"
              >
                Download ZIP
              </Button>
            ) : null}
          </Group>
        </Group>

        {result.skippedLines > 0 ? (
          <Alert color="yellow" variant="light" data-testid="skipped-lines">
            {result.skippedLines} order {result.skippedLines === 1 ? 'line was' : 'lines were'} skipped because{' '}
            {result.skippedLines === 1 ? 'it has' : 'they have'} no SKU or no package dimensions.
          </Alert>
        ) : null}

        <Stack gap={6}>
          <Title order={5}>Applied Package Dimensions</Title>
          <ScrollArea type="auto">
            <Table striped withTableBorder miw={560} data-testid="applied-dimensions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Weight (lbs)</Table.Th>
                  <Table.Th>Length (in)</Table.Th>
                  <Table.Th>Width (in)</Table.Th>
                  <Table.Th>Height (in)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {applied.map((row) => (
                  <Table.Tr key={row.sku}>
                    <Table.Td fw={600}>{row.sku}</Table.Td>
                    <Table.Td>{row.productName || '—'}</Table.Td>
                    <Table.Td>{row.weight}</Table.Td>
                    <Table.Td>{row.length}</Table.Td>
                    <Table.Td>{row.width}</Table.Td>
                    <Table.Td>{row.height}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>

        <Stack gap={6}>
          <Group justify="space-between">
            <Title order={5}>Order Preview</Title>
            <Text size="sm" c="dimmed" data-testid="preview-caption">
              {preview.text}
            </Text>
          </Group>
          <ScrollArea type="auto">
            <Table striped withTableBorder miw={900} data-testid="order-preview">
              <Table.Thead>
                <Table.Tr>
                  {PREVIEW_COLUMNS.map((column) => (
                    <Table.Th key={column.key}>{column.label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.rows.map((row, index) => (
                  <Table.Tr key={previewKeys[index]}>
                    {PREVIEW_COLUMNS.map((column) => (
                      <Table.Td key={column.key} style={NO_WRAP.has(column.key) ? { whiteSpace: 'nowrap' } : undefined}>
                        {row[column.key]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      </Stack>
    </Paper>
  );
}
