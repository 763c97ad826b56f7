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
  IPC_NOT_CONNECTED: 'This page is not connected to Field Desk: open the address it printed when it started.',
  IPC_TIMEOUT: 'The app took too long to answer.',
  SETTINGS_WRITE_FAILED: 'Settings could not be saved.',
  KEYCHAIN_UNAVAILABLE: 'No keychain (Secret Service) is available.',
  KEYCHAIN_FAILED: 'The keychain could not be read or changed.',
  SECRET_EMPTY: 'A credential cannot be empty.',
  INTERNAL: 'Something went wrong inside the app.',
  API_UNREACHABLE: 'The marketplace could not be reached.',
  API_TIMEOUT: 'The marketplace took too long to answer.',
  API_ABORTED: 'The request to the marketplace was cancelled.',
  API_RATE_LIMITED: 'The marketplace asked to slow down; the request will be tried again later.',
  API_REJECTED: 'The marketplace refused the request.',
  API_NOT_FOUND: 'The marketplace does not know that record.',
  API_FORBIDDEN: 'That record belongs to another company.',
  API_UNAUTHENTICATED: 'The marketplace did not accept the sign-in.',
  API_INVALID_RESPONSE: 'The marketplace sent an answer the app does not understand.',
  API_SERVER_ERROR: 'The marketplace had a problem; the request can be tried again later.',
  AUTH_SIGNED_OUT: 'Signed out of the marketplace: enter the credentials again to resume.',
  AUTH_INVALID_CREDENTIALS: 'The marketplace refused the client id, username or password.',
  AUTH_CREDENTIALS_REQUIRED: 'Enter the client id, client secret, username and password for this environment to sign in.',
  SYNC_CANCELLED: 'The sync was cancelled; what it had fetched is kept.',
  ENVIRONMENT_NOT_CONFIGURED: 'Enter the addresses your marketplace account manager gave you for this environment.',
  ENVIRONMENT_INVALID_URL: 'An environment address must be a full http(s) address without a user name or password (https for sandbox and production).',
  ENVIRONMENT_URLS_FIXED: 'The local marketplace chooses its own addresses; they cannot be edited.',
  ENVIRONMENTS_WRITE_FAILED: 'The environment settings could not be saved.',
  WORK_ORDER_NOT_FOUND: 'That work order is not in the offline copy; a sync may bring it.',
  TALENT_POOL_NOT_FOUND: 'That talent pool is not in the offline copy; a sync may bring it.',
  ATTACHMENT_UNREADABLE: 'That file could not be read: it may have been moved, or it is a folder.',
  ATTACHMENT_TOO_LARGE: 'That file is larger than the marketplace accepts (100 MiB).',
  WORKING_OFFLINE: 'Working offline: nothing is fetched from or sent to the marketplace until you go back online.',
  STAGING_FULL: 'Files waiting to be sent already take all the room Field Desk keeps for them; let them be sent or discard some in the Outbox first.',
  ATTACHMENT_NOT_STAGED: 'The copy of that file kept for upload is gone; attach the file again.',
  LOCAL_MARKETPLACE_FAILED: 'The local marketplace could not be started.',
  ENVIRONMENT_SWITCHED: 'The marketplace environment changed while this was under way; nothing more was done in the old one. Try again.',
  APP_CLOSING: 'Field Desk is closing.',
  OUTBOX_ENTRY_NOT_FOUND: 'That change is no longer waiting: it was sent or discarded.',
  OUTBOX_ENTRY_BUSY: 'That change is being sent right now; wait for the answer.',
  OUTBOX_REFUSED: 'The marketplace refused the change; it waits in the outbox for you to retry, edit or discard it.',
  OUTBOX_NOT_ALLOWED: 'That change is not allowed from the record’s current state.',
  WEBHOOKS_NOT_CONFIGURED: 'Enter the webhook service token and company id your account manager gave you to manage webhooks.',
  LIVE_DELIVERY_INVALID: 'The delivery was not a webhook event Field Desk understands.',
  LIVE_DELIVERY_UNSIGNED: 'The delivery did not carry the signature of Field Desk’s webhook.',
  WEBHOOKS_OFFLINE: 'Webhooks are changed on the marketplace directly, and it cannot be reached now; try again when online.',
  EXPENSE_NOT_FOUND: 'That expense is not in the offline copy.',
  ATTACHMENT_NOT_FOUND: 'That file is not in the offline copy of the order.',
  ATTACHMENT_NOT_DOWNLOADED: 'That file has not been opened on this computer yet, and the marketplace cannot be reached now; it opens once online.',
  ATTACHMENT_NOT_UPLOADED: 'That file is still waiting to be uploaded; it opens here once the marketplace has it.',
  LOCATION_NOT_FOUND: 'That saved location is not in the offline copy.',
  TAG_NOT_FOUND: 'That tag is not in the offline copy of the company tags; a sync may bring it.',
  MAP_TILES_OFF: 'No online map tiles are set: the map draws its own basemap.',
  PRINT_DESKTOP_ONLY: 'Saving a work sheet as a PDF file is for the desktop app; in a browser, print it and choose “Save as PDF”.',
  PRINT_FAILED: 'The work sheet could not be saved as a PDF.',
  SAVE_FAILED: 'The file could not be written where it was to be saved: choose another folder.',
  MAP_TILE_UNAVAILABLE: 'That map tile could not be fetched; the map draws its own basemap there.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
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
