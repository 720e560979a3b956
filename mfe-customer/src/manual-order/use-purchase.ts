import { ApiClientError, api, errorMessage, orderMutations } from '@labeldesk/api-client';
import { type CreateOrderRequest, ORDER_MESSAGES } from '@labeldesk/contracts';
import { useNavigate } from '@labeldesk/router';
import { useApiMutation } from '@labeldesk/ui';
import { useEffect, useRef, useState } from 'react';
import { LABEL_ACTION_TEXT, labelUrlFor, openInNewTab } from '../common/label-links';
import { keyForSubmit, newIdempotencyKey, type OpenAttempt, outcomeUnknown } from '../ordering/idempotency';

/** SPEC §9: the label opens 0.5 s after it was created; the app goes to My Orders after 2 s. */
export const LABEL_OPEN_DELAY_MS = 500;
export const MY_ORDERS_DELAY_MS = 2000;
export const CREATE_FAILED = 'Failed to create order and shipping label';

/** Where a purchase stands: nothing yet, refused (why), or bought (then the page is locked). */
export type PurchaseState =
  | { kind: 'idle' }
  | { kind: 'refused'; message: string; insufficientFunds: boolean }
  | { kind: 'created'; message: string }
  | { kind: 'pending'; message: string }
  | { kind: 'label-blocked'; message: string; url: string };

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One label purchase (SPEC §2, §9): POST /api/orders with an Idempotency-Key per attempt (kept for a retry whose first
 * outcome is unknown, so a double click or a retry never buys two labels), then the label opens 0.5 s later and My
 * Orders follows 2 s after the purchase. `onRefused` gets the server's error (its details go on the form's fields; a
 * changed price asks for a new quote).
 */
export function usePurchase(onRefused: (error: unknown) => void) {
  const navigate = useNavigate();
  const createOrder = useApiMutation(orderMutations.create);
  const [state, setState] = useState<PurchaseState>({ kind: 'idle' });
  const [labelError, setLabelError] = useState<string | null>(null);
  const openAttempt = useRef<OpenAttempt | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** After a label is bought: open it 0.5 s later, then go to My Orders once 2 s have passed. */
  const afterPurchase = async (orderId: string, message: string) => {
    setState({ kind: 'created', message });
    const labelStep = (async (): Promise<'opened' | 'blocked' | 'failed'> => {
      await delay(LABEL_OPEN_DELAY_MS);
      try {
        // The PDF, whatever the customer's default format (a browser tab cannot show ZPL).
        const url = labelUrlFor(await api.labels.link(orderId), 'view');
        if (openInNewTab(url)) return 'opened';
        // A tab opened long after the click is often blocked: offer the link and stay on the page.
        if (mounted.current) setState({ kind: 'label-blocked', message, url });
        return 'blocked';
      } catch (e) {
        if (mounted.current) setLabelError(errorMessage(e, LABEL_ACTION_TEXT.view.failed));
        return 'failed';
      }
    })();
    const [step] = await Promise.all([labelStep, delay(MY_ORDERS_DELAY_MS)]);
    if (mounted.current && step !== 'blocked') navigate('/my-orders');
  };

  const buy = async (body: CreateOrderRequest) => {
    const bodyText = JSON.stringify(body);
    const key = keyForSubmit(openAttempt.current, bodyText, newIdempotencyKey);
    openAttempt.current = { key, body: bodyText };
    setState({ kind: 'idle' });
    try {
      const res = await createOrder.mutateAsync({ body, idempotencyKey: key });
      openAttempt.current = null;
      if (!mounted.current) return;
      if (res.order.status === 'failed') {
        setState({ kind: 'refused', message: res.order.failureReason ?? CREATE_FAILED, insufficientFunds: false });
        return;
      }
      if (res.order.status !== 'completed' || !res.order.hasLabel) {
        // 202 pending reconciliation: no label yet; My Orders shows it once the carrier answers.
        setState({ kind: 'pending', message: res.message });
        await delay(MY_ORDERS_DELAY_MS);
        if (mounted.current) navigate('/my-orders');
        return;
      }
      await afterPurchase(res._id, res.message);
    } catch (error) {
      if (!outcomeUnknown(error, ORDER_MESSAGES.idempotencyInProgress)) openAttempt.current = null;
      if (!mounted.current) return;
      onRefused(error);
      setState({
        kind: 'refused',
        message: errorMessage(error, CREATE_FAILED),
        insufficientFunds: error instanceof ApiClientError && error.status === 402,
      });
    }
  };

  return {
    buy,
    state,
    labelError,
    submitting: createOrder.isPending,
    /** Bought (or under way): the form is locked. */
    done: state.kind === 'created' || state.kind === 'pending' || state.kind === 'label-blocked',
    /** Drops a refusal's message (the customer is fixing the form). */
    clearRefusal: () => setState((s) => (s.kind === 'refused' ? { kind: 'idle' } : s)),
  };
}
