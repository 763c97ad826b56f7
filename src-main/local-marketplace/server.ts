import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { REST_API_BASE_PATH } from '../../src-shared/api/common';
import { createLogger, type Logger } from '../platform/logger';
import { requireToken } from './auth/require-token';
import { createContext, type MarketplaceContext } from './context';
import { checkCaller } from './http/caller-check';
import { answerClientError } from './http/client-errors';
import { errorBodyAt } from './http/error-body-at';
import { parseFormBody } from './http/form-body';
import { MarketplaceError, restErrorBody } from './http/errors';
import { serverTimeouts } from './http/server-timeouts';
import { MarketplaceOptionsSchema, type MarketplaceOptionsInput } from './options';
import { registerControlRoutes } from './control/index';
import { registerRestRoutes } from './routes/index';
import { registerTokenRoute } from './routes/token';
import { isEmpty, seedDemo } from './seed/index';
import { startSimulationTimer } from './simulation/timer';
import { applyFaultsAndLimits } from './faults/hook';
import { startWebhookDelivery } from './webhooks/delivery';
import { registerWebhookService } from './webhooks/service-routes';
import { openDatabase } from './store/database';

export interface Marketplace {
  app: FastifyInstance;
  context: MarketplaceContext;
  close(): Promise<void>;
}

/** Messages for the framework's own refusals, in the words of our error body. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty but says it is JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length does not match the body',
  FST_ERR_BAD_URL: 'The URL is not valid',
};

/**
 * Builds the local marketplace without listening (tests use `inject()`); `cli.ts` and the worker
 * listen. Fastify's demo shape: build here, listen elsewhere.
 */
export async function buildMarketplace(input: MarketplaceOptionsInput = {}, logger: Logger = createLogger({ echo: false, level: 'error' })): Promise<Marketplace> {
  const options = MarketplaceOptionsSchema.parse(input);
  const db = openDatabase(options.db);
  const context = createContext(db, options, logger);
  if (options.seed === 'demo' && isEmpty(context)) seedDemo(context);

  const app = Fastify({
    logger: false,
    bodyLimit: options.bodyLimitBytes,
    // A hostile URL must not cost more than a short one.
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    ...serverTimeouts(options),
    // What node refuses before routing (malformed HTTP, 431, the header deadline): our body too.
    clientErrorHandler: answerClientError,
    // Refusals before routing (an undecodable path) answer our error body too.
    frameworkErrors: (error, request, reply) => {
      const message = FRAMEWORK_MESSAGES[error.code] ?? 'Invalid request';
      void (reply as FastifyReply).code(400).send(errorBodyAt(request.url, options.environment, 400, message));
    },
  });
  app.decorateRequest('auth', null);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseFormBody(body as string));
  });

  app.setErrorHandler((error: FastifyError | MarketplaceError, _request, reply) => {
    if (error instanceof MarketplaceError) return reply.code(error.status).send(error.toBody());
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      logger.error('marketplace: unexpected error', { error });
      const internal = new MarketplaceError('INTERNAL');
      return reply.code(internal.status).send(internal.toBody());
    }
    return reply.code(status).send(restErrorBody(status, FRAMEWORK_MESSAGES[error.code] ?? 'Invalid request'));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]?.slice(0, 200);
    return reply.code(404).send(restErrorBody(404, `No route for ${request.method} ${path}`));
  });

  // Added before any route, so it runs first on every one of them, the 404 answer included.
  app.addHook('onRequest', checkCaller(options));
  registerTokenRoute(app, context);
  await app.register(
    async (rest) => {
      // Injected faults and the rate limit act before anything else, as a network or gateway would.
      rest.addHook('onRequest', applyFaultsAndLimits(context));
      rest.addHook('onRequest', requireToken(context));
      registerRestRoutes(rest, context);
    },
    { prefix: REST_API_BASE_PATH },
  );
  await app.register(async (control) => registerControlRoutes(control, context), { prefix: '/__local' });
  await app.register(async (webhooks) => registerWebhookService(webhooks, context));

  context.scheduler.start();
  await app.ready();
  const stopSimulation = startSimulationTimer(context);
  const stopDelivery = startWebhookDelivery(context);
  return {
    app,
    context,
    async close() {
      stopSimulation();
      await stopDelivery();
      context.scheduler.stop();
      await app.close();
      // Work answered with a __worker may still be running: let it finish before the database goes.
      await context.background.settled();
      db.close();
    },
  };
}
