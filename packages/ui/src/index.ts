/**
 * The UI kit: Mantine (one well-kept kit for modals, date pickers, drop zones, notifications and tables) plus
 * LabelDesk's own building blocks. Shell and remotes import Mantine only through this package, which federation shares
 * as a singleton, so there is one MantineProvider context and one copy of the kit in the browser. Charts are not here:
 * every signed-in page loads this package, so a page that draws one bundles recharts into its own chunk.
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
  type ComboboxItem,
  CopyButton,
  Divider,
  Drawer,
  Grid,
  Group,
  Input,
  List,
  Loader,
  LoadingOverlay,
  type MantineColor,
  Menu,
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
  Timeline,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
export { DateInput, DatePickerInput } from '@mantine/dates';
export { Dropzone, type FileWithPath } from '@mantine/dropzone';
export { useDebouncedValue, useDisclosure, useInterval, useTimeout } from '@mantine/hooks';
export { modals } from '@mantine/modals';
export { notifications } from '@mantine/notifications';
// Icons: @tabler/icons-react, Mantine's usual companion (SVG, one module per icon); re-exported one by one so the kit's
// bundle carries only these. An emoji depends on the system's fonts and rendered as an empty box on some (issue 19).
export { IconEye, IconEyeOff } from '@tabler/icons-react';
export { type BulkSummary, BulkSummaryFields, StatusBadge } from './bulk-blocks';
export {
  BULK_CANCEL_FAILED,
  BulkCancelButton,
  BulkRowState,
  type BulkRowStateFields,
  BulkStopNotices,
  BulkWaitingNotice,
  bulkStoppedText,
  bulkWaitingText,
} from './bulk-stop';
export { EmailText, IdText, MoneyCell, RowButton } from './cells';
export { DetailField, DetailIdField, PartyCard, type PartyCardLine } from './detail-blocks';
export { downloadUrl, saveFile } from './download';
export type { RemotePages } from './federation';
export { FileDropzone, type FileDropzoneProps, type FileDropzoneRejections } from './file-dropzone';
export {
  type ContractForm,
  type ContractFormInput,
  contractOutput,
  contractResolver,
  type FieldIssue,
  type FormErrors,
  fieldErrorsFrom,
  setServerErrors,
  type UseFormReturnType,
  useContractForm,
  useForm,
} from './form';
export {
  FormModal,
  type FormModalForm,
  type FormModalProps,
  type FormModalState,
  type FormOutcome,
} from './form-modal';
export {
  dayToLocalDate,
  formatDateTime,
  formatDay,
  formatLongDate,
  formatLongDateTime,
  formatUsd,
  initials,
  orderCountText,
} from './format';
export { hasListFilters, type ListFilterValues } from './list-filter-values';
export { ListFilters, type ListFiltersProps } from './list-filters';
export { ListPagination, type ListPaginationProps } from './list-pagination';
export {
  type CheckedRequest,
  LIST_PAGE_SIZES,
  ListScreen,
  type ListScreenOptions,
  type ListScreenProps,
  type ListScreenState,
  useListScreen,
} from './list-screen';
export { Modal } from './modal';
export { MoneyInput, type MoneyInputProps } from './money-input';
export { PageForm, type PageFormProps } from './page-form';
export { QueryBody, type QueryBodyProps } from './query-body';
export { type QueryPhase, type QueryProgress, queryPhase } from './query-phase';
export { RowMenu, type RowMenuItem } from './row-menu';
export { SectionCard } from './section-card';
export {
  clearServerState,
  keepPreviousData,
  type MutationSpec,
  type QueryKey,
  queryClient,
  ServerStateProvider,
  type UseQueryResult,
  useApiMutation,
  useInvalidate,
  useIsFetching,
  useQueries,
  useQuery,
  useQueryClient,
} from './server-state';
export {
  EmptyState,
  ErrorState,
  InlineLoading,
  LoadingState,
  NotAvailableYet,
  PageHeader,
  RetryAlert,
} from './states';
export { StatusAlerts } from './status-alerts';
export { theme, UiProvider } from './theme';
export { FLASH_MS, useFlash } from './use-flash';
export { type FormSubmitState, useFormSubmit } from './use-form-submit';
export { type ModalItem, useModalItem } from './use-modal-item';
export { usePageFor } from './use-page-for';
