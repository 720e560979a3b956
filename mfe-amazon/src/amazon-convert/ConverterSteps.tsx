import { Link } from '@labeldesk/router';
import { Anchor, List, Text } from '@labeldesk/ui';

/** How the converter is used, start to finish. */
export function ConverterSteps() {
  return (
    <List type="ordered" spacing="xs" size="sm" data-testid="converter-steps">
      <List.Item>
        Click{' '}
        <Text span fw={600} size="sm">
          Download Orders from Amazon
        </Text>{' '}
        and download your unshipped orders report (.txt) from Seller Central.
      </List.Item>
      <List.Item>Choose the sender address, the label description and how the output is split.</List.Item>
      <List.Item>Upload the .txt report below.</List.Item>
      <List.Item>Enter the package weight and dimensions for each SKU.</List.Item>
      <List.Item>
        Click{' '}
        <Text span fw={600} size="sm">
          Complete Setup &amp; Convert Orders
        </Text>
        , then download the CSV (or ZIP).
      </List.Item>
      <List.Item>
        Upload the CSV on the{' '}
        <Anchor component={Link} to="/bulk-order" size="sm">
          CSV Bulk Order
        </Anchor>{' '}
        page to buy the UPS labels.
      </List.Item>
    </List>
  );
}
