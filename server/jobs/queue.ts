import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss, type Job } from "pg-boss";
import type { DatabaseHandle } from "../db/client";

/**
 * The job queue (docs/decisions/0123): pg-boss, kept in PostgreSQL (its own
 * `pgboss` schema, which it creates and migrates at start) on the embedded
 * PGlite as on PostgreSQL. A job is claimed with FOR UPDATE SKIP LOCKED, so
 * any number of instances share the work and each job runs once; a job that
 * throws is retried with exponential backoff, and one that has used its tries
 * is kept as `failed` until an admin retries it. A worker killed mid-job stops
 * sending heartbeats, and the job is retried elsewhere after HEARTBEAT_SECONDS.
 *
 * A job's idempotency key becomes its id (a UUID derived from the queue and
 * the key): the job table's primary key refuses a second job with the same
 * key, so sending twice enqueues once.
 */
export type QueueName = "mail" | "digest" | "digest-plan" | "webhook";
export const QUEUE_NAMES: QueueName[] = ["mail", "digest", "digest-plan", "webhook"];

/** Anything drizzle can run SQL on: the database or a transaction. */
export type SqlExecutor = { execute(query: ReturnType<typeof sql>): Promise<unknown> };

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export type QueueState = { pending: number; active: number; failed: number };

export type JobQueueOptions = {
  /** Runs handlers in this process (false: enqueue only). */
  work: boolean;
  /** Handlers running at once per queue in this process. */
  concurrency: number;
  /** Seconds between polls for new jobs (a new job also wakes workers through NOTIFY). */
  pollingSeconds?: number;
  /** Seconds of silence after which an active job counts as lost and is retried. */
  heartbeatSeconds?: number;
  /** Seconds between the checks for lost jobs (pg-boss's monitor and supervisor). */
  superviseSeconds?: number;
  retryLimit?: number;
  /** The first retry's delay in seconds; doubled each try (with jitter), at most retryDelayMax. */
  retryDelay?: number;
  retryDelayMax?: number;
};

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

export const HEARTBEAT_SECONDS = 30;

/** The job id for an idempotency key: stable, so a second send with the key is refused. */
export function jobIdFor(queue: string, key: string): string {
  const hex = createHash("sha256").update(`${queue}\u0000${key}`).digest("hex");
  // Shaped as a version-4, variant-1 UUID (pg-boss's id column is uuid).
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20),
    hex.slice(20, 32),
  ].join("-");
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly options: Required<JobQueueOptions>;
  private readonly log: Log;
  private started = false;

  constructor(backend: DatabaseHandle["queueBackend"], log: Log, options: JobQueueOptions) {
    this.log = log;
    this.options = {
      pollingSeconds: 2,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      superviseSeconds: 30,
      retryLimit: 5,
      retryDelay: 30,
      retryDelayMax: 3600,
      ...options,
    };
    const maintenance = {
      superviseIntervalSeconds: this.options.superviseSeconds,
      monitorIntervalSeconds: this.options.superviseSeconds,
      // Only the instances that work run maintenance (one at a time: pg-boss locks it).
      supervise: options.work,
      schedule: options.work,
    };
    this.boss =
      backend.kind === "pglite"
        ? new PgBoss({ db: fromPglite(backend.client), backend: "pglite", ...maintenance })
        : new PgBoss({
            connectionString: backend.url,
            max: 3,
            application_name: "founderbridge-jobs",
            ...maintenance,
          });
    this.boss.on("error", (error: Error) => this.log.warn({ err: error }, "job queue"));
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const name of QUEUE_NAMES) {
      const queueOptions = {
        retryLimit: this.options.retryLimit,
        retryDelay: this.options.retryDelay,
        retryBackoff: true,
        retryDelayMax: this.options.retryDelayMax,
        heartbeatSeconds: this.options.heartbeatSeconds,
        // Failed jobs stay until an admin retries them (or 30 days pass).
        deleteAfterSeconds: 30 * 24 * 3600,
        retentionSeconds: 30 * 24 * 3600,
      };
      const existing = await this.boss.getQueue(name);
      if (existing) await this.boss.updateQueue(name, queueOptions);
      else await this.boss.createQueue(name, queueOptions).catch(() => {});
    }
  }

  /**
   * Enqueues a job. `via`: the transaction (or database) to insert it with, so
   * the job exists exactly when the caller's writes commit. `key`: the
   * idempotency key; returns null when a job with that key already exists.
   */
  async send<T extends object>(
    name: QueueName,
    data: T,
    options: { key?: string; via?: SqlExecutor; startAfter?: Date } = {},
  ): Promise<string | null> {
    return this.boss.send(name, data, {
      ...(options.key ? { id: jobIdFor(name, options.key) } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.via
        ? { db: fromDrizzle(options.via as Parameters<typeof fromDrizzle>[0], sql) }
        : {}),
    });
  }

  /**
   * Enqueues many jobs in one statement, each under its idempotency key: keys
   * already used are skipped, so a fan-out run again after a crash adds only
   * the jobs it had not added.
   */
  async sendMany<T extends object>(
    name: QueueName,
    jobs: { data: T; key: string }[],
  ): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.insert(
      name,
      jobs.map((job) => ({ id: jobIdFor(name, job.key), data: job.data })),
    );
  }

  /**
   * Runs `handler` for each job of the queue in this process (nothing when
   * not working). Jobs are fetched in batches (pg-boss waits a polling
   * interval between fetches), run `concurrency` at a time, and settled one
   * by one: a job that throws is retried alone.
   */
  async work<T extends object>(name: QueueName, handler: JobHandler<T>): Promise<void> {
    if (!this.options.work) return;
    const concurrency = this.options.concurrency;
    await this.boss.work<T>(
      name,
      {
        batchSize: concurrency * 8,
        localConcurrency: 1,
        pollingIntervalSeconds: this.options.pollingSeconds,
        perJobResults: true,
      },
      async (jobs: Job<T>[]) => {
        const results: { id: string; status: "completed" | "failed"; output?: object }[] = [];
        let next = 0;
        const lane = async () => {
          while (next < jobs.length) {
            const job = jobs[next++]!;
            try {
              await handler(job.data, { id: job.id, retryCount: job.retryCount ?? 0 });
              results.push({ id: job.id, status: "completed" });
            } catch (error) {
              this.log.warn({ err: error, queue: name, job: job.id }, "job failed");
              results.push({
                id: job.id,
                status: "failed",
                output: { message: error instanceof Error ? error.message : String(error) },
              });
            }
          }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, lane));
        return results;
      },
    );
  }

  /** A cron schedule (evaluated in `tz`) that sends a job to `name`, once across instances. */
  async schedule(name: QueueName, cron: string, tz: string, data: object = {}): Promise<void> {
    if (!this.options.work) return;
    await this.boss.schedule(name, cron, data, { tz });
  }

  async unschedule(name: QueueName): Promise<void> {
    await this.boss.unschedule(name);
  }

  /** Jobs waiting (created or awaiting a retry), running, and failed, over every queue. */
  async state(): Promise<QueueState> {
    const { rows } = await this.boss
      .getDb()
      .executeSql(
        `SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = ANY($1::text[]) GROUP BY state`,
        [QUEUE_NAMES],
      );
    const count = (states: string[]) =>
      (rows as { state: string; n: number }[])
        .filter((r) => states.includes(r.state))
        .reduce((sum, r) => sum + Number(r.n), 0);
    return {
      pending: count(["created", "retry"]),
      active: count(["active"]),
      failed: count(["failed"]),
    };
  }

  /** Puts every failed job back in line; returns how many. */
  async retryFailed(): Promise<number> {
    let count = 0;
    for (const name of QUEUE_NAMES) {
      const { rows } = await this.boss
        .getDb()
        .executeSql(`SELECT id FROM pgboss.job WHERE name = $1 AND state = 'failed'`, [name]);
      const ids = (rows as { id: string }[]).map((r) => r.id);
      if (ids.length === 0) continue;
      await this.boss.retry(name, ids);
      count += ids.length;
    }
    return count;
  }

  /** Stops polling, lets running jobs finish (up to `timeoutMs`), then stops. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}

const key = Symbol.for("founderbridge.jobQueue");
type GlobalWithQueue = typeof globalThis & { [key]?: JobQueue };

export function setJobQueue(queue: JobQueue | undefined) {
  (globalThis as GlobalWithQueue)[key] = queue;
}

/** The process's job queue, started by server/app.ts (tests start their own). */
export function jobQueue(): JobQueue {
  const queue = (globalThis as GlobalWithQueue)[key];
  if (!queue) throw new Error("The job queue is not started (server/app.ts start()).");
  return queue;
}

export function currentJobQueue(): JobQueue | undefined {
  return (globalThis as GlobalWithQueue)[key];
}
