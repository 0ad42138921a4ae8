import { BridgeError, ErrorCode } from '@trialab/device-protocol';

/** One way of asking the camera service for something: a command name (for logs) and the call. */
export interface RequestForm<T> {
  readonly name: string;
  run(): Promise<T>;
}

/** HTTP statuses that say "no such command" (VENDOR-NOTES: builds normally answer 200 with a code). */
const NO_SUCH_COMMAND_STATUS = new Set([404, 405, 501]);

/** Failures that are not an answer from the service: nothing was learnt about its commands. */
const NOT_AN_ANSWER = new Set<ErrorCode>([
  ErrorCode.VENDOR_UNREACHABLE,
  ErrorCode.TIMEOUT,
  ErrorCode.CANCELLED,
  ErrorCode.VENDOR_MALFORMED,
  ErrorCode.INTERNAL,
]);

/**
 * Whether an error is the service answering "no" (a non-zero code, or a no-such-command HTTP status),
 * as opposed to no usable answer at all (unreachable, timeout, cancelled, unreadable).
 */
export function isNonSuccessAnswer(error: unknown): boolean {
  if (!(error instanceof BridgeError) || NOT_AN_ANSWER.has(error.code)) return false;
  const details = error.details as { vendorCode?: unknown; httpStatus?: unknown } | undefined;
  if (details?.vendorCode !== undefined) return true;
  return typeof details?.httpStatus === 'number' && NO_SUCH_COMMAND_STATUS.has(details.httpStatus);
}

/**
 * Which request forms this camera service lacks, learnt by behaviour. Builds differ (VENDOR-NOTES) and
 * their "no such command" answer cannot be told from a device error by its words or code (one build
 * says code "1" in Chinese, which others use for "not connected"). So: when the preferred form answers
 * anything but success, the other form is tried; only the other form's success proves the first one
 * missing, and then it is remembered for this service. When both fail, the preferred form's error
 * stands (a device error fails both). `forget()` runs when the service goes away: it may come back as
 * another build.
 */
export class FormMemory {
  readonly #missing = new Set<string>();
  readonly #onChange: (missing: string, using: string) => void;

  constructor(onChange: (missing: string, using: string) => void = () => {}) {
    this.#onChange = onChange;
  }

  /** Forms known to be missing on this service, for diagnostics and tests. */
  get missing(): readonly string[] {
    return [...this.#missing];
  }

  forget(): void {
    this.#missing.clear();
  }

  /**
   * Runs `first`, or `alternative` straight away when `first` is known to be missing. A non-success
   * answer moves on to the other form; its success is remembered (in either direction, so an upgraded
   * build that has the first form again is noticed too).
   */
  async run<T>(first: RequestForm<T>, alternative: RequestForm<T>): Promise<T> {
    const firstMissing = this.#missing.has(first.name);
    const [preferred, other] = firstMissing ? [alternative, first] : [first, alternative];
    try {
      return await preferred.run();
    } catch (error) {
      if (!isNonSuccessAnswer(error)) throw error;
      let result: T;
      try {
        result = await other.run();
      } catch {
        throw error;
      }
      if (firstMissing) this.#missing.delete(first.name);
      else this.#missing.add(first.name);
      this.#onChange(preferred.name, other.name);
      return result;
    }
  }
}
