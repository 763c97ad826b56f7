/**
 * The one registry of error codes. Only `{code, message}` ever crosses IPC, so the renderer can
 * branch on `code` and show `message` to a person: messages are written for coordinators and
 * never contain secrets, tokens or stack traces.
 */
export const ERROR_CODES = {
  IPC_INVALID_INPUT: 'The request was not valid.',
  IPC_UNKNOWN_CHANNEL: 'That action does not exist.',
  IPC_FORBIDDEN_SENDER: 'The request came from a window that is not allowed to make it.',
  IPC_DISCONNECTED: 'The connection to the app was lost.',
  IPC_TIMEOUT: 'The app took too long to answer.',
  SETTINGS_WRITE_FAILED: 'Settings could not be saved.',
  INTERNAL: 'Something went wrong inside the app.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** An error that is safe to show: thrown in main, serialised to `{code, message}`, rethrown in the renderer. */
export class AppError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string = ERROR_CODES[code]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message };
  }

  static fromBody(body: ErrorBody): AppError {
    return new AppError(body.code, body.message);
  }
}
