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
  SelectionRule: ['delete'],
} as const satisfies Record<string, readonly string[]>;

/** `ETA.mode` and `ETAStatus.name`. */
export const REFERENCE_ETA_MODES = ['between', 'exact', 'hours'] as const;
export const REFERENCE_ETA_STATUS_NAMES = ['confirmed', 'onmyway', 'readytogo', 'set', 'unconfirmed'] as const;

/** `Tag.valid_statuses` and `Tag.types`. */
export const REFERENCE_TAG_VALID_STATUSES = ['approved', 'assigned', 'canceled', 'created', 'paid', 'published', 'routed', 'workdone'] as const;
export const REFERENCE_TAG_TYPES = ['custom_company', 'hide_from_provider', 'hold', 'problem', 'provider_can_edit', 'show_in_dashboard', 'substatus'] as const;

/** Each model's fields, for the answers built on them (`## Model: field:Type, …`). */
export const REFERENCE_FIELDS = {
  User: [
    'address', 'assigned', 'background_checks', 'blocked', 'city', 'client', 'company', 'coords', 'country', 'drug_tests', 'email', 'first_name', 'id', 'jobs',
    'last_active', 'last_name', 'managed', 'marketplace', 'notes', 'phone', 'preferences', 'preferred_groups', 'previous_assignment', 'previous_request', 'protec',
    'rating', 'request', 'role', 'routable', 'route', 'state', 'thumbnail', 'time_zone', 'unassignable', 'upcoming_schedule', 'website', 'worked_with',
    'worker_compensation', 'zip',
  ],
  Coords: ['distance', 'exact', 'latitude', 'longitude', 'search', 'success'],
  UserUpcomingSchedule: ['date', 'from', 'to'],
  UserJobs: ['company', 'marketplace'],
  UserPreferredGroups: ['created', 'id', 'name', 'notes'],
  SelectionRule: ['actions', 'id', 'metadata', 'name', 'results', 'status', 'sum'],
  SelectionRuleCriteria: ['custom_field', 'description', 'extra', 'id', 'name', 'operation', 'order', 'required', 'service', 'status', 'value', 'weight'],
  SelectionRuleSum: ['match', 'no_match_optional', 'no_match_required', 'total'],
} as const satisfies Record<string, readonly string[]>;

/** `SelectionRuleCriteria.NameEnum`, `.OperationEnum` and `.StatusEnum` (also `SelectionRule.StatusEnum`). */
export const REFERENCE_SELECTION_CRITERIA = [
  'SC_AMOUNT_COMPLETED_FOR_ALL_COMPANIES', 'SC_AMOUNT_COMPLETED_FOR_MY_COMPANY', 'SC_AMOUNT_CURRENTLY_ASSIGNED', 'SC_ASSIGNED_BEFORE', 'SC_ASSIGNED_NEARBY',
  'SC_BACKGROUND_CHECK', 'SC_BLOCK_RATIO', 'SC_CANCEL_RATIO', 'SC_CERTIFICATION', 'SC_CUSTOM_PROVIDER_FIELDS', 'SC_DISCLOSE_ADDRESS', 'SC_DISTANCE_FROM_WORK_ORDER',
  'SC_DRUG_TEST', 'SC_EQUIPMENT', 'SC_INSURANCE', 'SC_MY_TECHNICIAN_GROUP', 'SC_OVERALL_RATING', 'SC_PHONE_CALL_BUYER', 'SC_PHONE_INTERVIEW', 'SC_PROTEC_PROVIDER',
  'SC_PROVIDER_AND_WORK_ORDER', 'SC_RECENTLY_MATCHED_WO', 'SC_REQUESTED', 'SC_SERVICE_CATEGORY', 'SC_SERVICE_CATEGORY_OF_WORKORDER', 'SC_STAR_BASED_RATING',
  'SC_TYPE_OF_WORK', 'SC_VERIFICATION',
] as const;
export const REFERENCE_SELECTION_OPERATIONS = ['equal_to', 'greater_than', 'less_than', 'not_equal_to'] as const;
export const REFERENCE_SELECTION_STATUSES = ['match', 'no_match_optional', 'no_match_required'] as const;
