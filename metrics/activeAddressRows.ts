// The active-address sets (metric_active_address, bitmaps over metric_address's numbers) read back
// as one row per address of a scope's period: what the rebuild's first-seen days are taken from,
// and what a comparison of two databases' sets compares (numbers may differ, addresses may not).

/** SQL of the rows (scope, time_interval, bucket, address, sender) of every set; filter it as a subquery. */
export const ACTIVE_ADDRESS_ROWS_SQL = `SELECT a.scope, a.time_interval, a.bucket, m.address, ((a.senders >> g.bit) & 1) = 1 AS sender
FROM metric_active_address a CROSS JOIN generate_series(0, 63) g (bit) JOIN metric_address m ON m.id = a.chunk * 64 + g.bit
WHERE ((a.members >> g.bit) & 1) = 1`;
