/**
 * Numbers from SPEC.md section 4 and 9 that both ends (and the simulators) rely on. The bridge runs the
 * supervisors; keeping the figures here means nobody retypes them.
 */

/** Version of the console <-> bridge protocol; a mismatch in `hello` closes the connection. */
export const PROTOCOL_VERSION = 1;

/** Where the bridge listens by default: loopback only. */
export const DEFAULT_BRIDGE_PORT = 18088;

/** Path of the WebSocket endpoint on the bridge. */
export const BRIDGE_WS_PATH = '/ws';

/** Per-vendor-request timeouts of SPEC section 9. The bridge applies these to each upstream request. */
export const VENDOR_TIMEOUTS_MS = {
  /** Document/head camera service client (38088). */
  cameraClient: 10_000,
  /** Default for any vendor call not listed here. */
  defaultCall: 60_000,
  /** One fingerprint image request (one poll). */
  fingerprintImage: 3_000,
  faceVerify: 20_000,
  /** Fingerprint read (`fp=read` and the ZA module). */
  fingerprintRead: 20_000,
  /** `card=idcard` blocks until a card is presented or about 30 s pass. */
  idCard: 30_000,
  /** ZKBioOnline client. */
  zkClient: 6_000,
} as const;

/**
 * How long a whole fingerprint capture may wait for the person to press (3 presses when enrolling).
 * Not a SPEC figure: SPEC only bounds each request. The bridge stops polling and answers TIMEOUT after it.
 */
export const FINGERPRINT_HUMAN_WAIT_MS = 60_000;

/**
 * Added to a bridge-side limit to form the client's call budget, so the bridge's typed TIMEOUT error
 * (which names the vendor) normally arrives before the client gives up on its own.
 */
export const CALL_TIMEOUT_MARGIN_MS = 2_000;

/** ZA fingerprint polling interval; -102 keeps waiting. */
export const ZA_POLL_INTERVAL_MS = 2111;
/** ZK fingerprint polling interval; -2006 keeps waiting. */
export const ZK_POLL_INTERVAL_MS = 333;
/** Presses needed to enrol a finger, and to verify one. */
export const ENROL_PRESSES = 3;
export const VERIFY_PRESSES = 1;

/** Device refresh: up to 5 rounds closing any camera in `run` state, 17 ms apart. */
export const REFRESH_MAX_ROUNDS = 5;
export const REFRESH_ROUND_PAUSE_MS = 17;

/** The attached document camera is restarted this often (skipped while shown or already restarting). */
export const CAMERA_RESTART_INTERVAL_MS = 180_000;

/** Stream id (cache-buster) counter wraps at this value. */
export const STREAM_ID_WRAP = 100_000_000;

/** Document camera index and head camera index, as the camera service numbers them. */
export const CAMERA = { document: 0, head: 1 } as const;

/**
 * Largest frame either end accepts, in UTF-8 bytes. Capture results and face.verify requests carry
 * base64 JPEGs (several with multi_object), so this is generous; anything above is refused unparsed.
 */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;

/** The client gives up on a connection when no `welcome` follows its `hello` within this time. */
export const HELLO_TIMEOUT_MS = 10_000;

/**
 * The bridge closes a socket whose first frame is not a `hello` within this time of the upgrade. Short:
 * such sockets hold one of the few handshake slots, and the console sends `hello` as soon as it opens.
 */
export const HELLO_WINDOW_MS = 3_000;

/** Client reconnect: full-jitter exponential backoff from this base, capped at 30 s (issue 3). */
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 30_000;
