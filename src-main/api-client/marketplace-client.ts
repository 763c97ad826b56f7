import type { Logger } from '../platform/logger';
import { AuthSession } from './auth-session';
import { CompanyApi } from './company-api';
import type { CredentialSource } from './credential-source';
import { HttpTransport, type HttpTransportOptions } from './http-transport';
import { RestCaller } from './rest-caller';
import { WorkOrderPartsApi } from './work-order-parts-api';
import { WorkOrdersApi } from './work-orders-api';

export interface MarketplaceClientOptions {
  /** `{base_url}` of the REST API. */
  baseUrl: string;
  /** `{auth_url}` of the token endpoint. */
  authUrl: string;
  credentials: CredentialSource;
  logger?: Logger;
  http?: Omit<HttpTransportOptions, 'logger'>;
  /** Shared with a webhook service client of the same environment; made here when absent. */
  transport?: HttpTransport;
}

/** The REST API of one environment: one auth session, typed calls grouped by resource. */
export class MarketplaceClient {
  readonly transport: HttpTransport;
  readonly session: AuthSession;
  readonly workOrders: WorkOrdersApi;
  readonly parts: WorkOrderPartsApi;
  readonly company: CompanyApi;
  private readonly ownsTransport: boolean;

  constructor(options: MarketplaceClientOptions) {
    this.ownsTransport = !options.transport;
    this.transport = options.transport ?? new HttpTransport({ ...options.http, logger: options.logger });
    this.session = new AuthSession({ transport: this.transport, authUrl: options.authUrl, credentials: options.credentials, logger: options.logger });
    const rest = new RestCaller({ transport: this.transport, session: this.session, baseUrl: options.baseUrl, logger: options.logger });
    this.workOrders = new WorkOrdersApi(rest);
    this.parts = new WorkOrderPartsApi(rest);
    this.company = new CompanyApi(rest);
  }

  /** Closes the connection pools, unless the transport was handed in (its owner closes it). */
  async dispose(): Promise<void> {
    if (this.ownsTransport) await this.transport.close();
  }
}
