import { createContext } from 'svelte';
import type { WorkOrderList } from '../../state/work-order-list.svelte';

/** The Work orders screen's list state, handed to its parts without threading props through each. */
export const [getWorkOrderList, setWorkOrderList] = createContext<WorkOrderList>();
