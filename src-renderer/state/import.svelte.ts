import { AppError } from '../../src-shared/errors';
import { matchColumns, rememberedMapping, type ColumnMatch, type ColumnTarget } from '../lib/import/import-fields';
import { importKindOf, readImportFile, type ImportTable } from '../lib/import/import-files';
import { RowReader, type ImportRow, type ImportSources } from '../lib/import/import-rows';
import { followImport, loadImportSources, queueImport, readRememberedMapping, rememberMapping } from '../services/import';
import { listOutbox } from '../services/work-order-actions';
import { toasts } from './toasts.svelte';

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

/** How often the outbox is read while drafts land: a 5,000-row import moves it thousands of times. */
const READ_EVERY_MS = 250;

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
  #stop: (() => void) | undefined;
  /** Temporary ids the marketplace has answered, to their real ids: not shown, so not reactive. */
  #renamed: Record<number, number> = {};
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(table: ImportTable, sources: ImportSources, remembered: Record<string, string>) {
    this.table = table;
    this.#sources = sources;
    this.#remembered = remembered;
    this.columns = matchColumns(table.headings, remembered);
  }

  valid = $derived(this.rows.filter((row) => row.body !== undefined));
  invalid = $derived(this.rows.filter((row) => row.body === undefined));
  shown = $derived(this.onlyProblems ? this.invalid : this.rows);

  created = $derived(this.drafts.filter((draft) => draft.outcome === 'created'));
  refused = $derived(this.drafts.filter((draft) => draft.outcome === 'refused'));
  /** Drafts the marketplace has answered (made or refused). */
  answered = $derived(this.created.length + this.refused.length);

  setTarget(index: number, target: ColumnTarget): void {
    this.columns = this.columns.map((column) => (column.index === index ? { ...column, target } : column));
  }

  /** Reads every row against the mapping, and remembers the mapping for the next file. */
  preview(): void {
    const reader = new RowReader(this.columns, this.#sources);
    this.rows = this.table.rows.map((cells, index) => reader.read(cells, index + 2));
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
    this.#stop = followImport({ onOutbox: () => this.#soon(), onRenamed: (renamed) => this.#rename(renamed) });
    try {
      const receipts = await queueImport(
        valid.map((row) => row.body as NonNullable<ImportRow['body']>),
        (queued) => (this.queued = queued),
      );
      this.drafts = receipts.map((receipt, index) => {
        const row = valid[index] as ImportRow;
        return { row: row.row, title: row.title, entryId: receipt.entryId, id: receipt.id ?? 0, outcome: 'waiting' };
      });
      await this.#read();
    } catch (error) {
      this.problem = `${error instanceof AppError ? error.message : 'The drafts could not be queued.'} ${this.queued} of ${valid.length} were queued before it stopped; they are in the outbox.`;
      this.step = 'report';
      this.close();
    }
  }

  /** Stops following the outbox (the drafts keep going: they are in the outbox). */
  close(): void {
    this.#stop?.();
    this.#stop = undefined;
    clearTimeout(this.#timer);
  }

  finish(): void {
    this.step = 'report';
  }

  #soon(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#read();
    }, READ_EVERY_MS);
  }

  #rename(renamed: { from: number; to: number }[]): void {
    for (const { from, to } of renamed) this.#renamed[from] = to;
  }

  async #read(): Promise<void> {
    if (this.drafts.length === 0) return;
    let entries;
    try {
      entries = await listOutbox();
    } catch {
      return;
    }
    const byId: Record<string, (typeof entries)[number]> = Object.fromEntries(entries.map((entry) => [entry.id, entry]));
    this.drafts = this.drafts.map((draft) => {
      const id = this.#renamed[draft.id] ?? draft.id;
      const entry = byId[draft.entryId];
      if (!entry) return draft.outcome === 'created' && draft.id === id ? draft : { ...draft, id, outcome: 'created', reason: undefined };
      if (entry.state === 'refused') return { ...draft, outcome: 'refused', reason: entry.error?.message ?? 'Refused by the marketplace' };
      return draft.outcome === 'waiting' ? draft : { ...draft, outcome: 'waiting', reason: undefined };
    });
    if (this.answered === this.drafts.length) {
      this.close();
      this.step = 'report';
    }
  }
}

/** The one import under way, opened from the list's Import… button, the palette, or a file dropped on the list. */
class Importer {
  session = $state<ImportSession | undefined>();
  reading = $state(false);
  /** The list's hidden file input, while the list is on screen. */
  #input: HTMLInputElement | undefined;

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

  async open(file: File): Promise<void> {
    if (!importKindOf(file.name)) {
      toasts.show({ tone: 'danger', message: `“${file.name}” is not a CSV or xlsx file: only those can be imported.` });
      return;
    }
    this.reading = true;
    try {
      const [table, sources, remembered] = await Promise.all([readImportFile(file), loadImportSources(), readRememberedMapping().catch(() => ({}))]);
      if (table.headings.length === 0 || table.rows.length === 0) {
        toasts.show({ tone: 'danger', message: `“${file.name}” has no rows under a row of headings.` });
        return;
      }
      this.session?.close();
      this.session = new ImportSession(table, sources, remembered);
    } catch (error) {
      toasts.show({ tone: 'danger', message: error instanceof Error && !(error instanceof AppError) ? `“${file.name}” could not be read: ${error.message}` : `“${file.name}” could not be read.` });
    } finally {
      this.reading = false;
    }
  }

  close(): void {
    this.session?.close();
    this.session = undefined;
  }
}

export const importer = new Importer();
