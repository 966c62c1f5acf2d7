// A browser that leaves an answer half read (a page closed on the live feed, a download or a long
// list abandoned, a tab gone mid-request) is normal client behaviour, not a fault of the server.
// Streams then end with "premature close": Fastify logs its own case at info, but a compressed
// answer's pipe (@fastify/compress) logs it with `log.error`, and an upload's pipe throws it to the
// error handler. Those records are taken down to info here, so level 50 keeps meaning a real fault.
import type { PinoLoggerOptions } from 'fastify/types/logger';

type LogMethodHook = NonNullable<NonNullable<PinoLoggerOptions['hooks']>['logMethod']>;

const ERROR_LEVEL = 50;

/** Whether `err` is a stream closed before its end: what a client going away leaves. */
export function isPrematureClose(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  // Node's own (stream.finished, pipeline) has the code; end-of-stream's (pump) only the message.
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || message === 'premature close';
}

/** The error a log call is about: `log.error(err)` or `log.error({ err }, msg)`. */
function errorOf(first: unknown): unknown {
  if (first instanceof Error) return first;
  return first && typeof first === 'object' ? (first as { err?: unknown }).err : undefined;
}

/** The logger's hook: an error-level record of a premature close is written at info instead. */
export const clientGoneBelowError: LogMethodHook = function logMethod(args, method, level) {
  if (level >= ERROR_LEVEL && isPrematureClose(errorOf(args[0]))) {
    this.info(...args);
    return;
  }
  method.apply(this, args);
};
