import { on } from '../lib/api';
import { followPullEnds, readReferenceLists, type FilterOption, type ReferenceLists } from '../services/reference';

export type { FilterOption };

const EMPTY: ReferenceLists = { typesOfWork: [], clients: [], projects: [], managers: [], tags: [], expenseCategories: [], incompleteReasons: [], selectionRules: [] };

/**
 * The lists forms and filters choose from (types of work, clients, projects, managers, tags,
 * expense categories, reasons, selection rules), read from the cache once and again when a pull ends or the
 * environment changes. Every screen reads them here; an answer older than the latest is dropped.
 */
class ReferenceData {
  lists = $state.raw<ReferenceLists>(EMPTY);
  loaded = $state(false);
  #generation = 0;
  #ready: Promise<void> | undefined;

  get typesOfWork(): FilterOption[] {
    return this.lists.typesOfWork;
  }

  get clients(): FilterOption[] {
    return this.lists.clients;
  }

  get managers(): FilterOption[] {
    return this.lists.managers;
  }

  /** The company's selection rules auto-dispatch can take, by name. */
  get selectionRules(): FilterOption[] {
    return this.lists.selectionRules;
  }

  /** The projects of one client, or every project. */
  projectsOf(clientId?: number): FilterOption[] {
    return this.lists.projects.filter((project) => clientId === undefined || project.clientId === clientId);
  }

  /** App, once: reads now, and again after each pull and each change of environment. */
  start(): () => void {
    this.#ready = this.load();
    const stops = [followPullEnds(() => void this.load()), on('environments:did-change', () => void this.load())];
    return () => stops.forEach((stop) => stop());
  }

  /** Resolves once the lists have been read at least once (for a state that needs them now). */
  ready(): Promise<void> {
    this.#ready ??= this.load();
    return this.#ready;
  }

  async load(): Promise<void> {
    const generation = ++this.#generation;
    const { lists } = await readReferenceLists();
    if (generation !== this.#generation) return;
    this.lists = lists;
    this.loaded = true;
  }
}

export const reference = new ReferenceData();
