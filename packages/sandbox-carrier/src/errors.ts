/** The sandbox's error codes, their HTTP statuses and the one error type every endpoint answers with. */
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  weight_exceeds_max: 422,
  service_inactive: 422,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
} as const;

export type CarrierErrorCode = keyof typeof ERROR_STATUS;
export type CarrierErrorStatus = (typeof ERROR_STATUS)[CarrierErrorCode];

/** One problem with one request field (`field` is a dotted path such as `to.zip`). */
export interface FieldError {
  field: string;
  message: string;
}

export interface CarrierErrorBody {
  error: { code: CarrierErrorCode; message: string; details?: FieldError[] } & Record<string, unknown>;
}

export class CarrierError extends Error {
  readonly code: CarrierErrorCode;
  readonly details: FieldError[] | undefined;
  /** Extra members of the `error` object (e.g. maxWeight for weight_exceeds_max). */
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    code: CarrierErrorCode,
    message: string,
    opts: { details?: FieldError[]; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'CarrierError';
    this.code = code;
    this.details = opts.details;
    this.extra = opts.extra ?? {};
    this.headers = opts.headers ?? {};
  }

  get status(): CarrierErrorStatus {
    return ERROR_STATUS[this.code];
  }

  toBody(): CarrierErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...this.extra,
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}
