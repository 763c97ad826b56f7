import type { WriteChannelName } from '../../../src-shared/ipc/write-channels';
import type { AnyOperation, Operation } from '../operation';
import { reviewAttachment, uploadAttachment } from './attachments';
import { acceptSwap, declineSwap, reportProblem, sendMessage } from './conversation';
import { createLocation, deleteLocation, deleteTalentPoolAttribute, setTalentPoolAttributes, updateLocation } from './directory';
import { addExpense, approveExpense, deleteExpense, disapproveExpense, updateExpense } from './expenses';
import { autoDispatch, createWorkOrder, updateWorkOrder } from './work-order-edits';
import { setWorkOrderEta } from './work-order-eta';
import { addWorkOrderTag, removeWorkOrderTag } from './work-order-tags';
import { workOrderTransitions } from './work-order-transitions';

const ALL: readonly Operation<never>[] = [
  createWorkOrder,
  updateWorkOrder,
  autoDispatch,
  ...workOrderTransitions,
  addWorkOrderTag,
  removeWorkOrderTag,
  setWorkOrderEta,
  uploadAttachment,
  reviewAttachment,
  addExpense,
  updateExpense,
  deleteExpense,
  approveExpense,
  disapproveExpense,
  sendMessage,
  reportProblem,
  acceptSwap,
  declineSwap,
  createLocation,
  updateLocation,
  deleteLocation,
  setTalentPoolAttributes,
  deleteTalentPoolAttribute,
] as unknown as readonly Operation<never>[];

/** Every write channel's operation, by channel name; a channel without one fails the type check below. */
export const OPERATIONS = Object.fromEntries(ALL.map((definition) => [definition.kind, definition])) as unknown as Record<WriteChannelName, AnyOperation>;
