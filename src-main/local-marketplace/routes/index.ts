import type { FastifyInstance } from 'fastify';
import type { MarketplaceContext } from '../context';
import { registerAttachmentRoutes } from './attachments';
import { registerAutoDispatchRoutes } from './auto-dispatch';
import { registerClientRoutes } from './clients';
import { registerExpenseRoutes } from './expenses';
import { registerLocationRoutes } from './locations';
import { registerMessageRoutes } from './messages';
import { registerPayRoutes } from './pay';
import { registerProblemRoutes } from './problems';
import { registerReferenceDataRoutes } from './reference-data';
import { registerRequestRoutes } from './requests';
import { registerSelectionRuleRoutes } from './selection-rules';
import { registerShipmentRoutes } from './shipments';
import { registerSwapRoutes } from './swaps';
import { registerTalentPoolRoutes } from './talent-pools';
import { registerTimeLogRoutes } from './time-logs';
import { registerUserRoutes } from './users';
import { registerWorkOrderEtaRoutes } from './work-order-eta';
import { registerWorkOrderTagRoutes } from './work-order-tags';
import { registerWorkOrderRoutes } from './work-orders';

/** Every REST route under `/api/rest/v2`, each resource in its own file. */
export function registerRestRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  registerReferenceDataRoutes(app, context);
  registerLocationRoutes(app, context);
  registerClientRoutes(app, context);
  registerSelectionRuleRoutes(app, context);
  registerUserRoutes(app, context);
  // Before the work order routes: `workorders/auto_dispatch` is a fixed path beside `workorders/{id}`.
  registerAutoDispatchRoutes(app, context);
  registerWorkOrderRoutes(app, context);
  registerRequestRoutes(app, context);
  registerSwapRoutes(app, context);
  registerAttachmentRoutes(app, context);
  registerExpenseRoutes(app, context);
  registerMessageRoutes(app, context);
  registerProblemRoutes(app, context);
  registerTimeLogRoutes(app, context);
  registerPayRoutes(app, context);
  registerShipmentRoutes(app, context);
  registerWorkOrderTagRoutes(app, context);
  registerWorkOrderEtaRoutes(app, context);
  registerTalentPoolRoutes(app, context);
}
