export type Provider = 'paypal' | 'xsolla' | 'payermax';
export type AttemptStatus = number | 'network-error';

/** Reported after every delivery attempt (the public `onWebhook` option). */
export interface WebhookEvent {
  provider: Provider;
  url: string;
  status: AttemptStatus;
  body: string;
}

/** What the provider makes of the shop's answer: done, try again later, or stop trying. */
export type Verdict = 'delivered' | 'retry' | 'rejected';

export interface Attempt {
  status: AttemptStatus;
  responseBody: string;
  verdict: Verdict;
}

export interface Delivery {
  provider: Provider;
  url: string;
  /** The exact bytes sent; signatures are computed over them. */
  body: string;
  /** Computed per attempt, since some providers sign the transmission time. */
  headers: () => Record<string, string>;
  /** Default: any 2xx is delivered, everything else is retried. */
  judge?: (status: AttemptStatus, responseBody: string) => Verdict;
  /** Called once with the last attempt when delivery ends: delivered, rejected, or out of retries. */
  onSettled?: (last: Attempt) => void;
}

const ATTEMPT_TIMEOUT_MS = 10_000;

const defaultJudge = (status: AttemptStatus): Verdict =>
  typeof status === 'number' && status >= 200 && status < 300 ? 'delivered' : 'retry';

/**
 * Posts webhooks the way the providers do: the first attempt at once, then one redelivery after each of
 * `retryDelaysMs` while the shop answers with an error or cannot be reached. Callers get the first attempt's
 * result (Xsolla's pay page waits for it); later attempts run in the background until `close()`.
 */
export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly abort = new AbortController();
  /**
   * Fault injection (tests, demos of reconciliation): while set, webhooks are lost on the way, as when the provider or
   * the network fails for longer than its retries last. Nothing is sent and nothing is retried later.
   */
  dropping = false;

  constructor(
    private readonly retryDelaysMs: readonly number[],
    private readonly onWebhook?: (event: WebhookEvent) => void,
  ) {}

  send(delivery: Delivery): Promise<Attempt> {
    if (this.dropping) {
      const lost: Attempt = { status: 'network-error', responseBody: '', verdict: 'rejected' };
      delivery.onSettled?.(lost);
      return Promise.resolve(lost);
    }
    return this.attempt(delivery, 0);
  }

  /** Stops pending redeliveries and aborts requests in flight. */
  close(): void {
    this.abort.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async attempt(delivery: Delivery, retriesDone: number): Promise<Attempt> {
    const result = await this.post(delivery);
    const delay = this.retryDelaysMs[retriesDone];
    if (result.verdict === 'retry' && delay !== undefined && !this.abort.signal.aborted) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.attempt(delivery, retriesDone + 1);
      }, delay);
      this.timers.add(timer);
    } else {
      delivery.onSettled?.(result);
    }
    return result;
  }

  private async post(delivery: Delivery): Promise<Attempt> {
    let status: AttemptStatus;
    let responseBody = '';
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...delivery.headers() },
        body: delivery.body,
        // A redirect is an answer, not a delivery: providers do not follow it.
        redirect: 'manual',
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
      });
      status = response.status;
      responseBody = await response.text();
    } catch {
      status = 'network-error';
    }
    try {
      this.onWebhook?.({ provider: delivery.provider, url: delivery.url, status, body: delivery.body });
    } catch {
      // An observer's failure must not change what the provider does.
    }
    return { status, responseBody, verdict: (delivery.judge ?? defaultJudge)(status, responseBody) };
  }
}
