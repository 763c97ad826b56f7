// The rule lives in src-shared/domain/formula-cells.ts, shared with the exports that escape such cells.
export { looksLikeFormula } from '../../../src-shared/domain/formula-cells';
