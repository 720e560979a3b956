import {
  Alert,
  Anchor,
  Badge,
  createTheme,
  Drawer,
  MantineProvider,
  Modal,
  Notification,
  TableScrollContainer,
} from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { accessibleCssVariables, accessibleVariantColors } from './contrast';

/** Every close button of a modal, drawer, alert or notification has a name a screen reader says (a screen may give a longer one). */
const CLOSE = 'Close';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  variantColorResolver: accessibleVariantColors,
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': CLOSE } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': CLOSE } } }),
    Alert: Alert.extend({ defaultProps: { closeButtonLabel: CLOSE } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': CLOSE } } }),
    // A table wider than the screen scrolls sideways: its scrolling area takes keyboard focus, so arrow keys reach the
    // columns off screen (WCAG 2.1.1; axe scrollable-region-focusable).
    TableScrollContainer: TableScrollContainer.extend({
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    }),
    // A link inside a sentence is told apart from the text around it by more than its colour (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A badge never shrinks below its text: squeezed by a narrow column it cut its label to "CO…" or "1 customer a…"
    // (issue 19, admin tables at 1280 px). The column grows instead, and the table's layout makes room.
    Badge: Badge.extend({ defaultProps: { miw: 'max-content' } }),
  },
});

/** Mounted once by the shell; remotes render inside it because @labeldesk/ui is a federation singleton. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={accessibleCssVariables}>
      <ModalsProvider>
        <Notifications position="top-right" />
        {children}
      </ModalsProvider>
    </MantineProvider>
  );
}
