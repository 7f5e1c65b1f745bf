/**
 * The logical dump both drivers share (docs/decisions/0135): every public
 * table's rows as JSON lines, written by PostgreSQL itself (row_to_json) and
 * read back by it (json_populate_recordset), so every column type survives
 * the trip without the driver converting it. One snapshot (REPEATABLE READ)
 * covers the whole dump, so it is consistent while the site runs.
 *
 * The file is one JSON value a line:
 *   ["meta", { schemaWhen, counts }]         first line
 *   ["table", name, columns]                 then that table's rows:
 *   { …a row… }                              one object a line
 *   ["sequence", name, lastValue, isCalled]
 *   ["end"]                                  last line (a cut file is refused)
 * Tables come parents first, so loading in file order satisfies every
 * foreign key; a table that references itself is loaded in one statement.
 */

/** What both drivers' query functions have in common (PGlite's transaction, a pg client). */
export type SqlSession = {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
};

export type TableInfo = {
  name: string;
  /** Written columns: generated ones are left out (PostgreSQL computes them again). */
  columns: string[];
  selfReferencing: boolean;
  hasIdentity: boolean;
};

export type DumpMeta = {
  /** `created_at` of the last applied migration (drizzle's journal `when`). */
  schemaWhen: number | null;
  counts: Record<string, number>;
};

export class BackupFormatError extends Error {}

function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Every public table with its columns, parents before the tables referencing them. */
export async function tablesInLoadOrder(session: SqlSession): Promise<TableInfo[]> {
  const { rows: columns } = await session.query<{
    table: string;
    column: string;
    generated: string;
    identity: string;
  }>(
    `SELECT c.relname AS table, a.attname AS column, a.attgenerated AS generated, a.attidentity AS identity
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
        AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attnum`,
  );
  const { rows: references } = await session.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace`,
  );
  const tables = new Map<string, TableInfo>();
  for (const row of columns) {
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, columns: [], selfReferencing: false, hasIdentity: false };
      tables.set(row.table, table);
    }
    if (row.generated === "") table.columns.push(row.column);
    if (row.identity === "a") table.hasIdentity = true;
  }
  for (const { child, parent } of references) {
    if (child === parent) tables.get(child)!.selfReferencing = true;
  }
  const remaining = new Set(tables.keys());
  const order: TableInfo[] = [];
  while (remaining.size > 0) {
    const ready = [...remaining]
      .filter(
        (table) =>
          !references.some(
            (r) => r.child === table && r.parent !== table && remaining.has(r.parent),
          ),
      )
      .sort();
    if (ready.length === 0) throw new Error("Foreign keys form a cycle; cannot order the tables");
    for (const name of ready) {
      order.push(tables.get(name)!);
      remaining.delete(name);
    }
  }
  return order;
}

/** The last applied migration's timestamp, or null before any. */
export async function schemaWhen(session: SqlSession): Promise<number | null> {
  const { rows } = await session.query<{ exists: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`,
  );
  if (!rows[0]?.exists) return null;
  const { rows: last } = await session.query<{ created_at: string | number }>(
    `SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
  );
  return last[0] ? Number(last[0].created_at) : null;
}

/**
 * The dump's lines, read in one REPEATABLE READ snapshot. The session must be
 * inside a transaction that has run nothing yet (PGlite's transaction(), or
 * BEGIN on a pg client): the first statement here sets its isolation.
 */
export async function* dumpLines(session: SqlSession, batchSize = 1000): AsyncGenerator<string> {
  await session.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
  const tables = await tablesInLoadOrder(session);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await session.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM ${ident(table.name)}`,
    );
    counts[table.name] = Number(rows[0]!.n);
  }
  const meta: DumpMeta = { schemaWhen: await schemaWhen(session), counts };
  yield JSON.stringify(["meta", meta]);
  for (const table of tables) {
    yield JSON.stringify(["table", table.name, table.columns]);
    const list = table.columns.map(ident).join(", ");
    await session.query(
      `DECLARE fb_backup NO SCROLL CURSOR FOR SELECT row_to_json(x)::text AS j FROM (SELECT ${list} FROM ${ident(table.name)}) x`,
    );
    for (;;) {
      const { rows } = await session.query<{ j: string }>(`FETCH ${batchSize} FROM fb_backup`);
      for (const row of rows) yield row.j;
      if (rows.length < batchSize) break;
    }
    await session.query("CLOSE fb_backup");
  }
  const { rows: sequences } = await session.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c WHERE c.relkind = 'S' AND c.relnamespace = 'public'::regnamespace ORDER BY 1`,
  );
  for (const { name } of sequences) {
    const { rows } = await session.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${ident(name)}`,
    );
    yield JSON.stringify(["sequence", name, rows[0]!.last_value, rows[0]!.is_called]);
  }
  yield JSON.stringify(["end"]);
}

/** Reads the first line of a dump. */
export function parseMeta(line: string): DumpMeta {
  const parsed = JSON.parse(line) as unknown;
  if (!Array.isArray(parsed) || parsed[0] !== "meta") {
    throw new BackupFormatError("The database dump does not start with its description");
  }
  return parsed[1] as DumpMeta;
}

/**
 * Loads a dump into a database whose schema is at the dump's version. Rows
 * the migrations wrote (the site settings row, the reserved category) are
 * replaced. User triggers (counters, notifications, checks) are off while
 * loading: the counters are in the rows already. Run it in a transaction.
 */
export async function loadLines(
  session: SqlSession,
  lines: AsyncIterable<string>,
  onRows: (table: string, added: number) => void = () => {},
  batchSize = 1000,
): Promise<Record<string, number>> {
  const tables = new Map((await tablesInLoadOrder(session)).map((t) => [t.name, t]));
  const indexes = await prepareLoad(session, tables);
  const loader = tableLoader(session, tables, onRows, batchSize);
  let ended = false;
  let first = true;
  for await (const line of lines) {
    if (line === "") continue;
    if (first) {
      parseMeta(line);
      first = false;
      continue;
    }
    if (line.startsWith("{")) {
      await loader.row(line);
      continue;
    }
    const entry = JSON.parse(line) as unknown[];
    await loader.finishTable();
    if (entry[0] === "table") {
      await loader.startTable(String(entry[1]), entry[2] as string[]);
    } else if (entry[0] === "sequence") {
      await session.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [
        ident(String(entry[1])),
        String(entry[2]),
        Boolean(entry[3]),
      ]);
    } else if (entry[0] === "end") {
      ended = true;
    } else {
      throw new BackupFormatError(`Unknown line in the dump: ${line.slice(0, 80)}`);
    }
  }
  await loader.finishTable();
  if (!ended) throw new BackupFormatError("The database dump is cut short (no end line)");
  for (const { definition } of indexes) await session.query(definition);
  for (const name of tables.keys()) {
    await session.query(`ALTER TABLE ${ident(name)} ENABLE TRIGGER USER`);
  }
  return loader.loaded;
}

/**
 * Before a load: the tables emptied, their user triggers off, and the
 * indexes not behind a constraint dropped. Answers those indexes, to be
 * built again after the load.
 */
async function prepareLoad(session: SqlSession, tables: Map<string, TableInfo>) {
  if (tables.size > 0) {
    await session.query(`TRUNCATE ${[...tables.keys()].map(ident).join(", ")}`);
  }
  for (const name of tables.keys()) {
    await session.query(`ALTER TABLE ${ident(name)} DISABLE TRIGGER USER`);
  }
  // Indexes are built once after the load, far faster than row by row (the trigram
  // indexes above all); those behind a constraint (keys, unique) stay for the checks.
  const { rows: indexes } = await session.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = 'public'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k
                         WHERE k.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
  );
  for (const { name } of indexes) await session.query(`DROP INDEX ${ident(name)}`);
  return indexes;
}

/**
 * The dump's tables, one at a time: `startTable` checks its columns against
 * the schema, `row` adds a row to the batch (written in batches of
 * `batchSize` rows or 8 MB), `finishTable` writes what is left. A table whose
 * rows reference rows of their own table is staged first. `loaded` counts
 * the rows written, by table.
 */
function tableLoader(
  session: SqlSession,
  tables: Map<string, TableInfo>,
  onRows: (table: string, added: number) => void,
  batchSize: number,
) {
  const loaded: Record<string, number> = {};
  let current: { table: TableInfo; columns: string[]; target: string } | undefined;
  let batch: string[] = [];
  let batchBytes = 0;

  const flush = async () => {
    if (!current || batch.length === 0) return;
    const list = current.columns.map(ident).join(", ");
    const overriding =
      current.table.hasIdentity && current.target !== "fb_stage" ? " OVERRIDING SYSTEM VALUE" : "";
    await session.query(
      `INSERT INTO ${current.target} (${list})${overriding} SELECT ${list} FROM json_populate_recordset(NULL::${ident(current.table.name)}, $1::json)`,
      [`[${batch.join(",")}]`],
    );
    loaded[current.table.name] = (loaded[current.table.name] ?? 0) + batch.length;
    onRows(current.table.name, batch.length);
    batch = [];
    batchBytes = 0;
  };
  return {
    loaded,
    row: async (line: string) => {
      if (!current) throw new BackupFormatError("A row comes before its table in the dump");
      batch.push(line);
      batchBytes += line.length;
      if (batch.length >= batchSize || batchBytes > 8_000_000) await flush();
    },
    startTable: async (name: string, columns: string[]) => {
      const table = tables.get(name);
      if (!table) throw new BackupFormatError(`The dump has a table this schema lacks: ${name}`);
      const missing = columns.filter((c) => !table.columns.includes(c));
      if (missing.length > 0) {
        throw new BackupFormatError(
          `The dump's ${name} has columns this schema lacks: ${missing.join(",")}`,
        );
      }
      let target = ident(name);
      if (table.selfReferencing) {
        await session.query(`CREATE TEMP TABLE fb_stage (LIKE ${ident(name)})`);
        target = "fb_stage";
      }
      current = { table, columns, target };
      loaded[name] = 0;
    },
    finishTable: async () => {
      await flush();
      if (current?.target === "fb_stage") {
        // Rows that reference rows of their own table: one statement checks them all at its end.
        const list = current.columns.map(ident).join(", ");
        const overriding = current.table.hasIdentity ? " OVERRIDING SYSTEM VALUE" : "";
        await session.query(
          `INSERT INTO ${ident(current.table.name)} (${list})${overriding} SELECT ${list} FROM fb_stage`,
        );
        await session.query("DROP TABLE fb_stage");
      }
      current = undefined;
    },
  };
}

/**
 * The lines of a stream, split on "\n" only: node:readline also splits on
 * U+2028 and U+2029, which PostgreSQL's JSON leaves raw inside strings.
 */
export async function* splitLines(input: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of input) {
    rest += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let end = rest.indexOf("\n"); end !== -1; end = rest.indexOf("\n", start)) {
      yield rest.slice(start, end);
      start = end + 1;
    }
    rest = rest.slice(start);
  }
  rest += decoder.decode();
  if (rest !== "") yield rest;
}
