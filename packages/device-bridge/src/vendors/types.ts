import type {
  CameraIndex,
  CameraState,
  ErrorCode,
  FingerprintMode,
  FingerprintReader,
  MethodParamsParsed,
  MethodResultInput,
  ServiceState,
  Vendor,
} from '@trialab/device-protocol';
import type { Dispatcher } from 'undici';

/** What every vendor adapter offers, whatever else it does: where it is and whether it answers. */
export interface VendorAdapter {
  readonly vendor: Vendor;
  readonly enabled: boolean;
  /** Configured base address, for diagnostics. */
  readonly address: string;
  /** One cheap request with a short timeout; never throws. */
  probe(signal?: AbortSignal): Promise<ProbeResult>;
  /** Releases connections (agents) held by the adapter. */
  dispose(): Promise<void>;
}

export interface ProbeResult {
  service: Vendor;
  state: ServiceState;
  address: string;
  latencyMs?: number;
  lastError?: { code: ErrorCode; message: string };
}

export interface CameraStatus {
  video0: CameraState;
  video1: CameraState;
}

export type CaptureParams = MethodParamsParsed<'camera.capture'>;
export type CaptureResult = MethodResultInput<'camera.capture'>;
export type IdCardResult = MethodResultInput<'idcard.read'>;

/** The camera / head camera / ID card / face service on 38088. */
export interface CameraVendor extends VendorAdapter {
  readonly vendor: 'camera';
  status(signal?: AbortSignal, timeoutMs?: number): Promise<CameraStatus>;
  open(camera: CameraIndex, signal?: AbortSignal): Promise<void>;
  close(camera: CameraIndex, signal?: AbortSignal): Promise<void>;
  getResolution(camera: CameraIndex, signal?: AbortSignal): Promise<string>;
  setResolution(camera: CameraIndex, width: number, height: number, signal?: AbortSignal): Promise<void>;
  setCutPage(camera: CameraIndex, enabled: boolean, signal?: AbortSignal): Promise<void>;
  capture(params: CaptureParams, signal?: AbortSignal): Promise<CaptureResult>;
  faceVerify(image0: string, image1: string, signal?: AbortSignal): Promise<number>;
  readIdCard(signal?: AbortSignal): Promise<IdCardResult>;
  /** The vendor's MJPEG URL for a camera (only the bridge's stream proxy uses it). */
  streamUrl(camera: CameraIndex): string;
  /** Connection pool for the stream proxy's upstream requests. */
  readonly dispatcher: Dispatcher;
}

/** One step of a fingerprint capture, as the polling supervisor sees it. */
export type PollOutcome =
  | { kind: 'waiting' }
  /** `press` counts from 1; `image` is the press's fingerprint picture when the vendor sent one. */
  | { kind: 'press'; press: number; image?: string };

/** One running capture on a reader: begin, poll until enough presses, finish with the template. */
export interface CaptureSession {
  begin(signal: AbortSignal): Promise<void>;
  poll(signal: AbortSignal): Promise<PollOutcome>;
  /** After the last press: the template (enrol) or feature (verify). */
  finish(signal: AbortSignal): Promise<string>;
  /** Best effort: tells the vendor to stop capturing (cancel, error, or done). Never throws. */
  stop(): Promise<void>;
}

/** ZA (8867) and ZK (22001/22002) behind one interface, so one supervisor polls both. */
export interface FingerprintDriver extends VendorAdapter {
  readonly vendor: 'za' | 'zk';
  readonly pollIntervalMs: number;
  reader(signal?: AbortSignal): Promise<FingerprintReader>;
  session(mode: FingerprintMode): CaptureSession;
}
