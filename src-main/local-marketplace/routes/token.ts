import type { FastifyInstance, FastifyReply } from 'fastify';
import { INVALID_CLIENT_DESCRIPTION, TokenErrorSchema, type TokenErrorCode } from '../../../src-shared/api/errors';
import { TOKEN_PATH, TokenRequestSchema, TokenResponseSchema } from '../../../src-shared/api/token';
import { sameSecret, verifyPassword } from '../auth/secrets';
import { issueToken, refreshToken } from '../auth/tokens';
import type { MarketplaceContext } from '../context';
import { findUser, type ManagerData } from '../domain/providers';
import { preparedStatement } from '../store/database';

const SUPPORTED_GRANTS = ['password', 'refresh_token'];

function tokenError(reply: FastifyReply, status: number, error: TokenErrorCode, description: string) {
  return reply.code(status).header('Cache-Control', 'no-store').send({ error, error_description: description });
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** `POST {auth_url}/authentication/api/oauth/token` (spec, Token; decisions §4). */
export function registerTokenRoute(app: FastifyInstance, context: MarketplaceContext): void {
  context.routes.routes.push({
    method: 'POST',
    path: TOKEN_PATH,
    summary: 'Get an access token (password or refresh_token grant); JSON or form body',
    tag: 'Authentication',
    body: TokenRequestSchema,
    response: TokenResponseSchema,
    status: 200,
    authenticated: false,
    errorResponse: TokenErrorSchema,
  });

  app.register(async (scope) => {
    // Token errors have their own body, even for a body that does not parse.
    scope.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
      const status = error.statusCode === 413 ? 413 : 400;
      return tokenError(reply, status, 'invalid_request', status === 413 ? 'The request body is too large' : 'The request body could not be read');
    });

    scope.post(TOKEN_PATH, async (request, reply) => {
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
      const grantType = text(body.grant_type);
      const clientId = text(body.client_id);
      const clientSecret = text(body.client_secret);
      if (!grantType || !clientId || !clientSecret) {
        const missing = ['grant_type', 'client_id', 'client_secret'].filter((key) => !text(body[key]));
        return tokenError(reply, 400, 'invalid_request', `Missing required parameter: ${missing.join(', ')}`);
      }
      const client = preparedStatement(context, 'SELECT client_secret FROM api_clients WHERE client_id = ?').get(clientId) as { client_secret: string } | undefined;
      if (!client || !sameSecret(clientSecret, client.client_secret)) {
        return tokenError(reply, 401, 'invalid_client', INVALID_CLIENT_DESCRIPTION);
      }
      if (!SUPPORTED_GRANTS.includes(grantType)) {
        return tokenError(reply, 400, 'unsupported_grant_type', `The grant type "${grantType.slice(0, 40)}" is not supported`);
      }
      if (grantType === 'refresh_token') {
        const refresh = text(body.refresh_token);
        if (!refresh) return tokenError(reply, 400, 'invalid_request', 'Missing required parameter: refresh_token');
        const refreshed = refreshToken(context, clientId, refresh);
        if (!refreshed) return tokenError(reply, 400, 'invalid_grant', 'The refresh token is invalid, expired or was already used');
        return reply.header('Cache-Control', 'no-store').send({ ...refreshed.token, user: userSummary(context, refreshed.userId) });
      }
      const username = text(body.username);
      const password = text(body.password);
      if (!username || !password) {
        const missing = ['username', 'password'].filter((key) => !text(body[key]));
        return tokenError(reply, 400, 'invalid_request', `Missing required parameter: ${missing.join(', ')}`);
      }
      const user = preparedStatement(
        context,
        `SELECT u.id, u.password FROM users u JOIN api_clients c ON c.company_id = u.company_id
           WHERE c.client_id = ? AND u.username = ? AND u.role = 'manager'`,
      ).get(clientId, username) as { id: number; password: string } | undefined;
      if (!user || !verifyPassword(password, user.password)) {
        return tokenError(reply, 400, 'invalid_grant', 'The user credentials are invalid');
      }
      const issued = issueToken(context, clientId, user.id);
      return reply.header('Cache-Control', 'no-store').send({ ...issued, user: userSummary(context, user.id) });
    });
  });
}

/** The signed-in user, added to the token answer by decisions §4. */
function userSummary(context: MarketplaceContext, userId: number) {
  const row = findUser(context, userId);
  if (!row) return undefined;
  const { email } = JSON.parse(row.data) as ManagerData;
  return { id: row.id, first_name: row.first_name, last_name: row.last_name, email: email ?? null };
}
