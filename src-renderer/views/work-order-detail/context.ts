import { createContext } from 'svelte';
import type { WorkOrderDetailState } from '../../state/work-order-detail.svelte';

/** The open order's state, handed to the panel's sections without threading props through each. */
export const [getWorkOrderDetail, setWorkOrderDetail] = createContext<WorkOrderDetailState>();
