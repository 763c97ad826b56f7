import { matchColumns, rememberedMapping, type ColumnMatch, type ColumnTarget } from '../lib/import/import-fields';
import { readImportFile, type FileReading, type ImportTable } from '../lib/import/import-files';
import { RowReader, type ImportRow, type ImportSources } from '../lib/import/import-rows';
import { followImport, loadImportSources, queueImport, readRememberedMapping, rememberMapping } from '../services/import';
import { listOutbox } from '../services/work-order-actions';
import { messageOf } from '../lib/errors';

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
  /** Temporary ids the marketplace has answered, to their real ids: not shown, so not reactive. */
  #renamed: Record<number, number> = {};
  #timer: ReturnType<typeof setTimeout> | undefined;
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
      loadImportSources().catch((): ImportSources => ({})),
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
