import { matchColumns, rememberedMapping, type ColumnMatch, type ColumnTarget } from '../lib/import/import-fields';
import { readImportFile, type FileReading, type ImportTable } from '../lib/import/import-files';
import { RowReader, type ImportRow, type ImportSources } from '../lib/import/import-rows';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { messageOf } from '../lib/errors';
import { listSavedLocationChoices, queueImport, readRememberedMapping, rememberMapping } from '../services/import';
import { reference } from './reference.svelte';
import { cacheChanges } from './cache-changes.svelte';
import { outbox } from './outbox.svelte';

export type ImportStep = 'mapping' | 'preview' | 'importing' | 'report';

export type DraftOutcome = 'waiting' | 'created' | 'refused';

/** A valid row once queued: its entry, its draft's id (temporary, then the marketplace's), and how it ended. */
export interface QueuedDraft {
  row: number;
  title: string;
  entryId: string;
  id: number;
  outcome: DraftOutcome;
  reason?: string;
}

/** Rows are checked for the preview in slices this long, the page answering between them: 50,000 rows take seconds. */
const SLICE_MS = 40;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * One import of one file: its columns matched to the job form's fields (the coordinator adjusts
 * them), the rows read against the shared schema, the valid ones queued as drafts through the
 * outbox, and their fate followed to a report.
 */
export class ImportSession {
  readonly table: ImportTable;
  readonly #sources: ImportSources;
  readonly #remembered: Record<string, string>;
  step = $state<ImportStep>('mapping');
  columns = $state<ColumnMatch[]>([]);
  rows = $state.raw<ImportRow[]>([]);
  onlyProblems = $state(false);
  /** How many drafts main has queued so far (batches answer one after another). */
  queued = $state(0);
  drafts = $state.raw<QueuedDraft[]>([]);
  problem = $state<string | undefined>();
  /** Rows checked so far while Preview works through the file; undefined when it is not. */
  checking = $state<number | undefined>();
  #stop: (() => void) | undefined;
  /** Stops following the outbox alone, once every draft is answered (renames are followed until `close`). */
  #stopOutbox: (() => void) | undefined;
  /** Temporary ids the marketplace has answered, to their real ids: not shown, so not reactive. */
  #renamed: Record<number, number> = {};
  /** Bumped when a preview under way is no longer wanted (the dialog closed). */
  #previewRun = 0;

  constructor(table: ImportTable, sources: ImportSources, remembered: Record<string, string>) {
    this.table = table;
    this.#sources = sources;
    this.#remembered = remembered;
    this.columns = matchColumns(table.headings, remembered);
  }

  valid = $derived(this.rows.filter((row) => row.body !== undefined));
  invalid = $derived(this.rows.filter((row) => row.body === undefined));
  shown = $derived(this.onlyProblems ? this.invalid : this.rows);
  /** Rows with a cell a spreadsheet would take for a formula (import-formulas.ts). */
  formulaRows = $derived(this.rows.filter((row) => row.formulas.length > 0).length);

  created = $derived(this.drafts.filter((draft) => draft.outcome === 'created'));
  refused = $derived(this.drafts.filter((draft) => draft.outcome === 'refused'));
  /** Drafts the marketplace has answered (made or refused). */
  answered = $derived(this.created.length + this.refused.length);

  setTarget(index: number, target: ColumnTarget): void {
    this.columns = this.columns.map((column) => (column.index === index ? { ...column, target } : column));
  }

  /**
   * Reads every row against the mapping, and remembers the mapping for the next file. A small file
   * is read at once; a large one in slices, so the page keeps answering (and `checking` counts).
   */
  async preview(): Promise<void> {
    const run = ++this.#previewRun;
    const reader = new RowReader(this.columns, this.#sources);
    const source = this.table.rows;
    const rows: ImportRow[] = [];
    while (rows.length < source.length) {
      const until = performance.now() + SLICE_MS;
      do rows.push(reader.read(source[rows.length] as string[], rows.length + 2));
      while (rows.length < source.length && performance.now() < until);
      if (rows.length === source.length) break;
      this.checking = rows.length;
      await nextTask();
      if (run !== this.#previewRun) return;
    }
    this.checking = undefined;
    this.rows = rows;
    this.onlyProblems = false;
    this.step = 'preview';
    void rememberMapping(rememberedMapping(this.columns, this.#remembered)).catch(() => {
      // Only a convenience: the import goes on without it.
    });
  }

  back(): void {
    this.step = 'mapping';
  }

  /** Queues the valid rows as drafts, then follows each to the marketplace. */
  async importValid(): Promise<void> {
    const valid = this.valid;
    if (valid.length === 0) return;
    this.step = 'importing';
    this.queued = 0;
    this.problem = undefined;
    // The outbox store paces its reads to their cost: a 5,000-row import moves it thousands of times.
    const stopOutbox = outbox.follow((entries) => this.#settle(entries));
    const stopChanges = cacheChanges.follow((change) => this.#rename(change.renamed));
    this.#stopOutbox = stopOutbox;
    this.#stop = () => [stopOutbox, stopChanges].forEach((stop) => stop());
    try {
      const receipts = await queueImport(
        valid.map((row) => ({ body: row.body as NonNullable<ImportRow['body']>, dispatch: row.dispatch })),
        (queued) => (this.queued = queued),
      );
      this.drafts = receipts.map((receipt, index) => {
        const row = valid[index] as ImportRow;
        return { row: row.row, title: row.title, entryId: receipt.entryId, id: receipt.id ?? 0, outcome: 'waiting' };
      });
      // Some may have landed while the last batches were queued.
      void outbox.read();
    } catch (error) {
      this.problem = `${messageOf(error, 'The drafts could not be queued.')} ${this.queued} of ${valid.length} were queued before it stopped; they are in the outbox.`;
      this.step = 'report';
      this.close();
    }
  }

  /** Stops following the outbox (the drafts keep going: they are in the outbox) and any preview under way. */
  close(): void {
    this.#previewRun += 1;
    this.checking = undefined;
    this.#stop?.();
    this.#stop = undefined;
  }

  finish(): void {
    this.step = 'report';
  }

  #rename(renamed: readonly { from: number; to: number }[]): void {
    for (const { from, to } of renamed) this.#renamed[from] = to;
    // The rename comes in the cache's burst, which may follow the outbox read that showed the create
    // gone: a draft already created takes its marketplace id now.
    const idOf = (draft: QueuedDraft) => this.#renamed[draft.id] ?? draft.id;
    if (this.created.some((draft) => idOf(draft) !== draft.id)) this.drafts = this.drafts.map((draft) => (draft.outcome === 'created' ? { ...draft, id: idOf(draft) } : draft));
  }

  /** Each draft as the outbox has it now: gone is created, refused says why. */
  #settle(entries: readonly OutboxEntry[]): void {
    if (this.drafts.length === 0) return;
    const byId: Record<string, OutboxEntry> = Object.fromEntries(entries.map((entry) => [entry.id, entry]));
    this.drafts = this.drafts.map((draft) => {
      const id = this.#renamed[draft.id] ?? draft.id;
      const entry = byId[draft.entryId];
      if (!entry) return draft.outcome === 'created' && draft.id === id ? draft : { ...draft, id, outcome: 'created', reason: undefined };
      if (entry.state === 'refused') return { ...draft, outcome: 'refused', reason: entry.error?.message ?? 'Refused by the marketplace' };
      return draft.outcome === 'waiting' ? draft : { ...draft, outcome: 'waiting', reason: undefined };
    });
    if (this.answered === this.drafts.length) {
      this.#stopOutbox?.();
      this.step = 'report';
    }
  }
}

/** The cache's lists a file's names are looked up in: the reference store's, and the saved locations. */
async function importSources(): Promise<ImportSources> {
  const [savedLocations] = await Promise.all([listSavedLocationChoices(), reference.ready()]);
  const { typesOfWork, clients, managers, selectionRules } = reference;
  return { typesOfWork: typesOfWork.length > 0 ? typesOfWork : undefined, clients, projects: reference.projectsOf(), managers, savedLocations, selectionRules };
}

/** The file being read, or the sentence that refused it: the reading dialog shows either. */
export interface FileState {
  name: string;
  refusal?: string;
}

/** The one import under way, opened from the list's Import… button, the palette, or a file dropped on the list. */
class Importer {
  session = $state<ImportSession | undefined>();
  file = $state<FileState | undefined>();
  /** The list's hidden file input, while the list is on screen. */
  #input: HTMLInputElement | undefined;
  #reading: FileReading | undefined;

  /** A file is being read (the Import… button waits). */
  get reading(): boolean {
    return this.file !== undefined && this.file.refusal === undefined;
  }

  attachInput(input: HTMLInputElement): () => void {
    this.#input = input;
    return () => {
      if (this.#input === input) this.#input = undefined;
    };
  }

  /** Opens the file picker (a click or a key press is still under way, so the browser allows it). */
  pick(): void {
    this.#input?.click();
  }

  /** Reads the file in its worker; the reading dialog shows it, then the import's own dialog or the sentence that refused it. */
  async open(file: File): Promise<void> {
    this.#reading?.cancel();
    const reading = readImportFile(file);
    this.#reading = reading;
    this.file = { name: file.name };
    const [outcome, sources, remembered] = await Promise.all([
      reading.outcome,
      importSources(),
      readRememberedMapping().catch(() => ({})),
    ]);
    if (this.#reading !== reading || 'cancelled' in outcome) return;
    this.#reading = undefined;
    if ('refusal' in outcome) {
      this.file = { name: file.name, refusal: outcome.refusal };
      return;
    }
    if (outcome.table.headings.length === 0 || outcome.table.rows.length === 0) {
      this.file = { name: file.name, refusal: `“${file.name}” has no rows under a row of headings.` };
      return;
    }
    this.file = undefined;
    this.session?.close();
    this.session = new ImportSession(outcome.table, sources, remembered);
  }

  /** Cancel while reading (the worker ends at once), or Close once a file was refused. */
  cancelReading(): void {
    this.#reading?.cancel();
    this.#reading = undefined;
    this.file = undefined;
  }

  close(): void {
    this.session?.close();
    this.session = undefined;
  }
}

export const importer = new Importer();
