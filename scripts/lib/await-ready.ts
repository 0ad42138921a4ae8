// How the stack launcher waits for a service it started: as long as the service makes progress.
import type { EventEmitter } from 'node:events';

export interface ReadyMessage {
  type: 'ready';
  ports: Record<string, number>;
  [extra: string]: unknown;
}

/** A step a service has begun (the server: migrating the database, seeding, listening). */
interface ProgressMessage {
  type: 'progress';
  phase: string;
}

export interface WaitOptions {
  name: string;
  log(message: string): void;
  /** Told of each step (the launcher passes them on to whoever started it). */
  onProgress?(phase: string): void;
  /** A service that reports nothing new for this long is taken as hung. */
  noProgressMs: number;
  /** While waiting, how often to say what the service is still doing. */
  stillEveryMs: number;
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/**
 * Resolves with the service's `ready` message. Not a deadline: each `progress` message is shown and
 * starts the no-progress clock again; it fails only when the service cannot start, exits, or reports
 * nothing new for `noProgressMs`.
 */
export function awaitReady(child: EventEmitter, options: WaitOptions): Promise<ReadyMessage> {
  const { name, log } = options;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let phase = 'starting';
    let phaseAt = started;
    const watch = setInterval(() => {
      const quiet = Date.now() - phaseAt;
      if (quiet >= options.noProgressMs) {
        stop(new Error(`${name} reported no progress for ${seconds(quiet)} (still ${phase})`));
        return;
      }
      log(`${name}: still ${phase} (${seconds(quiet)})`);
    }, options.stillEveryMs);
    const onMessage = (message: ReadyMessage | ProgressMessage) => {
      if (message?.type === 'progress') {
        phase = message.phase;
        phaseAt = Date.now();
        log(`${name}: ${phase}`);
        options.onProgress?.(phase);
      } else if (message?.type === 'ready') {
        log(`${name}: ready after ${seconds(Date.now() - started)}`);
        stop(undefined, message);
      }
    };
    const onError = (error: Error) => stop(new Error(`${name} could not start: ${error.message}`));
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      stop(new Error(`${name} stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`));
    function stop(error: Error | undefined, ready?: ReadyMessage) {
      clearInterval(watch);
      child.off('message', onMessage);
      child.off('error', onError);
      child.off('exit', onExit);
      if (ready) resolve(ready);
      else reject(error);
    }
    child.on('message', onMessage);
    child.on('error', onError);
    child.on('exit', onExit);
  });
}
