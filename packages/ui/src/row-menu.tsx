import { ActionIcon, Menu } from '@mantine/core';

/**
 * The row actions that do not fit beside a table row's main one (at 1280 px, the width most laptops give): a compact
 * "more" button named for its row that opens a menu of the actions. Each item keeps the accessible name and test id it
 * had as a button ('Download label of order X', `admin-order-download`), so it reads the same to a screen reader and a
 * test finds it by the same id once the menu is open. The menu opens on click or Enter/Space and moves with the arrow
 * keys (Mantine Menu); `busy` spins the button while one of its actions runs.
 *
 * Usage:
 *   <RowMenu label={`More actions for order ${order.orderId}`} testId="admin-order-actions" busy={rowBusy !== undefined}
 *     items={[{ text: 'Download label', label: `Download label of order ${order.orderId}`,
 *               testId: 'admin-order-download', onClick: () => onDownload(order), disabled: !order.hasLabel }]} />
 */
export interface RowMenuItem {
  /** What the item reads. */
  text: string;
  /** Its accessible name, naming the row (as the button it replaces did). */
  label: string;
  testId: string;
  onClick: () => void;
  disabled?: boolean;
  /** Why it is disabled (a tooltip). */
  title?: string;
  color?: string;
}

export function RowMenu({
  label,
  testId,
  items,
  busy,
}: {
  label: string;
  testId: string;
  items: readonly RowMenuItem[];
  busy?: boolean;
}) {
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="light" size="md" loading={busy} aria-label={label} title={label} data-testid={testId}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown data-testid={`${testId}-menu`}>
        {items.map((item) => (
          <Menu.Item
            key={item.testId}
            onClick={item.onClick}
            disabled={item.disabled}
            title={item.title}
            color={item.color}
            aria-label={item.label}
            data-testid={item.testId}
          >
            {item.text}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Three horizontal dots (the "more" glyph), drawn so no icon font or emoji is needed. */
function DotsIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
      <circle cx="3" cy="8" r="1.5" />
      <circle cx="8" cy="8" r="1.5" />
      <circle cx="13" cy="8" r="1.5" />
    </svg>
  );
}
