/** Version of the console <-> bridge protocol; a mismatch in `hello` closes the connection. */
export const PROTOCOL_VERSION = 1;

/** Where the bridge listens by default: loopback only. */
export const DEFAULT_BRIDGE_PORT = 18088;
