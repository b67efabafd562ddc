// Reads across PostgreSQL streaming replicas (DATABASE_REPLICA_URLS). Every interval the primary's
// WAL position is sampled, then each replica's replay position: a replica that answers, is a
// standby, and is within the lag bound serves requests, round robin; the others are out until a
// later check finds them up and caught up again (walHistory.ts measures the lag). A statement that
// loses its replica's connection takes the replica out at once. With no replica in, requests read
// from the primary. Everything that must see its own write stays on the primary (the callers
// choose: subgraphs/shared/subgraph.ts primaryReads).
import { createDatabase, type Database, type DatabaseOptions } from '../database';
import { isConnectionLost } from '../describeDbError';
import { createWalHistory } from './walHistory';

/** The reads of one request: a replica's or the primary's Prisma client and raw reads. */
export type Reads = Pick<Database, 'prisma' | 'read'>;

/** One replica as the last check (or a lost connection since) left it. */
export type ReplicaState = {
  /** host:port/database of its URL (no credentials). */
  name: string;
  /** Whether it serves requests. */
  serving: boolean;
  /** Why not, when it does not. */
  reason?: string;
  /** How far behind the primary it was at the last check, ms, when known. */
  lagMs?: number;
};

/** The replicas of a process. */
export type ReadReplicas = {
  /** The reads of one request: the next serving replica's (round robin), or the primary's when none serves. */
  pick(): Reads;
  /** Each replica's state. */
  states(): ReplicaState[];
  /** Checks every replica now; the interval's checks call it too. */
  check(): Promise<void>;
  /** Stops the checks and closes the replicas' pools (not the primary). */
  close(): Promise<void>;
};

/** Options of {@link openReadReplicas}. */
export type ReadReplicaOptions = {
  /** PostgreSQL URLs of the replicas (`?schema=` honoured, else the primary's schema). */
  urls: readonly string[];
  /** A replica further behind the primary than this is out. */
  maxLagMs: number;
  /** Time between checks. @default 1000 */
  checkIntervalMs?: number;
  /** Bound on a statement of a request on a replica (as on the primary); 0: none. */
  statementTimeoutMs?: number;
  /** Hooks the replicas' statements report to, as the primary's do. */
  onQuery?: DatabaseOptions['onQuery'];
  onQueryTime?: DatabaseOptions['onQueryTime'];
  /** Receives a line each time a replica goes out or comes back. */
  log?: (message: string) => void;
  /** Called with every replica's state after each round of checks (metrics). */
  onChecked?: (states: ReplicaState[]) => void;
};

/** A check that gets no answer in this time counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

type Replica = ReplicaState & { db: Database };

/**
 * Opens the replicas (without connecting: a replica that is down at start is out until it is up),
 * checks them once, then every interval.
 * @param primary the primary database (PostgreSQL)
 * @param options the replicas and their bound
 * @returns the replicas; close them before the primary
 * @example
 * const replicas = await openReadReplicas(db, { urls: ['postgresql://replica-1:5432/data'], maxLagMs: 5000 })
 * const { prisma, read } = replicas.pick()
 */
export async function openReadReplicas(primary: Database, options: ReadReplicaOptions): Promise<ReadReplicas> {
  if (primary.kind !== 'postgres') throw new Error('read replicas need a PostgreSQL primary (DATABASE_URL)');
  const log = options.log ?? (() => {});
  const history = createWalHistory(2 * options.maxLagMs + 2 * (options.checkIntervalMs ?? 1000));
  const replicas: Replica[] = [];
  const takeOut = (replica: Replica, reason: string, lagMs?: number) => {
    if (replica.serving) log(`read replica ${replica.name} is out: ${reason}`);
    Object.assign(replica, { serving: false, reason, lagMs });
  };
  for (const url of options.urls) {
    const parsed = new URL(url);
    const replica: Replica = {
      name: `${parsed.host}${parsed.pathname}`,
      serving: false,
      reason: 'not checked yet',
      db: await createDatabase({
        databaseUrl: url,
        schema: parsed.searchParams.get('schema') ?? primary.schema,
        readOnly: true,
        statementTimeoutMs: options.statementTimeoutMs,
        onQuery: options.onQuery,
        onQueryTime: options.onQueryTime,
        onStatementError: (error) => {
          if (isConnectionLost(error)) takeOut(replica, `lost its connection (${(error as Error).message})`);
        },
      }),
    };
    replicas.push(replica);
  }

  const checkOne = async (replica: Replica) => {
    try {
      const [row] = await withTimeout(
        replica.db.query<{ standby: boolean; replayed: string | null }>(
          `SELECT pg_is_in_recovery() AS standby,
                  pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '0/0')::text AS replayed`,
        ),
        `no answer in ${CHECK_TIMEOUT_MS} ms`,
      );
      if (!row?.standby || row.replayed === null)
        return takeOut(replica, 'it is not a streaming standby (pg_is_in_recovery() is false)');
      const lag = history.lagOf(BigInt(row.replayed), Date.now());
      if (!lag.known) return takeOut(replica, `it is at least ${lag.atLeastMs} ms behind the primary`);
      if (lag.ms > options.maxLagMs)
        return takeOut(replica, `it is ${lag.ms} ms behind the primary (bound ${options.maxLagMs} ms)`, lag.ms);
      if (!replica.serving) log(`read replica ${replica.name} serves reads (${lag.ms} ms behind the primary)`);
      Object.assign(replica, { serving: true, reason: undefined, lagMs: lag.ms });
    } catch (error) {
      takeOut(replica, `its check failed (${(error as Error).message})`);
    }
  };
  let primaryUnread = false;
  const check = async () => {
    try {
      // The primary first: a replica is compared with a position the primary had before the replica answered.
      const [row] = await withTimeout(
        primary.query<{ lsn: string }>(`SELECT pg_wal_lsn_diff(pg_current_wal_flush_lsn(), '0/0')::text AS lsn`),
        `no answer in ${CHECK_TIMEOUT_MS} ms`,
      );
      history.add({ at: Date.now(), lsn: BigInt(row!.lsn) });
      primaryUnread = false;
    } catch (error) {
      // Without the primary's position no lag is known; the replicas keep their states until it answers.
      if (!primaryUnread)
        log(`read replicas: the primary's WAL position could not be read (${(error as Error).message})`);
      primaryUnread = true;
      return;
    }
    await Promise.all(replicas.map(checkOne));
    options.onChecked?.(states());
  };
  const states = () => replicas.map(({ name, serving, reason, lagMs }) => ({ name, serving, reason, lagMs }));

  let checking: Promise<void> | undefined;
  const checkOnce = () => (checking ??= check().finally(() => (checking = undefined)));
  await checkOnce();
  for (const replica of replicas) if (!replica.serving) log(`read replica ${replica.name} is out: ${replica.reason}`);
  const timer = setInterval(() => void checkOnce(), options.checkIntervalMs ?? 1000);
  timer.unref();
  let next = 0;
  return {
    pick() {
      const serving = replicas.filter((replica) => replica.serving);
      if (serving.length === 0) return primary;
      next = (next + 1) % serving.length;
      return serving[next]!.db;
    },
    states,
    check: checkOnce,
    async close() {
      clearInterval(timer);
      await checking;
      await Promise.all(replicas.map((replica) => replica.db.close()));
    },
  };
}

function withTimeout<T>(promise: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
