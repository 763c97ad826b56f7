export type ConnectionStatus = 'connecting' | 'open' | 'closed' | 'refused';

/** The link between this window and main: always open in Electron, a socket in browser mode. */
class Connection {
  status = $state<ConnectionStatus>('open');

  set(status: ConnectionStatus): void {
    this.status = status;
  }
}

export const connection = new Connection();
