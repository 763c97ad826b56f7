import type { SavedLocation } from '../../src-shared/api/location';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';

/** What the job form is opened for: a new job, an edit, a copy of an order, or a refused save to fix. */
export type JobFormRequest =
  | { kind: 'create'; title?: string; location?: SavedLocation }
  | { kind: 'edit'; id: number }
  | { kind: 'duplicate'; id: number }
  | { kind: 'retry'; entry: OutboxEntry };

/** The job form is one for the whole app: the list, the palette, the detail and the outbox all open it here. */
class JobFormLauncher {
  request = $state<JobFormRequest | undefined>();
  /** Bumped on every open, so opening the same request again starts a fresh form. */
  serial = $state(0);

  open(request: JobFormRequest): void {
    this.request = request;
    this.serial += 1;
  }

  close(): void {
    this.request = undefined;
  }
}

export const jobForms = new JobFormLauncher();
