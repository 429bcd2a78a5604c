/**
 * One of the processes of the cross-process race tests (app/features/check/verify-race.server.test.ts,
 * app/features/packs/packs.server.test.ts). Opens the database named by DATABASE_URL, says "ready",
 * waits for "go" on stdin, then checks every code given on the command line ROUNDS times at once
 * (or, with a third argument `packs`, redeems every `SERIAL:PIN` given ROUNDS times at once; with
 * `taps`, taps every `GTIN:LOT:E:C`; with a fourth, `one-client`, all of them from one client) and
 * prints each outcome as one JSON line.
 */
import { closeDb, getDb, configureDb } from "@db/db.server";
import { migrations } from "@migrations/index";
import { dbSettings } from "~/platform/database/settings.server";
import { tapTag } from "~/features/nfc/taps.server";
import { redeemPack } from "~/features/packs/packs.server";
import { checkCode } from "~/features/check/verify.server";
import { normalizeInput } from "~/platform/codes/code-format";

configureDb(dbSettings(migrations));

const codes = (process.argv[2] ?? "").split(",").filter(Boolean);
const rounds = Number(process.argv[3] ?? 5);
const mode = process.argv[4] ?? "codes";
const oneClient = process.argv[5] === "one-client";

await getDb();
process.stdout.write("ready\n");
await new Promise<void>((resolve) => process.stdin.once("data", () => resolve()));

const shopper = (i: number) => ({ lang: "en" as const, clientHash: oneClient ? "one-client" : `proc-${process.pid}-${i}`, userAgent: "race-child" });
const answers = await Promise.all(
  codes.flatMap((code) =>
    Array.from({ length: rounds }, (_, i) => {
      if (mode === "taps") {
        const [gtin = "", lot = "", e = "", c = ""] = code.split(":");
        return tapTag({ gtin, lot, e, c, ...shopper(i) }).then((a) => (a.ok ? { ...a, value: a.value.verification } : a));
      }
      if (mode !== "packs") return checkCode({ code: normalizeInput(code), ...shopper(i) });
      const [serial = "", pin = ""] = code.split(":");
      return redeemPack({ serial, pin, ...shopper(i) });
    }),
  ),
);
const outcomes = answers.map((a) => (a.ok ? { code: a.value.input, outcome: a.value.outcome } : { error: a.error }));
process.stdout.write(`${JSON.stringify(outcomes)}\n`);
await closeDb();
process.exit(0);
