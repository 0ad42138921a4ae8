import { join } from 'node:path';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { BridgeConfig } from './config.js';

/**
 * Personal data must never reach the logs (ARCHITECTURE decision 7). The bridge logs only method names,
 * ids, durations and error codes; these paths are a second line of defence for anything that slips in.
 */
export const REDACT_PATHS = [
  'ticket',
  '*.ticket',
  'params',
  '*.params',
  'result',
  '*.result',
  'data',
  '*.data',
  'req.headers.cookie',
  'req.headers.authorization',
  '*.name',
  '*.cardID',
  '*.cardId',
  '*.base64',
  '*.photoBase64',
  '*.image',
  '*.image0',
  '*.image1',
  '*.template',
  '*.feature',
  '*.reg',
  '*.ver',
  '*.IDCardInfo',
];

export type BridgeLogger = Logger;

/**
 * Service mode (`logs.dir`): JSON to daily/size-rotated files via pino-roll. Otherwise standard output,
 * pretty on a terminal. Tests pass their own destination and read back what was written.
 */
export function createLogger(config: BridgeConfig, destination?: DestinationStream): BridgeLogger {
  const base = {
    level: config.logs.level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { pid: process.pid, service: 'trialab-bridge' },
  };
  if (destination) return pino(base, destination);
  if (config.logs.dir) {
    const transport = pino.transport({
      target: 'pino-roll',
      options: {
        file: join(config.logs.dir, 'bridge'),
        extension: '.log',
        frequency: 'daily',
        dateFormat: 'yyyy-MM-dd',
        size: config.logs.maxFileSize,
        mkdir: true,
        limit: { count: config.logs.maxFiles },
      },
    });
    return pino(base, transport);
  }
  const pretty = config.logs.pretty ?? process.stdout.isTTY === true;
  if (pretty) {
    return pino({
      ...base,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:standard', ignore: 'pid,service' } },
    });
  }
  return pino(base);
}
