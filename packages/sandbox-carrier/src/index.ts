export { alphaCatalogue, betaCatalogue, defaultCatalogues, tiers } from './default-catalogues';
export { CarrierError, type CarrierErrorBody, type CarrierErrorCode, ERROR_STATUS, type FieldError } from './errors';
export { canonicalJson, labelView, OVERSIZED_ANSWER_BYTES, serviceView } from './http-helpers';
export {
  createEasypostSandbox,
  createShippoSandbox,
  EASYPOST_SERVICE_NAMES,
  type EasypostSandboxControls,
  type KindSandboxApp,
  type KindSandboxOptions,
  SHIPPO_SERVICE_LEVELS,
  type ShippoSandboxControls,
} from './kinds';
export { type KindSandboxServer, type KindSandboxServerOptions, serveKindSandboxes } from './kinds/serve';
export { LABEL_HEIGHT_PT, LABEL_WIDTH_PT, renderLabelPdf } from './label-pdf';
export { convertWeight, tierFor } from './pricing';
export { type RateLimit, TRACKING_LOG_MAX, type TrackingRequestRecord } from './runtime';
export {
  type CarrierSandbox,
  type CarrierSandboxApp,
  type CarrierSandboxOptions,
  type CatalogueHandle,
  createCarrierSandbox,
  createCarrierSandboxApp,
  type ServiceListing,
} from './sandbox';
export { LABEL_ANSWERS, type LabelAnswer } from './schemas';
export { type TrackingEvent, type TrackingStatus, trackingAt } from './tracking';
export { formatTrackingNumber, isValidTrackingNumber, newTrackingNumber } from './tracking-numbers';
export type {
  Address,
  Carrier,
  CatalogueDefinition,
  Clock,
  LabelRecord,
  Latency,
  PriceTier,
  ServiceDefinition,
  ServiceStatus,
  WeightUnit,
} from './types';
export { CARRIERS, USPS_TEMPLATES } from './types';
