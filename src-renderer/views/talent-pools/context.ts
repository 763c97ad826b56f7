import { createContext } from 'svelte';
import type { TalentPoolsState } from '../../state/talent-pools.svelte';

/** The screen's state, handed to the pool list, the member cards and their attributes. */
export const [getTalentPools, setTalentPools] = createContext<TalentPoolsState>();
