import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Checker processes for the cross-process race tests (verify-race.server.test.ts, packs.server.test.ts, nfc's taps-race.server.test.ts). */

const childScript = fileURLToPath(new URL("./verify-race.child.ts", import.meta.url));
const root = fileURLToPath(new URL("../../", import.meta.url));

type Outcome = { code?: string; outcome?: string; error?: string };

/**
 * Starts a checker process on the same database file; resolves once it is ready to go. With `packs`,
 * each "code" is `SERIAL:PIN` and the process redeems it (packs.server.test.ts); with `taps`, each is
 * `GTIN:LOT:E:C` and the process taps it (app/features/nfc/taps-race.server.test.ts).
 */
export function startChecker(codes: string[], rounds: number, mode: "codes" | "packs" | "taps" = "codes", clients: "many" | "one-client" = "many") {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", childScript, codes.join(","), String(rounds), mode, clients], {
    cwd: root,
    env: { ...process.env, VERIFY_RATE_LIMIT: "1000000" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready\n")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`checker exited early with ${code}`)));
  });
  const done = new Promise<Outcome[]>((resolve, reject) => {
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`checker exited with ${code}`));
      const line = output.split("\n").filter(Boolean).at(-1) ?? "[]";
      resolve(JSON.parse(line) as Outcome[]);
    });
  });
  return { ready, done, go: () => child.stdin!.write("go\n") };
}

/** Two checker processes on the same work, let go together: every outcome of both. */
export async function raceTwo(codes: string[], rounds: number, mode: "codes" | "packs" = "codes") {
  const a = startChecker(codes, rounds, mode);
  const b = startChecker(codes, rounds, mode);
  await Promise.all([a.ready, b.ready]);
  a.go();
  b.go();
  return [...(await a.done), ...(await b.done)];
}
