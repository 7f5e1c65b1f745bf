/**
 * The fault suite's load: signed-out readers and signed-in writers against
 * one or more real server instances, through a small load balancer that
 * routes only to instances whose readiness probe answers 200 (polled every
 * 200 ms, as a load balancer does) and retries elsewhere a request whose
 * connection was refused (it never reached a server). Every answer is
 * recorded by kind, and every acknowledged write is kept so the suite can
 * check it is in the database.
 */
import type { ServerProcess } from "../support/server-process";

export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";

/** What went wrong with a request, when something did. */
/** The n-th reader's client address, in 10.0.0.0/8 (a view counts once per address, decision 0176). */
export function readerAddress(n: number): string {
  const i = (n % 0xfffffe) + 1;
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

export type Failure =
  | "refused" // connection refused: never reached a server (retried elsewhere when possible)
  | "reset" // the connection closed or reset after the request was sent: no answer
  | "timeout"
  | "other";

export type Outcome = {
  status?: number;
  failure?: Failure;
  instance: number;
  write: boolean;
  /** Sent as X-Request-Id: the server logs it with the request once it has answered it. */
  id: string;
};

export type Acknowledged = {
  comments: { id: string; postId: string }[];
  likes: { commentId: string; userId: string }[];
  favorites: { postId: string; userId: string }[];
  /** Each view's client address (X-Forwarded-For): a view counts once per address (decision 0176). */
  views: { postId: string; address: string }[];
};

export type Member = { id: string; cookie: string };

function failureOf(error: unknown): Failure {
  const { name, cause } = (error ?? {}) as { name?: string; cause?: { code?: string } };
  if (name === "TimeoutError" || name === "AbortError") return "timeout";
  const code = cause?.code ?? "";
  if (code === "ECONNREFUSED") return "refused";
  if (code === "UND_ERR_SOCKET" || code === "ECONNRESET" || code === "EPIPE") return "reset";
  return "other";
}

/** Routes to ready instances; knows which ones are up. */
export class Balancer {
  private readonly ready = new Map<ServerProcess, boolean>();
  /**
   * Probe answers per instance that took it out while it was meant to be up:
   * an error (refused, reset, a 503 for any reason but slowness), or a second
   * slow answer in a row.
   */
  readonly probeFailures = new Map<ServerProcess, number>();
  /** Probe answers per instance that were only slow (reported in the figures). */
  readonly slowProbes = new Map<ServerProcess, number>();
  private readonly slowInARow = new Map<ServerProcess, number>();
  private readonly expectedDown = new Set<ServerProcess>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private next = 0;

  constructor(readonly instances: ServerProcess[]) {
    for (const instance of instances) {
      this.ready.set(instance, true);
      this.probeFailures.set(instance, 0);
      this.slowProbes.set(instance, 0);
      this.slowInARow.set(instance, 0);
    }
  }

  start() {
    this.timer = setInterval(() => void this.probe(), 200);
  }

  stop() {
    clearInterval(this.timer);
  }

  /** Forgets `instance`'s probe failures (those of a kill the balancer learnt of by them). */
  resetProbeFailures(instance: ServerProcess) {
    this.probeFailures.set(instance, 0);
  }

  /** The harness is about to stop or kill `instance`: its probe failures do not count. */
  expectDown(instance: ServerProcess, down = true) {
    if (down) {
      this.expectedDown.add(instance);
      this.ready.set(instance, false);
    } else {
      this.expectedDown.delete(instance);
    }
  }

  /**
   * Asks each instance's readiness. As a load balancer's unhealthy threshold
   * does, one slow answer (the check's own time limit, or no answer within
   * 5 s) is a busy moment, not a failure: on a starved machine the 1 s check
   * can miss once. Two slow answers in a row, or any error, take the
   * instance out and count as a failure.
   */
  private async probe() {
    await Promise.all(
      this.instances.map(async (instance) => {
        let verdict: "ready" | "slow" | "failed";
        try {
          const response = await fetch(`${instance.url}/api/health/ready`, {
            signal: AbortSignal.timeout(5_000),
          });
          const body = (await response.json().catch(() => ({}))) as {
            database?: { error?: string };
          };
          verdict =
            response.status === 200
              ? "ready"
              : /did not answer within/.test(body.database?.error ?? "")
                ? "slow"
                : "failed";
        } catch (error) {
          verdict = failureOf(error) === "timeout" ? "slow" : "failed";
        }
        const slowInARow = verdict === "slow" ? this.slowInARow.get(instance)! + 1 : 0;
        this.slowInARow.set(instance, slowInARow);
        if (verdict === "slow") this.slowProbes.set(instance, this.slowProbes.get(instance)! + 1);
        const expected = this.expectedDown.has(instance);
        const out = verdict === "failed" || slowInARow >= 2;
        if (out && !expected) {
          this.probeFailures.set(instance, this.probeFailures.get(instance)! + 1);
        }
        // A single slow answer leaves the instance as it was.
        if (verdict !== "slow" || out || expected) this.ready.set(instance, !out && !expected);
      }),
    );
  }

  /** A ready instance (round robin), or any not expected down when none is ready. */
  pick(exclude?: ServerProcess): ServerProcess | undefined {
    const candidates = this.instances.filter((i) => i !== exclude && this.ready.get(i));
    const pool = candidates.length
      ? candidates
      : this.instances.filter((i) => i !== exclude && !this.expectedDown.has(i));
    if (pool.length === 0) return undefined;
    this.next = (this.next + 1) % pool.length;
    return pool[this.next];
  }
}

type Request = { path: string; init?: RequestInit; write: boolean };

export class Load {
  readonly outcomes: Outcome[] = [];
  readonly acknowledged: Acknowledged = { comments: [], likes: [], favorites: [], views: [] };
  private running = false;
  private loops: Promise<void>[] = [];
  private counter = 0;
  private readonly commentTimes = new Map<string, number[]>();

  constructor(
    private readonly balancer: Balancer,
    private readonly posts: { id: string; slug: string }[],
    private readonly members: Member[],
  ) {}

  /**
   * Sends one request through the balancer. A refused connection never reached a
   * server, and a reset one may not have: either is sent once more, elsewhere, as
   * browsers do (a comment carries its idempotency key, so a retry cannot post twice).
   */
  private async send({ path, init, write }: Request): Promise<Response | undefined> {
    let instance = this.balancer.pick();
    for (let attempt = 0; instance && attempt < 2; attempt++) {
      const index = this.balancer.instances.indexOf(instance);
      const headers = new Headers(init?.headers);
      if (write) headers.set("origin", instance.url);
      this.counter += 1;
      const id = `load-${process.pid}-${this.counter}`;
      headers.set("x-request-id", id);
      try {
        const response = await fetch(`${instance.url}${path}`, {
          ...init,
          headers,
          redirect: "manual",
          signal: AbortSignal.timeout(20_000),
        });
        this.outcomes.push({ status: response.status, instance: index, write, id });
        return response;
      } catch (error) {
        const failure = failureOf(error);
        this.outcomes.push({ failure, instance: index, write, id });
        if (failure !== "refused" && failure !== "reset") return undefined;
        instance = this.balancer.pick(instance) ?? instance;
      }
    }
    return undefined;
  }

  private pause(min: number, max: number) {
    return new Promise((r) => setTimeout(r, min + Math.random() * (max - min)));
  }

  private randomPost() {
    return this.posts[Math.floor(Math.random() * this.posts.length)]!;
  }

  private async reader() {
    const pages = [
      () => "/",
      () => `/post/${this.randomPost().slug}`,
      () => `/search?q=${encodeURIComponent(["bank", "visa", "hiring", "tax"][this.counter % 4]!)}`,
      () => "/categories",
    ];
    while (this.running) {
      this.counter += 1;
      const response = await this.send({
        path: pages[this.counter % pages.length]!(),
        write: false,
      });
      await response?.arrayBuffer().catch(() => {});
      await this.pause(20, 60);
    }
  }

  /** A comment unless the member is at the site's limit (5 a minute), then a view. */
  private canComment(member: Member) {
    const now = Date.now();
    const times = (this.commentTimes.get(member.id) ?? []).filter((t) => now - t < 62_000);
    this.commentTimes.set(member.id, times);
    return times.length < 5;
  }

  private async writer(member: Member) {
    const json = (body: Record<string, string>) => ({
      method: "POST",
      headers: { cookie: member.cookie } as Record<string, string>,
      body: new URLSearchParams({ ...body, js: "1" }),
    });
    while (this.running) {
      const roll = Math.random();
      const post = this.randomPost();
      if (roll < 0.2 && this.canComment(member)) {
        this.commentTimes.get(member.id)!.push(Date.now());
        const submission = json({
          intent: "create",
          postId: post.id,
          content: `Fault load ${Date.now()}`,
        });
        submission.headers["Idempotency-Key"] = `fault-${process.pid}-${++this.counter}-key`;
        const response = await this.send({ path: "/api/comments", init: submission, write: true });
        const body = (await response?.json().catch(() => null)) as { ok?: boolean; id?: string };
        if (response?.status === 200 && body?.ok && body.id) {
          this.acknowledged.comments.push({ id: body.id, postId: post.id });
        }
      } else if (roll < 0.45 && this.acknowledged.comments.length > 0) {
        const all = this.acknowledged.comments;
        const comment = all[Math.floor(Math.random() * all.length)]!;
        const response = await this.send({
          path: "/api/comments",
          init: json({ intent: "like", commentId: comment.id, liked: "true" }),
          write: true,
        });
        const body = (await response?.json().catch(() => null)) as { liked?: boolean };
        if (response?.status === 200 && body?.liked === true) {
          this.acknowledged.likes.push({ commentId: comment.id, userId: member.id });
        }
      } else if (roll < 0.65) {
        const response = await this.send({
          path: "/api/favorites",
          init: json({ postId: post.id, saved: "true" }),
          write: true,
        });
        const body = (await response?.json().catch(() => null)) as { saved?: boolean };
        if (response?.status === 200 && body?.saved === true) {
          this.acknowledged.favorites.push({ postId: post.id, userId: member.id });
        }
      } else {
        this.counter += 1;
        const address = readerAddress(this.counter);
        const response = await this.send({
          path: `/api/posts/${post.id}/view`,
          init: {
            method: "POST",
            headers: { "user-agent": BROWSER, "x-forwarded-for": address },
          },
          write: true,
        });
        await response?.arrayBuffer().catch(() => {});
        if (response?.status === 204) this.acknowledged.views.push({ postId: post.id, address });
      }
      await this.pause(40, 120);
    }
  }

  start(readers: number) {
    this.running = true;
    this.loops = [
      ...Array.from({ length: readers }, () => this.reader()),
      ...this.members.map((member) => this.writer(member)),
    ];
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Outcomes since `from` (an index into outcomes), summed up. */
  summary(from = 0) {
    const list = this.outcomes.slice(from);
    const byKind: Record<string, number> = {};
    for (const o of list) {
      const kind =
        o.failure ??
        (o.status! >= 500 ? String(o.status) : o.status! >= 400 ? String(o.status) : "ok");
      byKind[kind] = (byKind[kind] ?? 0) + 1;
    }
    return {
      requests: list.length,
      writes: list.filter((o) => o.write).length,
      byKind,
    };
  }
}
