import { createContext } from 'svelte';
import type { WorkOrderList } from '../../state/work-order-list.svelte';
import type { WorkOrderSelection } from '../../state/selection.svelte';

/** The Work orders screen's list state, handed to its parts without threading props through each. */
export const [getWorkOrderList, setWorkOrderList] = createContext<WorkOrderList>();
/** The orders picked for a bulk action: the screen's, so it outlives a switch of view. */
export const [getSelection, setSelection] = createContext<WorkOrderSelection>();
