import { AppError } from '../../src-shared/errors';
import { channels } from '../../src-shared/ipc/channels';
import { describeIssues } from '../../src-shared/ipc/describe-issues';
import { isPreloadOnlyChannel } from '../../src-shared/ipc/names';
import {
  type ChannelName,
  type ChannelOutput,
  type IpcResult,
  type ParsedChannelInput,
  isChannelName,
} from '../../src-shared/ipc/contract';
import type { Logger } from '../platform/logger';

/** Who is calling: the frame URL in Electron, the page origin in browser mode. */
export interface Sender {
  transport: 'electron' | 'web';
  url: string;
}

export type Handler<C extends ChannelName> = (
  input: ParsedChannelInput<C>,
  sender: Sender,
) => ChannelOutput<C> | Promise<ChannelOutput<C>>;

export type Handlers = { [C in ChannelName]: Handler<C> };

export type Dispatch = (channel: unknown, input: unknown, sender: Sender) => Promise<IpcResult>;

export interface DispatcherOptions {
  handlers: Handlers;
  isTrustedSender: (sender: Sender) => boolean;
  logger: Logger;
}

/**
 * The one wrapper every IPC call goes through, whatever the transport: checks the sender, checks
 * the channel, parses the input, runs the handler, parses the output, and turns any failure into
 * `{code, message}`. Nothing a handler throws escapes as anything else.
 */
export function createDispatcher({ handlers, isTrustedSender, logger }: DispatcherOptions): Dispatch {
  return async (channel, input, sender) => {
    // One try around everything, schemas included: a refine that throws must still answer INTERNAL,
    // not reject the transport's promise (an unhandled rejection in the web host, raw text in Electron).
    try {
      if (!isTrustedSender(sender)) {
        logger.warn('ipc: refused sender', { channel: String(channel).slice(0, 100), url: sender.url });
        return failure(new AppError('IPC_FORBIDDEN_SENDER'));
      }
      if (!isChannelName(channel)) {
        return failure(new AppError('IPC_UNKNOWN_CHANNEL', `Unknown channel "${String(channel).slice(0, 100)}".`));
      }
      if (isPreloadOnlyChannel(channel) && sender.transport !== 'electron') {
        return failure(new AppError('IPC_FORBIDDEN_SENDER', 'Files are read from disk only by the desktop app; a browser sends their bytes instead.'));
      }
      const definition = channels[channel];
      const parsed = definition.input.safeParse(input);
      if (!parsed.success) {
        return failure(new AppError('IPC_INVALID_INPUT', describeIssues(channel, parsed.error)));
      }
      const handler = handlers[channel] as Handler<typeof channel>;
      const value: unknown = await handler(parsed.data as never, sender);
      const output = definition.output.safeParse(value);
      if (!output.success) {
        // Paths and codes only: the values are the coordinator's data, and they would go to the log.
        const issues = output.error.issues.slice(0, 10).map((issue) => ({ path: issue.path.join('.'), code: issue.code }));
        logger.error('ipc: handler answered outside its contract', { channel, issues });
        return failure(new AppError('INTERNAL'));
      }
      return { ok: true, value: output.data };
    } catch (error) {
      if (error instanceof AppError) return failure(error);
      logger.error('ipc: handler failed', { channel: String(channel).slice(0, 100), error });
      return failure(new AppError('INTERNAL'));
    }
  };
}

function failure(error: AppError): IpcResult {
  return { ok: false, error: error.toBody() };
}
