/**
 * The lists' counts counted again from the orders (migration 0019 keeps them by triggers): at the
 * end of a bulk load, which loads with the triggers waiting.
 */
export const RECOUNT_SQL = `
  DELETE FROM work_order_counts;
  INSERT INTO work_order_counts (status_key, orders, problems)
    SELECT coalesce(status_id, -1), COUNT(*), SUM(open_problems > 0) FROM work_orders GROUP BY coalesce(status_id, -1);
`;
