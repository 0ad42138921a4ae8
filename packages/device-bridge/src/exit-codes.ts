/** Process exit codes of `trialab-bridge`, distinct so a service manager or IT can tell what happened. */
export const ExitCode = {
  OK: 0,
  /** Unexpected failure. */
  FAILURE: 1,
  /** The configuration file, environment or flags are invalid. */
  CONFIG_INVALID: 2,
  /** The port is held by another program. */
  PORT_IN_USE: 3,
  /** Another trialab-bridge already answers on the port. */
  ALREADY_RUNNING: 4,
  /** The server's public key could not be fetched or is not valid. */
  PAIRING_FAILED: 5,
  /** The command does not exist on this operating system (e.g. install on macOS). */
  UNSUPPORTED_PLATFORM: 6,
  /** `doctor` found a problem. */
  DOCTOR_PROBLEMS: 7,
  /** Wrong command line. */
  USAGE: 64,
} as const;
