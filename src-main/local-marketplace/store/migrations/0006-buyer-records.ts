import type { Migration } from './index';

/** Tables of the expenses, problems, talent pool attributes. */
export const migration0006: Migration = {
  version: 6,
  name: 'buyer-records',
  up: '',
};
