/**
 * WebSocket close codes the bridge uses (application range 4000-4999). The client decides from the code
 * whether to reconnect normally or treat the bridge as refusing.
 */
export const CloseCode = {
  /** The first frame was not a valid `hello`, or a second `hello` arrived. */
  HELLO_INVALID: 4000,
  /** `hello.protocolVersion` differs from the bridge's PROTOCOL_VERSION. */
  PROTOCOL_VERSION_MISMATCH: 4001,
  /** No `hello` within the bridge's hello window (HELLO_WINDOW_MS) of the upgrade, or handshake slots full; the client uses it too when no `welcome` comes. */
  HELLO_TIMEOUT: 4002,
  /** The access ticket is missing, forged, expired, already used or bound to another origin. */
  TICKET_REFUSED: 4003,
  /** The Origin header is not on the bridge's allow-list. */
  ORIGIN_REFUSED: 4004,
  /** The Host header is not a loopback name with the bridge's port (DNS rebinding defence). */
  HOST_REFUSED: 4005,
  /** A frame exceeded MAX_FRAME_BYTES. */
  FRAME_TOO_LARGE: 4009,
  /** The bridge is stopping or restarting; reconnect with backoff. */
  BRIDGE_SHUTTING_DOWN: 4010,
  /** An unexpected fault in the bridge ended this connection. */
  INTERNAL_ERROR: 4011,
} as const;
export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode];

export interface CloseCodeInfo {
  readonly name: keyof typeof CloseCode;
  /** `refused`: reconnecting with the same credentials cannot help soon, so the client waits the cap. */
  readonly kind: 'refused' | 'retry';
  readonly cn: string;
  readonly en: string;
}

export const CLOSE_CODE_CATALOGUE: { readonly [C in CloseCode]: CloseCodeInfo } = {
  4000: {
    name: 'HELLO_INVALID',
    kind: 'retry',
    cn: '握手消息无效',
    en: 'The hello handshake was invalid',
  },
  4001: {
    name: 'PROTOCOL_VERSION_MISMATCH',
    kind: 'refused',
    cn: '设备桥版本与本页面不兼容，请升级设备桥或刷新页面',
    en: 'The device bridge speaks another protocol version; update the bridge or reload the page',
  },
  4002: {
    name: 'HELLO_TIMEOUT',
    kind: 'retry',
    cn: '握手超时',
    en: 'The hello handshake timed out',
  },
  4003: {
    name: 'TICKET_REFUSED',
    kind: 'refused',
    cn: '设备桥拒绝了访问票据，请重新登录',
    en: 'The device bridge refused the access ticket; log in again',
  },
  4004: {
    name: 'ORIGIN_REFUSED',
    kind: 'refused',
    cn: '设备桥不允许此网站访问，请联系管理员配置来源白名单',
    en: 'The device bridge does not allow this site; ask IT to add it to the origin allow-list',
  },
  4005: {
    name: 'HOST_REFUSED',
    kind: 'refused',
    cn: '设备桥拒绝了请求的主机名',
    en: 'The device bridge refused the requested host name',
  },
  4009: {
    name: 'FRAME_TOO_LARGE',
    kind: 'retry',
    cn: '消息过大，连接已关闭',
    en: 'A message was too large; the connection was closed',
  },
  4010: {
    name: 'BRIDGE_SHUTTING_DOWN',
    kind: 'retry',
    cn: '设备桥正在关闭或重启',
    en: 'The device bridge is shutting down or restarting',
  },
  4011: {
    name: 'INTERNAL_ERROR',
    kind: 'retry',
    cn: '设备桥内部错误',
    en: 'Internal error in the device bridge',
  },
};

export const CLOSE_CODES = Object.values(CloseCode) as readonly CloseCode[];

export function isCloseCode(code: number): code is CloseCode {
  return Object.hasOwn(CLOSE_CODE_CATALOGUE, code);
}

/** True when the bridge closed because it refuses this client (origin, host, ticket, version). */
export function isRefusal(code: number): boolean {
  return isCloseCode(code) && CLOSE_CODE_CATALOGUE[code].kind === 'refused';
}
