// Bench-only (scripts/bench-statements.mjs): loaded into a server process with `node --import`, counts
// every statement the process sends to PostgreSQL through `pg` (Kysely's and the rate limiter's
// alike), by its kind (`BEGIN`, `UPDATE codes`, `INSERT INTO rate_limits`…), and writes the counts to
// `$PG_COUNT_DIR/<pid>.json` every 200 ms. Never part of the product.
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const dir = process.env.PG_COUNT_DIR;
if (dir) {
  const require = createRequire(join(process.cwd(), "package.json"));
  const pg = require("pg");
  const counts = {};
  /** `BEGIN`, `UPDATE codes`, `INSERT INTO scans`, `SELECT … FROM batches`: the statement's verb and first table. */
  const kindOf = (text) => {
    const sql = String(text).replace(/"/g, "").replace(/\s+/g, " ").trim();
    const verb = sql.split(" ")[0].toUpperCase();
    const table =
      verb === "INSERT" ? /insert into (\w+)/i.exec(sql)?.[1] : verb === "UPDATE" ? /update (\w+)/i.exec(sql)?.[1] : verb === "DELETE" ? /delete from (\w+)/i.exec(sql)?.[1] : /from (\w+)/i.exec(sql)?.[1];
    return table ? `${verb} ${table}` : verb;
  };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    const text = typeof config === "string" ? config : config?.text;
    if (text) {
      const kind = kindOf(text);
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    return query.call(this, config, ...rest);
  };
  mkdirSync(dir, { recursive: true });
  const write = () => writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify(counts));
  setInterval(write, 200).unref();
  process.on("exit", write);
}
