import type { FastifyInstance } from 'fastify';
import { AttachmentSchema } from '../../../src-shared/api/attachment';
import { MessageSchema } from '../../../src-shared/api/message';
import { ShipmentSchema } from '../../../src-shared/api/shipment';
import type { MarketplaceContext } from '../context';
import { postProviderMessage } from '../domain/messages';
import { uploadDeliverable } from '../domain/provider-uploads';
import { addShipment, updateShipmentStatus } from '../domain/shipments';
import { askSwap } from '../domain/swaps';
import type { RouteRegistry } from '../http/route';
import { simulationRoute } from './control-route';
import { SwapSchema } from '../../../src-shared/api/swap';
import { MAX_BASE64_LENGTH, ProviderMessageBodySchema, ShipmentBodySchema, ShipmentStatusBodySchema, SwapBodySchema, UploadBodySchema } from './step-schemas';

/** `/__local/simulate/*` steps that leave a record on the order: swaps, messages, shipments, deliverables. */
export function registerProviderRecordRoutes(app: FastifyInstance, context: MarketplaceContext, registry: RouteRegistry): void {
  const control = simulationRoute(app, registry);

  control('swap', 'The assignee asks to hand the order to another provider; answers the swap request', SwapBodySchema, SwapSchema, (body) =>
    askSwap(context, { workOrderId: body.work_order_id, providerId: body.provider_id, toProviderId: body.to_provider_id, notes: body.notes }),
  );

  control('message', "A provider writes to the order's manager, or replies with parent_id", ProviderMessageBodySchema, MessageSchema, (body) =>
    postProviderMessage(context, { workOrderId: body.work_order_id, providerId: body.provider_id, message: body.message, parentId: body.parent_id }),
  );

  control('shipment', 'The assignee records a shipment of parts to or from the site', ShipmentBodySchema, ShipmentSchema, (body) =>
    addShipment(context, {
      workOrderId: body.work_order_id,
      providerId: body.provider_id,
      name: body.name,
      carrier: body.carrier,
      trackingNumber: body.tracking_number,
      direction: body.direction,
      status: body.status,
    }),
  );

  control('shipment-status', 'A shipment moves on: new, en route, arrived', ShipmentStatusBodySchema, ShipmentSchema, (body) =>
    updateShipmentStatus(context, body.work_order_id, body.provider_id, body.shipment_id, body.status),
  );

  control(
    'upload',
    'The assignee uploads a deliverable into the Deliverables folder: text in `content`, or any bytes (a photo) in `content_base64` with their `mime`',
    UploadBodySchema,
    AttachmentSchema,
    (body) => {
      const content = body.content_base64 === undefined ? body.content : Buffer.from(body.content_base64, 'base64');
      return uploadDeliverable(context, { workOrderId: body.work_order_id, providerId: body.provider_id }, { name: body.name, mime: body.mime, content, notes: body.notes });
    },
    // Base64 of the largest upload, and room for the other keys: beyond the JSON body limit.
    { bodyLimit: MAX_BASE64_LENGTH + 64 * 1024 },
  );
}
