export { NETWORK_FEE_MODES, type NetworkFeeMode } from './accounting';
export { type CreateInvoiceInput, INVOICE_EVENT_TYPES, InvoiceActionError, type InvoiceEventType } from './invoices';
export type { InvoiceData, PaymentMethodData } from './models';
export type { BtcpaySandboxOptions } from './options';
export {
  type BtcpaySandbox,
  type BtcpaySandboxApp,
  type BtcpaySandboxControls,
  type BtcpaySandboxServerOptions,
  createBtcpaySandbox,
  createBtcpaySandboxApp,
} from './sandbox';
export { DATA_FILE_NAME, type DeliveryLogEntry, SandboxNotFoundError } from './service';
export type { AdditionalStatus, InvoiceStatus, PaymentStatus } from './state';
export { DEFAULT_RETRY_SCHEDULE_MS, signBody, type WebhookEventBody } from './webhooks';
