import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { type SmtpSink, startSmtpSink } from "../../server/src/test/smtp-sink.ts";
import { AuthPage } from "./pages/auth-page";
import { CallPage } from "./pages/call-page";
import { MatchesPage } from "./pages/matching-matches";
import { onboard } from "./pages/matching-people";
import { type AppProcess, freshDataDir, startApp } from "./support/app-process";
import { expectNoAxeViolations } from "./support/axe";
import { closeContexts, incomingBanner, matchedPair, newPage, ring } from "./support/call-flow";
import { MODERATION_APP_PORT } from "./support/servers";
import { throwawayBackends } from "./support/shared-backends";
import { newUser, registerViaApi } from "./support/users";

// Issue 31 end to end: a report with the last messages, a moderator's suspension from the console, and
// what each person sees at once. The app is this spec's own, on PostgreSQL and Redis (so that
// `npm run moderators` runs beside it, as an operator would), mailing a real SMTP server on loopback.

const ORIGIN = `http://127.0.0.1:${MODERATION_APP_PORT}`;
const run = promisify(execFile);
let sink: SmtpSink;
let app: AppProcess | null = null;
let backends: Awaited<ReturnType<typeof throwawayBackends>> | null = null;

test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  backends = await throwawayBackends("moderation");
  sink = await startSmtpSink();
  app = await startApp(MODERATION_APP_PORT, freshDataDir(MODERATION_APP_PORT), {
    ...backends.env,
    SMTP_URL: sink.url,
    PUBLIC_ORIGIN: ORIGIN,
  });
});

test.afterEach(closeContexts);

test.afterAll(async () => {
  await app?.stop();
  await sink?.close();
  await backends?.drop();
});

async function sql(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: backends?.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

test("reported with messages, suspended from the console: signed out at once, the call ends, sign-in says why", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const age = 40;
  // The one reported (a woman here), the one who reports her, and a third she is on a call with.
  const {
    callerPage: badPage,
    receiverPage: victimPage,
    caller: bad,
    receiver: victim,
  } = await matchedPair(browser, age, { baseURL: ORIGIN });
  const otherPage = await newPage(browser, { baseURL: ORIGIN });
  const other = await onboard(otherPage, "man", "cx", age);
  expect((await badPage.request.post("/api/generate-matches")).status()).toBe(200);

  // Their chat, as it would be after two calls; she sends what gets her reported.
  await sql("update matches set is_chat_unlocked = true where $1 in (user_id_1, user_id_2)", [victim.id]);
  const [{ id: matchId }] = await sql("select id from matches where $1 in (user_id_1, user_id_2)", [
    victim.id,
  ]);
  for (const [i, content] of ["hey", "answer me", "you will regret ignoring me"].entries()) {
    const sent = await badPage.request.post(`/api/matches/${matchId}/messages`, {
      data: { content, clientId: crypto.randomUUID() },
    });
    expect(sent.status(), `message ${i}`).toBe(201);
  }

  // The moderator: an account made an admin from the command line.
  const modPage = await newPage(browser, { baseURL: ORIGIN });
  const mod = await registerViaApi(modPage.request, newUser("mod"));
  const { stdout } = await run("npm", ["run", "-s", "moderators", "--", "add", mod.email, "--admin"], {
    env: { ...process.env, ...backends?.env },
  });
  expect(stdout).toContain(`${mod.username} is now an admin.`);

  // The report, with the messages attached.
  const matches = new MatchesPage(victimPage);
  await matches.goto();
  await matches.openMenu(bad.username);
  await victimPage.getByRole("menuitem", { name: "Block and report" }).click();
  const dialog = victimPage.getByRole("dialog", { name: `Block and report ${bad.username}` });
  await dialog.getByRole("radio", { name: "Harassment or threats" }).click();
  await dialog.getByLabel("Include our last 20 messages with this report").check();
  await dialog.getByRole("button", { name: "Block and report" }).click();
  await expect(dialog).toBeHidden();

  await modPage.goto("/moderation");
  const theCase = modPage.getByTestId("moderation-case").filter({ hasText: bad.username });
  await expect(theCase).toBeVisible();
  await expect(theCase.getByText("you will regret ignoring me")).toBeVisible();
  await expect(theCase.getByText(victim.username)).toBeVisible();
  await expect(theCase).not.toContainText(bad.email);
  await expectNoAxeViolations(modPage, "/moderation with a case");
  await theCase.getByRole("radio", { name: "Suspend" }).click();
  await theCase.getByLabel("Suspension length").selectOption({ label: "7 days" });
  await theCase.getByLabel("Rule").selectOption({ label: "Harassment or threats" });
  await theCase.getByLabel("Note").fill("Threats in chat");

  // She is on a call with someone else when the moderator decides (the first call lasts 15 s here,
  // so it starts once the decision is ready to send).
  const { callerCall } = await ring(badPage, otherPage, other.username);
  await incomingBanner(otherPage).getByRole("button", { name: "Answer" }).click();
  const otherCall = new CallPage(otherPage);
  await expect(otherCall.state("On Call")).toBeVisible();
  await expect(callerCall.state("On Call")).toBeVisible();
  await theCase.getByRole("button", { name: "Decide" }).click();
  await expect(theCase).toBeHidden();

  // At once: her page is signed out, the other side's call ends as any ended call does.
  await Promise.all([
    expect(otherCall.state("Call Ended")).toBeVisible(),
    expect(badPage).toHaveURL(/\/auth/),
  ]);

  // Signing in says until when, under which rule, and how to appeal.
  const auth = new AuthPage(badPage);
  await auth.goto("login");
  await auth.signIn(bad.username, bad.password);
  await expect(
    badPage.getByText(/^Your account is suspended until .+ under our rule on harassment or threats\./),
  ).toBeVisible();
  await expect(badPage.getByRole("link", { name: "Read the decision and appeal" })).toBeVisible();
  await expectNoAxeViolations(badPage, "/auth refusing a suspended account");

  // The statement of reasons by mail, and the decision in the audit log.
  const mail = await sink.waitFor(bad.email, (m) => m.subject === "Kindred: your account is suspended");
  expect(mail.text).toContain("This was decided by a Kindred moderator.");
  expect(mail.text).not.toContain("Threats in chat");
  await modPage.getByRole("tab", { name: "Audit log" }).click();
  const row = modPage.getByTestId("audit-row").filter({ hasText: bad.username });
  await expect(row).toContainText(mod.username);
  await expect(row).toContainText("Threats in chat");
  await expectNoAxeViolations(modPage, "/moderation's audit log");

  // The appeal, from the link, without signing in.
  await badPage.getByRole("link", { name: "Read the decision and appeal" }).click();
  await expect(badPage.getByRole("heading", { name: "Your account is suspended" })).toBeVisible();
  await expectNoAxeViolations(badPage, "/appeal");
  await badPage
    .getByLabel("Why do you think this decision is wrong?")
    .fill("I was upset, it won't happen again.");
  await badPage.getByRole("button", { name: "Send appeal" }).click();
  await expect(badPage.getByText(/^Thank you\. A moderator who did not make this decision/)).toBeVisible();
});

test("a warning is a notice on the next page, until acknowledged; to a member the console does not exist", async ({
  browser,
}) => {
  const warnedPage = await newPage(browser, { baseURL: ORIGIN });
  await registerViaApi(warnedPage.request, newUser("warned"));
  const reporterPage = await newPage(browser, { baseURL: ORIGIN });
  await registerViaApi(reporterPage.request, newUser("rep"));
  const ids = await Promise.all(
    [warnedPage, reporterPage].map(
      async (p) => (await (await p.request.get("/api/user")).json()).id as number,
    ),
  );
  const [{ id: matchId }] = await sql(
    "insert into matches (user_id_1, user_id_2, compatibility) values ($1, $2, 80) returning id",
    [Math.min(...ids), Math.max(...ids)],
  );
  const reported = await reporterPage.request.post(`/api/matches/${matchId}/block`, {
    data: { reason: "Inappropriate or offensive behaviour" },
  });
  expect(reported.status()).toBe(200);

  // To a member, /moderation is the page an unknown address shows.
  await warnedPage.goto("/moderation");
  await expect(warnedPage.getByRole("heading", { name: "Page Not Found" })).toBeVisible();

  const modPage = await newPage(browser, { baseURL: ORIGIN });
  const mod = await registerViaApi(modPage.request, newUser("mod"));
  await run("npm", ["run", "-s", "moderators", "--", "add", mod.email], {
    env: { ...process.env, ...backends?.env },
  });
  const decided = await modPage.request.post("/api/moderation/decisions", {
    data: { userId: ids[0], action: "warn", rule: "other" },
  });
  expect(decided.status()).toBe(201);

  await warnedPage.goto("/home");
  const notice = warnedPage.getByRole("alertdialog", { name: "A warning about your account" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Decided by a moderator");
  await expectNoAxeViolations(warnedPage, "the moderation notice");
  await notice.getByLabel("Why do you think this decision is wrong?").fill("It was a joke between friends.");
  await notice.getByRole("button", { name: "Send appeal" }).click();
  await expect(notice.getByText(/^Thank you\. A moderator who did not make this decision/)).toBeVisible();
  await notice.getByRole("button", { name: "I understand" }).click();
  await expect(notice).toBeHidden();
  await warnedPage.reload();
  await expect(warnedPage.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
