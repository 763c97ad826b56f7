import { createContext } from 'svelte';
import type { WorkOrderDetailState } from '../../state/work-order-detail.svelte';
import type { WorkSheetPrint } from '../../state/work-sheet-print.svelte';

/** The open order's state, handed to the panel's sections without threading props through each. */
export const [getWorkOrderDetail, setWorkOrderDetail] = createContext<WorkOrderDetailState>();

/** The open order's work sheet printer: the header's button, the palette and Ctrl/Cmd+P share it. */
export const [getWorkSheetPrint, setWorkSheetPrint] = createContext<WorkSheetPrint>();
