import { ErrorBody, type ErrorCode, type ErrorDetail } from '@labeldesk/contracts';
import type { z } from 'zod';
import { clearSession, getToken } from './session';

/** An error answered by the API (or a network failure, code `network_error`). */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error' | 'bad_response',
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

/**
 * The message a screen shows: the server's message when there is one, else the screen's fallback
 * (SPEC §8: "A server message field is shown when present; otherwise the fallback").
 */
export function errorMessage(error: unknown, fallback: string): string {
  // A 500 says only 'Internal server error': the screen's own text says more about what failed.
  const generic: ReadonlySet<ApiClientError['code']> = new Set(['network_error', 'bad_response', 'internal_error']);
  if (error instanceof ApiClientError && !generic.has(error.code)) return error.message || fallback;
  return fallback;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema: z.ZodType<T>;
  /** Sends the stored token; default true. */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Let the request outlive the page (fetch keepalive), e.g. a logout sent as the user leaves. */
  keepalive?: boolean;
}

let apiBase = '';

/** Sets the origin the API lives on ('' = same origin as the page). */
export function configureApiBase(base: string): void {
  apiBase = base.replace(/\/$/, '');
}

/** Sends one call; resolves to the status and text of a success, throws ApiClientError otherwise. */
async function send(
  path: string,
  options: Omit<RequestOptions<unknown>, 'schema'>,
  accept: string,
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.auth === false ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiClientError(0, 'network_error', 'Network error: the server could not be reached');
  }

  const text = await response.text();
  if (response.ok) return { status: response.status, text };
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = ErrorBody.safeParse(json);
  if (response.status === 401 && token && parsed.success && parsed.data.expired) {
    // SPEC §4: an expired-token answer clears the session; the shell's guard then redirects to login.
    clearSession();
  }
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    throw new ApiClientError(response.status, code, message, details);
  }
  throw new ApiClientError(response.status, 'bad_response', `Unexpected response (${response.status})`);
}

export async function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { status, text } = await send(path, options, 'application/json');
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiClientError(status, 'bad_response', 'Unexpected response from the server');
  }
  return parsed.data;
}

/** A call answered with a text document (a CSV export): its text; errors as for `request`. */
export async function requestText(
  path: string,
  options: Omit<RequestOptions<unknown>, 'schema'> = {},
): Promise<string> {
  return (await send(path, options, 'text/csv, text/plain, */*')).text;
}
