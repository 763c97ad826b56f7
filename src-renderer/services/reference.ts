import type { CompanyExpenseCategory, Tag } from '../../src-shared/api/company';
import type { Client } from '../../src-shared/api/client';
import type { SyncStatusPayload } from '../../src-shared/ipc/channels';
import { invoke, on } from '../lib/api';

/** A choice in a list or filter: an id and a name to show. */
export interface FilterOption {
  id: number;
  name: string;
}

export interface ProjectOption extends FilterOption {
  clientId: number;
}

/** Every list the forms and filters choose from, as the cache holds it (offline too). */
export interface ReferenceLists {
  typesOfWork: FilterOption[];
  clients: FilterOption[];
  projects: ProjectOption[];
  managers: FilterOption[];
  tags: Tag[];
  expenseCategories: CompanyExpenseCategory[];
  incompleteReasons: FilterOption[];
  /** The company's selection rules, for auto-dispatch: by name, criteria left to the marketplace. */
  selectionRules: FilterOption[];
}

const byName = (a: FilterOption, b: FilterOption) => a.name.localeCompare(b.name);

/**
 * Reads every list from the cache at once; a list the cache cannot give is empty (a form only
 * offers less), and `failed` says so.
 */
export async function readReferenceLists(): Promise<{ lists: ReferenceLists; failed: boolean }> {
  let failed = false;
  const or = <T>(promise: Promise<T[]>): Promise<T[]> =>
    promise.catch(() => {
      failed = true;
      return [];
    });
  const [typesOfWork, clients, projects, managers, tags, categories, reasons, rules] = await Promise.all([
    or(invoke('reference:get', { kind: 'types-of-work' }).then((answer) => (answer.kind === 'types-of-work' ? answer.entries : []))),
    or(invoke('clients:list')),
    or(invoke('projects:list', {})),
    or(invoke('managers:list')),
    or(invoke('reference:get', { kind: 'tags' }).then((answer) => (answer.kind === 'tags' ? answer.entries : []))),
    or(invoke('reference:get', { kind: 'expense-categories' }).then((answer) => (answer.kind === 'expense-categories' ? answer.entries : []))),
    or(invoke('reference:get', { kind: 'incomplete-reasons' }).then((answer) => (answer.kind === 'incomplete-reasons' ? answer.entries : []))),
    or(invoke('reference:get', { kind: 'selection-rules' }).then((answer) => (answer.kind === 'selection-rules' ? answer.entries : []))),
  ]);
  const lists: ReferenceLists = {
    typesOfWork: typesOfWork.map((entry) => ({ id: entry.id, name: entry.name ?? `Type ${entry.id}` })).sort(byName),
    clients: clients.map((client: Client) => ({ id: client.id, name: client.name ?? `Client ${client.id}` })).sort(byName),
    projects: projects.map((project) => ({ id: project.id, name: project.name ?? `Project ${project.id}`, clientId: project.client_id })).sort(byName),
    managers: [...managers].sort(byName),
    tags: [...tags].sort((a, b) => a.label.localeCompare(b.label)),
    expenseCategories: categories,
    incompleteReasons: reasons.map((entry) => ({ id: entry.id, name: entry.label })),
    selectionRules: rules.map((rule) => ({ id: rule.id, name: rule.name ?? `Selection rule ${rule.id}` })).sort(byName),
  };
  return { lists, failed };
}

/** Calls `onended` when a pull ends (it may have brought new lists); answers the unsubscribe. */
export function followPullEnds(onended: () => void): () => void {
  let syncing = false;
  return on('sync:progress', (status: SyncStatusPayload) => {
    const ended = syncing && status.state !== 'syncing';
    syncing = status.state === 'syncing';
    if (ended) onended();
  });
}
