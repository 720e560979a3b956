import {
  AMAZON_CONFIRM_MESSAGES,
  AmazonConfirmRequest,
  type AmazonSavedCredentialsResponse,
} from '@labeldesk/contracts';
import { z } from 'zod';

/** A cookies file that passed `parseCookiesFile`: its Cookie header, name, and number of cookies. */
export interface LoadedCookies {
  header: string;
  fileName: string;
  count: number;
}

/** The credentials part of Amazon Order Confirmation, as its form holds it. */
export interface CredentialsFormValues {
  csrfToken: string;
  cookies: LoadedCookies | null;
  /** Send the saved token / cookies instead (offered, switched on, when saved ones exist). */
  useSavedCsrf: boolean;
  useSavedCookies: boolean;
  saveCookies: boolean;
  saveCsrfToken: boolean;
}

export const emptyCredentials = (): CredentialsFormValues => ({
  csrfToken: '',
  cookies: null,
  useSavedCsrf: false,
  useSavedCookies: false,
  saveCookies: false,
  saveCsrfToken: false,
});

/** What the form is checked against besides its values: the chosen bulk order, the saved credentials. */
export interface ConfirmContext {
  bulkOrderId: string | null;
  saved: AmazonSavedCredentialsResponse | null;
  /** The chosen bulk order is read and has no Amazon order ids. */
  noAmazonOrders: boolean;
}

/** The saved token / cookies the values choose to send, or null. */
export function savedChoice(values: CredentialsFormValues, saved: AmazonSavedCredentialsResponse | null) {
  return {
    csrfToken: values.useSavedCsrf && saved?.credentials.csrfToken ? saved.credentials.csrfToken : null,
    cookies: values.useSavedCookies && saved?.credentials.cookies ? saved.credentials.cookies : null,
  };
}

/**
 * The confirm request the values come to: the saved token / cookies where chosen, else the typed token and the file's
 * cookies; "save for next time" only for what was not already the saved one.
 */
export function confirmInput(values: CredentialsFormValues, context: ConfirmContext) {
  const savedOnes = savedChoice(values, context.saved);
  return {
    bulkOrderId: context.bulkOrderId ?? '',
    cookies: savedOnes.cookies ?? values.cookies?.header ?? '',
    csrfToken: savedOnes.csrfToken ?? values.csrfToken.trim(),
    saveCookies: values.saveCookies && !savedOnes.cookies,
    saveCsrfToken: values.saveCsrfToken && !savedOnes.csrfToken,
  };
}

/**
 * The credentials form's schema: the SPEC's checks in its order (a bulk order chosen, cookies, a CSRF token, Amazon
 * orders in it), then the contract (AmazonConfirmRequest: the token's and the cookies' format), out as the request.
 * The cookies' and the token's problems land on `cookies` and `csrfToken`; the others on the form's root.
 */
export function credentialsFormSchema(context: ConfirmContext) {
  return z
    .custom<CredentialsFormValues>()
    .transform((values, ctx): AmazonConfirmRequest => {
      const input = confirmInput(values, context);
      const problem = (path: string[], message: string) => {
        ctx.addIssue({ code: 'custom', path, message });
        return z.NEVER;
      };
      if (input.bulkOrderId === '') return problem([], AMAZON_CONFIRM_MESSAGES.selectBulkOrder);
      if (input.cookies === '') return problem(['cookies'], AMAZON_CONFIRM_MESSAGES.cookiesRequired);
      if (input.csrfToken === '') return problem(['csrfToken'], AMAZON_CONFIRM_MESSAGES.csrfRequired);
      if (context.noAmazonOrders) return problem([], AMAZON_CONFIRM_MESSAGES.noAmazonOrders);
      return input;
    })
    .pipe(AmazonConfirmRequest);
}
