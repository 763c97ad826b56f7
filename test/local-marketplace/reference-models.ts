// What the real service's public SDK models declare (shared/spec/reference/models.txt), copied
// here so the fidelity tests run without the spec folder beside the checkout. Copy new values
// from that file verbatim: a test that checks against a value the models do not have proves nothing.

/** Each resource's `ActionsEnum`, by model name. */
export const REFERENCE_ACTIONS = {
  WorkOrder: [
    'apply_tags', 'approve', 'cancel', 'closing_notes', 'complete', 'confirm', 'copy', 'counter_offer', 'delete', 'edit', 'history', 'hold', 'incomplete', 'map',
    'messaging', 'overview', 'print', 'publish', 'report_a_problem', 'request', 'revert', 'search-provider', 'tasks', 'unapprove', 'unpublish', 'view_problem', 'withdraw_request',
  ],
  WorkOrders: [
    'add_type_of_work', 'advanced_date_filtering', 'approve', 'auto_assign', 'bundle', 'cancel', 'create', 'dispatch', 'download_attachments', 'edit', 'feedback',
    'highlight_problems', 'hold', 'import', 'location_filtering', 'message', 'payment_link', 'publish', 'publish_stats', 'remind', 'revert', 'unbundle',
  ],
  Assignee: ['ready_to_go', 'unassign'],
  StoredLocation: ['edit'],
  Location: ['edit', 'map'],
  Schedule: ['edit'],
  Attachment: ['approve', 'delete', 'deny', 'edit', 'make_private', 'make_public', 'notes', 'reopen', 'view', 'visibility'],
  AttachmentFolder: ['delete', 'edit', 'upload'],
  AttachmentFolders: ['add_slot', 'download'],
  Expense: ['approve', 'delete', 'deny', 'edit', 'reopen'],
  Expenses: ['add'],
  Problem: ['delete', 'edit', 'resolve', 'view_message'],
  Problems: ['add', 'delete', 'edit', 'resolve'],
  Request: ['delete'],
  Requests: ['add', 'counter_offer'],
  Route: ['accept', 'deny'],
  Routes: ['add'],
  Shipment: ['delete', 'edit'],
  Shipments: ['add'],
  Messages: ['add'],
  Pay: ['adjust', 'edit', 'print', 'view'],
  Tag: ['delete', 'edit'],
  Tags: ['add'],
  TimeLogs: ['add', 'can_verify', 'checkin'],
  ETA: ['add', 'cancel', 'confirm', 'edit', 'mark_ready_to_go', 'on_my_way', 'running_late', 'set_eta'],
} as const satisfies Record<string, readonly string[]>;

/** `ETA.mode` and `ETAStatus.name`. */
export const REFERENCE_ETA_MODES = ['between', 'exact', 'hours'] as const;
export const REFERENCE_ETA_STATUS_NAMES = ['confirmed', 'onmyway', 'readytogo', 'set', 'unconfirmed'] as const;

/** `Tag.valid_statuses` and `Tag.types`. */
export const REFERENCE_TAG_VALID_STATUSES = ['approved', 'assigned', 'canceled', 'created', 'paid', 'published', 'routed', 'workdone'] as const;
export const REFERENCE_TAG_TYPES = ['custom_company', 'hide_from_provider', 'hold', 'problem', 'provider_can_edit', 'show_in_dashboard', 'substatus'] as const;
