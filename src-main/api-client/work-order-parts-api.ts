import { stat } from 'node:fs/promises';
import {
  AttachmentFolderListSchema,
  AttachmentFolderSchema,
  AttachmentReviewBodySchema,
  AttachmentUploadAnswerSchema,
  AttachmentUploadFieldsSchema,
  ExpenseBodySchema,
  ExpenseListSchema,
  ExpenseSchema,
  ExpenseUpdateBodySchema,
  MessageBodySchema,
  MessageListSchema,
  MessageSchema,
  PaySchema,
  ProblemReportBodySchema,
  ProblemReportQuerySchema,
  ProblemSchema,
  ProblemsAnswerSchema,
  PENDING_ASSIGNMENT_LIST,
  PendingProvidersSchema,
  ProviderRequestListSchema,
  ProviderRequestSchema,
  ShipmentListSchema,
  SwapAnswerSchema,
  SwapRequestIdSchema,
  TimeLogListSchema,
} from '../../src-shared/api';
import { NearbyProvidersSchema } from '../../src-shared/api/provider-search';
import { ApiError } from './api-error';
import { type FileToSend, multipartFileBody, type ProgressListener } from './multipart-body';
import { type CallOptions, type Input, queryOf, type RestCaller, segment, validated } from './rest-caller';
import { orderPath } from './work-orders-api';

export interface UploadOptions extends CallOptions {
  notes?: string;
  /** Bytes of the file sent so far, and its size; called as the upload goes, ending with `(size, size)`. */
  onProgress?: ProgressListener;
}

/** What hangs off one work order: requests, swaps, attachments, expenses, messages, problems, logs, pay, shipments. */
export class WorkOrderPartsApi {
  constructor(private readonly rest: RestCaller) {}

  async requests(workOrderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `${orderPath(workOrderId)}/requests`, response: ProviderRequestListSchema, signal });
  }

  async request(workOrderId: number, requestId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `${orderPath(workOrderId)}/requests/${segment(requestId)}`, response: ProviderRequestSchema, signal });
  }

  async providersPendingAssignment(workOrderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({
      method: 'GET',
      path: `${orderPath(workOrderId)}/providers`,
      query: { list: PENDING_ASSIGNMENT_LIST },
      response: PendingProvidersSchema,
      signal,
    });
  }

  /** Providers around the order's site, nearest first *(ours: decisions, "Geography")*: a page of `User`s with `coords.distance`. */
  async providersAround(workOrderId: number, query: { radius: number; per_page?: number; page?: number }, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `${orderPath(workOrderId)}/providers`, query: { radius: String(query.radius), per_page: String(query.per_page ?? 100), page: String(query.page ?? 1) }, response: NearbyProvidersSchema, signal });
  }

  async acceptSwap(workOrderId: number, swapRequestId: string, options?: CallOptions) {
    return this.answerSwap(workOrderId, swapRequestId, 'accept', options);
  }

  async declineSwap(workOrderId: number, swapRequestId: string, options?: CallOptions) {
    return this.answerSwap(workOrderId, swapRequestId, 'decline', options);
  }

  async attachmentFolders(workOrderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `${orderPath(workOrderId)}/attachments`, response: AttachmentFolderListSchema, signal });
  }

  async attachmentFolder(workOrderId: number, folderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: folderPath(workOrderId, folderId), response: AttachmentFolderSchema, signal });
  }

  /** Approves or denies a deliverable; answers its folder. */
  async reviewAttachment(workOrderId: number, folderId: number, attachmentId: number, body: Input<typeof AttachmentReviewBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(AttachmentReviewBodySchema, body, 'attachment review');
    return this.rest.call({ method: 'PUT', path: `${folderPath(workOrderId, folderId)}/${segment(attachmentId)}`, body: sent, response: AttachmentFolderSchema, signal });
  }

  /**
   * Uploads a file on disk into a folder (decisions §6: multipart, the file in `file`, optional
   * `notes`), streamed with constant memory for any size; answers the order's folders. A file the
   * marketplace finds too large is ATTACHMENT_TOO_LARGE.
   */
  async uploadAttachment(workOrderId: number, folderId: number, file: FileToSend, { notes, signal, onProgress }: UploadOptions = {}) {
    const fields = validated(AttachmentUploadFieldsSchema, notes === undefined ? {} : { notes }, 'upload');
    // Checked here so a moved copy fails before the request starts, not as a cut connection.
    const found = await stat(file.path).catch(() => undefined);
    if (!found?.isFile() || found.size !== file.size) throw new ApiError('ATTACHMENT_UNREADABLE');
    const streamedBody = multipartFileBody('file', file, fields, onProgress);
    return this.rest.call({ method: 'POST', path: folderPath(workOrderId, folderId), streamedBody, response: AttachmentUploadAnswerSchema, signal });
  }

  /** Saves a file's bytes (its `file.link`) to `destinationPath`, streamed; the link must be the marketplace's own. */
  async downloadAttachment(link: string, destinationPath: string, { signal, maxBytes }: CallOptions & { maxBytes?: number } = {}): Promise<void> {
    await this.rest.download(link, destinationPath, { signal, maxBytes });
  }

  async expenses(workOrderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `${orderPath(workOrderId)}/expenses`, response: ExpenseListSchema, signal });
  }

  async addExpense(workOrderId: number, body: Input<typeof ExpenseBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(ExpenseBodySchema, body, 'expense');
    return this.rest.call({ method: 'POST', path: `${orderPath(workOrderId)}/expenses`, body: sent, response: ExpenseSchema, signal });
  }

  async updateExpense(workOrderId: number, expenseId: number, body: Input<typeof ExpenseUpdateBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(ExpenseUpdateBodySchema, body, 'expense change');
    return this.rest.call({ method: 'PUT', path: expensePath(workOrderId, expenseId), body: sent, response: ExpenseSchema, signal });
  }

  async deleteExpense(workOrderId: number, expenseId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'DELETE', path: expensePath(workOrderId, expenseId), response: ExpenseSchema, signal });
  }

  async messages(workOrderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `${orderPath(workOrderId)}/messages`, response: MessageListSchema, signal });
  }

  /** Starts a thread, or replies to `messageId`. */
  async sendMessage(workOrderId: number, body: Input<typeof MessageBodySchema>, { signal, messageId }: CallOptions & { messageId?: number } = {}) {
    const sent = validated(MessageBodySchema, body, 'message');
    const path = `${orderPath(workOrderId)}/messages${messageId === undefined ? '' : `/${segment(messageId)}`}`;
    return this.rest.call({ method: 'POST', path, body: sent, response: MessageSchema, signal });
  }

  async problems(workOrderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `${orderPath(workOrderId)}/problems`, response: ProblemsAnswerSchema, signal });
  }

  /** `problemTypeId` is one of the answer's `types`; the spec puts the acting user in the query. */
  async reportProblem(workOrderId: number, problemTypeId: number, actingUserId: number, body: Input<typeof ProblemReportBodySchema> = {}, { signal }: CallOptions = {}) {
    const query = validated(ProblemReportQuerySchema, { acting_user_id: String(actingUserId) }, 'problem report');
    const sent = validated(ProblemReportBodySchema, body, 'problem report');
    return this.rest.call({ method: 'POST', path: problemPath(workOrderId, problemTypeId), query: queryOf(query), body: sent, response: ProblemSchema, signal });
  }

  async resolveProblem(workOrderId: number, problemId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'DELETE', path: problemPath(workOrderId, problemId), response: ProblemSchema, signal });
  }

  async timeLogs(workOrderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `${orderPath(workOrderId)}/time_logs`, response: TimeLogListSchema, signal });
  }

  async pay(workOrderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `${orderPath(workOrderId)}/pay`, response: PaySchema, signal });
  }

  async shipments(workOrderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `${orderPath(workOrderId)}/shipments`, response: ShipmentListSchema, signal });
  }

  private answerSwap(workOrderId: number, swapRequestId: string, answer: 'accept' | 'decline', { signal }: CallOptions = {}) {
    const id = validated(SwapRequestIdSchema, swapRequestId, 'swap request id');
    return this.rest.call({ method: 'POST', path: `${orderPath(workOrderId)}/swaps/${segment(id)}/${answer}`, response: SwapAnswerSchema, signal });
  }
}

function folderPath(workOrderId: number, folderId: number): string {
  return `${orderPath(workOrderId)}/attachments/${segment(folderId)}`;
}

function expensePath(workOrderId: number, expenseId: number): string {
  return `${orderPath(workOrderId)}/expenses/${segment(expenseId)}`;
}

function problemPath(workOrderId: number, problemId: number): string {
  return `${orderPath(workOrderId)}/problems/${segment(problemId)}`;
}
