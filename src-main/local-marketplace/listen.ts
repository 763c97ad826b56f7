import { REST_API_BASE_PATH } from '../../src-shared/api/common';
import type { Logger } from '../platform/logger';
import type { MarketplaceOptionsInput } from './options';
import { isEmpty } from './seed/index';
import { DEMO_CREDENTIALS } from './seed/demo-credentials';
import { buildMarketplace, type Marketplace } from './server';

export interface ListenOptions extends MarketplaceOptionsInput {
  /** 0 (the default) lets the system choose a free port. */
  port?: number;
}

/** What a client needs to reach a running marketplace: the CLI prints it, the worker posts it. */
export interface MarketplaceConfig {
  origin: string;
  /** The REST API's `{base_url}`. */
  baseUrl: string;
  /** `{auth_url}`: the token path is appended to it. */
  authUrl: string;
  /** `{webhook_url}`: host root of the webhook service. */
  webhookUrl: string;
  environment: 'sandbox' | 'production';
  /** Whether the demo company exists, so the credentials below sign in. */
  seeded: boolean;
  credentials: DemoCredentials;
}

export interface DemoCredentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  svcToken: string;
  companyId: number;
}

export interface ListeningMarketplace extends MarketplaceConfig {
  marketplace: Marketplace;
  close(): Promise<void>;
}

/** The part of the demo credentials a client needs (the rest is for the seed). */
const CLIENT_CREDENTIALS: DemoCredentials = {
  clientId: DEMO_CREDENTIALS.clientId,
  clientSecret: DEMO_CREDENTIALS.clientSecret,
  username: DEMO_CREDENTIALS.username,
  password: DEMO_CREDENTIALS.password,
  svcToken: DEMO_CREDENTIALS.svcToken,
  companyId: DEMO_CREDENTIALS.companyId,
};

/** Builds the marketplace and listens on loopback only: it is a local service, never a public one. */
export async function listenMarketplace({ port = 0, ...options }: ListenOptions = {}, logger?: Logger): Promise<ListeningMarketplace> {
  const marketplace = await buildMarketplace(options, logger);
  let origin: string;
  try {
    origin = await marketplace.app.listen({ host: '127.0.0.1', port });
  } catch (error) {
    await marketplace.close();
    throw error;
  }
  // Links in answers (hrefs, downloads) and the OpenAPI servers entry are built from it.
  marketplace.context.origin = origin;
  return {
    origin,
    baseUrl: `${origin}${REST_API_BASE_PATH}`,
    authUrl: origin,
    webhookUrl: origin,
    environment: marketplace.context.options.environment,
    seeded: !isEmpty(marketplace.context),
    credentials: CLIENT_CREDENTIALS,
    marketplace,
    close: () => marketplace.close(),
  };
}

/** The config alone, without the live objects: what crosses a thread or goes out as JSON. */
export function configOf(listening: ListeningMarketplace): MarketplaceConfig {
  const { origin, baseUrl, authUrl, webhookUrl, environment, seeded, credentials } = listening;
  return { origin, baseUrl, authUrl, webhookUrl, environment, seeded, credentials };
}
