// npm run moderators -- add someone@example.com [--admin] | remove someone@example.com | list
// Works on whichever database the app is configured for (DATABASE_URL, else PGlite under DATA_DIR).
// With PGlite, stop the server first: one process at a time can open its files.
import { configuredDatabase, type Db, openDatabase } from "../db/client.ts";
import { loadEnv } from "../env.ts";
import { findUserByEmail } from "../features/auth/data.ts";
import { listModerators } from "../features/moderation/data.ts";
import { setRole } from "../features/moderation/roles.ts";
import { runAsScript } from "../lib/run-as-script.ts";

const USAGE = "Usage: npm run moderators -- add <email> [--admin] | remove <email> | list";

/** Runs one command; returns what to print, or throws an Error whose message says what went wrong. */
export async function moderatorsCommand(db: Db, argv: string[]): Promise<string> {
  const [command, email] = argv.filter((a) => !a.startsWith("--"));
  if (command === "list") {
    const staff = await listModerators(db);
    if (staff.length === 0)
      return "No moderators yet. Add one with: npm run moderators -- add <email> --admin";
    return staff.map((m) => `${m.role.padEnd(9)} ${m.username} <${m.email}>`).join("\n");
  }
  if ((command !== "add" && command !== "remove") || !email) throw new Error(USAGE);
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`No account has the email address ${email}.`);
  const role = command === "remove" ? "member" : argv.includes("--admin") ? "admin" : "moderator";
  const named = role === "admin" ? "an admin" : role === "moderator" ? "a moderator" : "a member";
  if (!(await setRole(db, user, role, null))) return `${user.username} is already ${named}.`;
  return role === "member"
    ? `${user.username} is no longer a moderator.`
    : `${user.username} is now ${named}.`;
}

async function main() {
  const env = loadEnv();
  const database = await openDatabase(configuredDatabase(env));
  try {
    console.log(await moderatorsCommand(database.db, process.argv.slice(2)));
  } finally {
    await database.close();
  }
}

runAsScript(import.meta.url, main);
