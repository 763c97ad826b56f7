import type { WriteChannelName } from '../../../src-shared/ipc/write-channels';
import type { Operation } from '../operation';
import { reviewAttachment, uploadAttachment } from './attachments';
import { acceptSwap, declineSwap, reportProblem, resolveProblem, sendMessage } from './conversation';
import { createLocation, deleteLocation, deleteTalentPoolAttribute, setTalentPoolAttributes, updateLocation } from './directory';
import { addExpense, approveExpense, deleteExpense, disapproveExpense, updateExpense } from './expenses';
import { autoDispatch, createWorkOrder, updateWorkOrder } from './work-order-edits';
import { setWorkOrderEta } from './work-order-eta';
import { rescheduleWorkOrder } from './work-order-schedule';
import { addWorkOrderTag, removeWorkOrderTag } from './work-order-tags';
import { workOrderTransitions } from './work-order-transitions';

/** One operation per write channel, each taking that channel's input. */
export type OperationTable = { [K in WriteChannelName]: Operation<K> };

/** Every write channel's operation: a channel without one, or one for the wrong input, fails the type check. */
const OPERATIONS = {
  'workorders:create': createWorkOrder,
  'workorders:update': updateWorkOrder,
  'workorders:reschedule': rescheduleWorkOrder,
  'workorders:auto-dispatch': autoDispatch,
  ...workOrderTransitions,
  'workorders:add-tag': addWorkOrderTag,
  'workorders:remove-tag': removeWorkOrderTag,
  'workorders:set-eta': setWorkOrderEta,
  'attachments:upload': uploadAttachment,
  'attachments:review': reviewAttachment,
  'expenses:add': addExpense,
  'expenses:update': updateExpense,
  'expenses:delete': deleteExpense,
  'expenses:approve': approveExpense,
  'expenses:disapprove': disapproveExpense,
  'messages:send': sendMessage,
  'problems:report': reportProblem,
  'problems:resolve': resolveProblem,
  'swaps:accept': acceptSwap,
  'swaps:decline': declineSwap,
  'locations:create': createLocation,
  'locations:update': updateLocation,
  'locations:delete': deleteLocation,
  'talent-pools:set-attributes': setTalentPoolAttributes,
  'talent-pools:delete-attribute': deleteTalentPoolAttribute,
} satisfies OperationTable;

const TABLE: OperationTable = OPERATIONS;

/** The operation of a kind of change, its functions typed by that kind's input. */
export function operationOf<K extends WriteChannelName>(kind: K): Operation<K> {
  return TABLE[kind];
}
