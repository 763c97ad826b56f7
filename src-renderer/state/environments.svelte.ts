import type { EnvironmentSummary } from '../../src-shared/ipc/channels';
import * as service from '../services/environments';
import { messageOf } from '../lib/errors';

/** The environments, which is active, and what the last sign-in said, by environment. */
export class EnvironmentsState {
  list = $state.raw<EnvironmentSummary[]>([]);
  /** The marketplace's or the app's answer to the last sign-in of each environment, when it failed. */
  problems = $state.raw<Partial<Record<EnvironmentSummary['id'], string>>>({});
  busy = $state<EnvironmentSummary['id'] | undefined>();

  active = $derived(this.list.find((environment) => environment.active));

  start(): () => void {
    const stop = service.followEnvironments((list) => (this.list = list));
    void service.listEnvironments().then((list) => (this.list = list), () => {});
    return stop;
  }

  async select(id: EnvironmentSummary['id']): Promise<void> {
    await this.#run(id, async () => {
      this.list = await service.selectEnvironment(id);
    });
  }

  async signIn(id: EnvironmentSummary['id']): Promise<void> {
    await this.#run(id, () => service.signIn(id));
    this.list = await service.listEnvironments();
  }

  async signOut(id: EnvironmentSummary['id']): Promise<void> {
    await this.#run(id, () => service.signOut());
    this.list = await service.listEnvironments();
  }

  async #run(id: EnvironmentSummary['id'], work: () => Promise<unknown>): Promise<void> {
    this.busy = id;
    try {
      await work();
      this.problems = { ...this.problems, [id]: undefined };
    } catch (error) {
      this.problems = { ...this.problems, [id]: messageOf(error, 'Something went wrong.') };
    } finally {
      this.busy = undefined;
    }
  }
}
