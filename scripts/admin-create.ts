// npm run admin:create -- --username NAME [--role owner|editor|viewer] [--disable-2fa]
// Creates an admin (an owner unless --role says otherwise), or resets the password of an existing
// one (ending that admin's sessions). The password comes from ADMIN_PASSWORD, or is asked for on the
// terminal without echo (twice), or is read from the first line of standard input when that is not a
// terminal; it must pass the password rule (12+ characters, not common or guessable).
// --disable-2fa turns an existing member's two-factor off instead (they lost phone and recovery codes).
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { createOrResetAdmin, disableTwoFactor, passwordProblem, usernameProblem } from "../app/features/sign-in/admin-accounts.server";
import { PASSWORD_PROBLEM_TEXT, passwordPolicyProblem, type PasswordProblem } from "../app/features/sign-in/password-policy.server";
import { isRole, type Role } from "../app/platform/access/permissions";
import { closeDb, configureDb } from "../db/db.server";
import { migrations } from "../migrations/index";
import { dbSettings } from "../app/platform/database/settings.server";

const textOf = (problem: PasswordProblem | null) => (problem ? PASSWORD_PROBLEM_TEXT[problem] : null);

function parseArgs(argv: string[]) {
  let username: string | undefined;
  let role: Role | undefined;
  let disable2fa = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--username" || arg === "-u") username = argv[++i];
    else if (arg.startsWith("--username=")) username = arg.slice("--username=".length);
    else if (arg === "--role" || arg.startsWith("--role=")) {
      const value = arg === "--role" ? argv[++i] : arg.slice("--role=".length);
      if (!isRole(value)) throw new Error(`Unknown role: ${value} (owner, editor or viewer)`);
      role = value;
    } else if (arg === "--disable-2fa") disable2fa = true;
    else if (arg === "--help" || arg === "-h") return { help: true as const };
    else throw new Error(`Unknown argument: ${arg}`);
  }
  return { help: false as const, username, role, disable2fa };
}

/** Asks a question on the terminal without echoing the answer. */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function readFirstLine(): Promise<string> {
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return "";
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) return readFirstLine();
  const first = await askHidden("Password (at least 12 characters): ");
  const problem = passwordProblem(first);
  if (problem) throw new Error(problem);
  const second = await askHidden("Repeat the password: ");
  if (first !== second) throw new Error("The passwords do not match.");
  return first;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help || !args.username) {
    console.log("Usage: npm run admin:create -- --username NAME [--role owner|editor|viewer] [--disable-2fa]   (password from ADMIN_PASSWORD or asked for)");
    return args.help ? 0 : 1;
  }
  const nameProblem = usernameProblem(args.username);
  if (nameProblem) throw new Error(nameProblem);
  if (args.disable2fa) {
    if (!(await disableTwoFactor(args.username))) throw new Error(`No admin "${args.username}".`);
    console.log(`Two-factor sign-in is off for "${args.username}"; their recovery codes are gone.`);
    return 0;
  }
  const password = await readPassword();
  const problem = passwordProblem(password) ?? textOf(passwordPolicyProblem(password, { username: args.username }));
  if (problem) throw new Error(problem);
  const result = await createOrResetAdmin(args.username, password, { role: args.role });
  console.log(
    result.created
      ? `Created admin "${result.username}".`
      : `Reset the password of admin "${result.username}"; their open sessions have ended.`,
  );
  return 0;
}

configureDb(dbSettings(migrations));
main()
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch(async (error) => {
    console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
    await closeDb().catch(() => {});
    process.exit(1);
  });
