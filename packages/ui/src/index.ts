/**
 * The UI kit: Mantine (one well-kept kit for modals, date pickers, drop zones, notifications, tables and charts) plus
 * LabelDesk's own building blocks. Shell and remotes import Mantine only through this package, which federation shares
 * as a singleton, so there is one MantineProvider context and one copy of the kit in the browser.
 */
export {
  Accordion,
  ActionIcon,
  Alert,
  Anchor,
  AppShell,
  Avatar,
  Badge,
  Box,
  Burger,
  Button,
  Card,
  Center,
  Checkbox,
  Chip,
  CloseButton,
  Code,
  Collapse,
  CopyButton,
  Divider,
  Drawer,
  Grid,
  Group,
  Input,
  List,
  Loader,
  LoadingOverlay,
  Menu,
  Modal,
  NavLink,
  NumberInput,
  Pagination,
  Paper,
  PasswordInput,
  Progress,
  Radio,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Stepper,
  Switch,
  Table,
  Tabs,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
  UnstyledButton,
  type ComboboxItem,
  type MantineColor,
} from '@mantine/core';
export { useDebouncedValue, useDisclosure, useInterval, useTimeout } from '@mantine/hooks';
export { DatePickerInput, DateInput } from '@mantine/dates';
export { Dropzone, type FileWithPath } from '@mantine/dropzone';
export { notifications } from '@mantine/notifications';
export { modals } from '@mantine/modals';
export { formatDateTime, formatLongDate, formatLongDateTime, formatUsd, initials } from './format';
export { EmptyState, ErrorState, LoadingState, NotAvailableYet, PageHeader } from './states';
export { theme, UiProvider } from './theme';
export type { RemotePages } from './federation';
