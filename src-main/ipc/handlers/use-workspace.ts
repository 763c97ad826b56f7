/**
 * How a handler reaches the active environment: a call run on its workspace, seeing only the parts
 * the handler names (`Parts`, declared beside it). The composition root passes `AppServices.use`;
 * tests can pass anything with those parts.
 */
export type UseWorkspace<Parts> = <T>(call: (workspace: Parts) => T | Promise<T>) => Promise<T>;
