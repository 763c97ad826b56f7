import type { Statement } from 'better-sqlite3';
import type { Client, Project } from '../../src-shared/api/client';
import type { CacheDatabase } from './database';
import { text } from './column-values';

/** A project as the cache answers it: the client it belongs to comes with it. */
export type CachedProject = Project & { client_id: number };

/** A client with the projects the pull found for it (embedded in the client, or fetched beside it). */
export interface PulledClient {
  client: Client;
  projects: readonly Project[];
}


/** The company's clients and their projects, replaced whole by each directory pull. */
export class ClientRepository {
  readonly #insertClient: Statement;
  readonly #insertProject: Statement;
  readonly #deleteClients: Statement;
  readonly #deleteProjects: Statement;
  readonly #clients: Statement;
  readonly #projects: Statement;
  readonly #projectsOf: Statement;
  readonly #replaceAll: (clients: readonly PulledClient[], fetchedAt: number) => void;

  constructor(db: CacheDatabase) {
    this.#insertClient = db.prepare('INSERT INTO clients (id, name, json, fetched_at) VALUES (?, ?, ?, ?)');
    // A project id is the service's, unique across clients; the last client naming it wins.
    this.#insertProject = db.prepare(
      `INSERT INTO projects (id, client_id, name, json, fetched_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET client_id = excluded.client_id, name = excluded.name, json = excluded.json, fetched_at = excluded.fetched_at`,
    );
    this.#deleteClients = db.prepare('DELETE FROM clients');
    this.#deleteProjects = db.prepare('DELETE FROM projects');
    this.#clients = db.prepare('SELECT json FROM clients ORDER BY name, id').pluck();
    this.#projects = db.prepare('SELECT client_id, json FROM projects ORDER BY name, id');
    this.#projectsOf = db.prepare('SELECT client_id, json FROM projects WHERE client_id = ? ORDER BY name, id');
    this.#replaceAll = db.transaction((clients: readonly PulledClient[], fetchedAt: number) => {
      // The list comes whole: a client or project gone from the service must go here too.
      this.#deleteProjects.run();
      this.#deleteClients.run();
      for (const { client, projects } of clients) {
        // The projects live in their own table, so the stored client does not carry a stale copy.
        this.#insertClient.run(client.id, text(client.name), JSON.stringify({ ...client, projects: undefined }), fetchedAt);
        for (const project of projects) this.#insertProject.run(project.id, client.id, text(project.name), JSON.stringify(project), fetchedAt);
      }
    });
  }

  replace(clients: readonly PulledClient[], fetchedAt: number = Date.now()): void {
    this.#replaceAll(clients, fetchedAt);
  }

  /** Every client by name, each with its projects in the service's `projects.results` shape. */
  list(): Client[] {
    const byClient = new Map<number, CachedProject[]>();
    for (const project of this.projects()) byClient.set(project.client_id, [...(byClient.get(project.client_id) ?? []), project]);
    return (this.#clients.all() as string[]).map((json) => {
      const client = JSON.parse(json) as Client;
      return { ...client, projects: { results: byClient.get(client.id) ?? [] } };
    });
  }

  /** Projects by name: one client's, or every client's. */
  projects(clientId?: number): CachedProject[] {
    const rows = (clientId === undefined ? this.#projects.all() : this.#projectsOf.all(clientId)) as { client_id: number; json: string }[];
    return rows.map((row) => ({ ...(JSON.parse(row.json) as Project), client_id: row.client_id }));
  }
}
