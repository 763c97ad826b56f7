import { z } from 'zod';
import { WorkerAnswerSchema } from '../../../src-shared/api/auto-dispatch';
import { WorkOrderSchema } from '../../../src-shared/api/work-order';
import { IdParam } from '../http/route';

/** Path of every route below `workorders/{work_order_id}`. */
export const WorkOrderParams = z.object({ work_order_id: IdParam });

/** What a change answers: the order, or a `__worker` when called with `async=true`. */
export const WorkOrderOrWorker = z.union([WorkOrderSchema, WorkerAnswerSchema]);
