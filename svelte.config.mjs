/** Runes everywhere: no component may fall back to Svelte 4 semantics. */
export default {
  compilerOptions: { runes: true },
};
