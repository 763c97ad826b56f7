/** The demo seed's assigned orders (src-main/local-marketplace/seed/work-orders.ts): their providers may write, upload and check in. */
export const ASSIGNED_DEMO_ORDERS: readonly number[] = [10018, 10019, 10020, 10021, 10022, 10023, 10024, 10025, 10026];
