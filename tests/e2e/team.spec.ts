import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { generate } from "otplib";
import { expect, expectNoAxeViolations, noteScripts, test, type Lang, skipEnglishWithoutJs } from "./fixtures";
import { api, productIds, settle, signIn } from "./admin-helpers";
import { e2eDb, getCode } from "./db";

const TEAM = "/admin/dashboard/team";
const ACCOUNT = "/admin/dashboard/account";
const AUDIT = "/admin/dashboard/audit";

const text = {
  en: {
    addTitle: "Add a member",
    username: "Username",
    editor: "Editor",
    link: /invitation link/,
    add: "Add member",
    setPassword: "Set password",
    newPassword: "New password",
    repeat: "Repeat the password",
    login: "Sign in",
    password: "Password",
    passwordSet: "Password set",
    setUp: "Set up two-factor",
    appCode: "Code from the app",
    turnOn: "Turn on two-factor",
    codesTitle: "Your recovery codes",
    logout: "Log out",
    mfaTitle: "Two-factor sign-in",
    code: "Code",
    verify: "Verify",
    wrongCode: "That code is not right.",
    forbidden: "You do not have access to this",
    refusedApi: "You do not have permission to do this.",
    current: "Current password",
    next: "New password",
    confirm: "Repeat the new password",
    change: "Change password",
    mustChange: "Choose a new password to continue",
    copyLink: "Copy the link",
    copied: "Copied.",
    who: "Who",
    filter: "Filter",
    nav: { team: "Team", audit: "Audit trail", account: "Your account" },
  },
  ar: {
    addTitle: "إضافة عضو",
    username: "اسم المستخدم",
    editor: "محرّر",
    link: /رابط دعوة/,
    add: "إضافة العضو",
    setPassword: "تعيين كلمة المرور",
    newPassword: "كلمة المرور الجديدة",
    repeat: "تكرار كلمة المرور",
    login: "تسجيل الدخول",
    password: "كلمة المرور",
    passwordSet: "تمّ تعيين كلمة المرور",
    setUp: "إعداد تسجيل الدخول بخطوتين",
    appCode: "الرمز من التطبيق",
    turnOn: "تفعيل تسجيل الدخول بخطوتين",
    codesTitle: "رموز الاسترداد",
    logout: "تسجيل الخروج",
    mfaTitle: "تسجيل الدخول بخطوتين",
    code: "الرمز",
    verify: "التحقّق",
    wrongCode: "الرمز غير صحيح.",
    forbidden: "لا تتوفّر صلاحية الوصول إلى هذه الصفحة",
    refusedApi: "ليست لديك صلاحية لهذا الإجراء.",
    current: "كلمة المرور الحالية",
    next: "كلمة المرور الجديدة",
    confirm: "تكرار كلمة المرور الجديدة",
    change: "تغيير كلمة المرور",
    mustChange: "يجب اختيار كلمة مرور جديدة للمتابعة",
    copyLink: "نسخ الرابط",
    copied: "تمّ النسخ.",
    who: "المنفّذ",
    filter: "تصفية",
    nav: { team: "الفريق", audit: "سجلّ التدقيق", account: "حسابي" },
  },
};

const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;
const totp = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/** A second browser (the new member's), with the same JavaScript setting as this project. */
async function memberPage(browser: Browser, jsEnabled: boolean, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled, baseURL });
  noteScripts(context, jsEnabled);
  return context.newPage();
}

async function signInAs(page: Page, lang: Lang, username: string, password: string) {
  await page.goto(`/admin?lng=${lang}`);
  await page.getByLabel(text[lang].username, { exact: true }).fill(username);
  await page.getByLabel(text[lang].password, { exact: true }).fill(password);
  await page.getByRole("button", { name: text[lang].login, exact: true }).click();
}

function auditActions(actor: string): string[] {
  return (e2eDb().prepare("SELECT action FROM audit_log WHERE actor = ? ORDER BY created_at").all(actor) as { action: string }[]).map((r) => r.action);
}

for (const lang of ["en", "ar"] as Lang[]) {
  const t = text[lang];
  test.describe(`team and two-factor (${lang})`, () => {
    test("the owner adds an editor by invitation; the editor sets a password, enrols two-factor and signs in with it; the audit screen lists it", async ({ page, browser, jsEnabled, baseURL }) => {
      skipEnglishWithoutJs(lang);
      // A long journey (two browsers, eight pages, five accessibility audits): minutes on a busy machine.
      test.setTimeout(180_000);
      const username = unique(`ed-${lang}`);
      const password = `${lang}-velvet-orchid-harbor-${randomBytes(2).toString("hex")}`;

      // The owner adds the editor, by invitation link.
      await signIn(page, lang, TEAM);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.nav.team);
      const form = page.locator("#add-member");
      await form.getByLabel(t.username, { exact: true }).fill(username);
      await form.getByRole("radio", { name: new RegExp(`^${t.editor}`) }).check();
      await form.getByRole("radio", { name: t.link }).check();
      await form.getByRole("button", { name: t.add }).click();
      const reveal = page.getByTestId("reveal");
      await expect(reveal).toBeVisible();
      if (jsEnabled) await expect(reveal.getByRole("heading", { level: 2 })).toBeFocused();
      const link = (await reveal.getByTestId("reveal-value").textContent())!.trim();
      expect(link).toMatch(/\/admin\/invitation\/[A-Za-z0-9_-]{43}$/);
      if (jsEnabled) {
        // With JavaScript a button copies the link (without, the link is selected whole on a click).
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
        await reveal.getByRole("button", { name: t.copyLink }).click();
        await expect(reveal.getByTestId("copy-status")).toHaveText(t.copied);
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      } else {
        await expect(reveal.getByRole("button", { name: t.copyLink })).toHaveCount(0);
      }
      await expect(page.locator(`tr[data-username="${username}"]`).getByTestId("member-status")).toBeVisible();
      await expectNoAxeViolations(page);

      // The editor, in their own browser: sets a password from the link.
      const editor = await memberPage(browser, jsEnabled, baseURL!);
      await editor.goto(`${new URL(link).pathname}?lng=${lang}`);
      await expect(editor.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await expect(editor.getByRole("heading", { level: 1 })).toContainText(username);
      await expectNoAxeViolations(editor);
      await editor.getByLabel(t.newPassword, { exact: true }).fill(password);
      await editor.getByLabel(t.repeat, { exact: true }).fill(password);
      await editor.getByRole("button", { name: t.setPassword }).click();
      await expect(editor).toHaveURL(new RegExp(`/admin\\?username=${username.replace(/\./g, "\\.")}$`));
      await expect(editor.getByTestId("toast")).toContainText(t.passwordSet);
      // The sign-in form starts with their username.
      await expect(editor.getByLabel(t.username, { exact: true })).toHaveValue(username);
      // The link worked once.
      expect((await editor.request.get(new URL(link).pathname)).status()).toBe(410);

      // Signs in, and enrols two-factor.
      await signInAs(editor, lang, username, password);
      await expect(editor).toHaveURL(/\/admin\/dashboard$/);
      await editor.goto(`${ACCOUNT}?lng=${lang}`);
      await settle(editor);
      await editor.getByRole("button", { name: t.setUp }).click();
      const secret = (await editor.getByTestId("mfa-secret").textContent())!.replace(/\s+/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expect(editor.getByTestId("mfa-qr")).toBeVisible();
      await editor.getByLabel(t.appCode, { exact: true }).fill(await totp(secret));
      await editor.getByRole("button", { name: t.turnOn }).click();
      const codes = editor.getByTestId("recovery-code");
      await expect(codes).toHaveCount(10);
      await expect(editor.getByRole("heading", { name: t.codesTitle })).toBeVisible();
      await expectNoAxeViolations(editor);

      // Signs out, and signs in with the second step: a wrong code first, then the app's next code.
      await editor.getByRole("button", { name: t.logout, exact: true }).click();
      await expect(editor).toHaveURL(/\/admin$/);
      await signInAs(editor, lang, username, password);
      await expect(editor.getByRole("heading", { name: t.mfaTitle })).toBeVisible();
      await expectNoAxeViolations(editor);
      await editor.getByLabel(t.code, { exact: true }).fill("000000");
      await editor.getByRole("button", { name: t.verify }).click();
      await expect(editor.getByTestId("login-failure")).toContainText(t.wrongCode);
      await editor.getByLabel(t.code, { exact: true }).fill(await totp(secret, 30));
      await editor.getByRole("button", { name: t.verify }).click();
      await expect(editor).toHaveURL(/\/admin\/dashboard$/);
      await editor.context().close();

      // The owner's audit screen lists all of it.
      await page.goto(`${AUDIT}?lng=${lang}&actor=${username}`);
      const rows = page.getByTestId("audit-row");
      for (const action of ["team.invitation_accepted", "sign_in.success", "account.mfa_enabled", "sign_out", "sign_in.mfa_required", "sign_in.failure"]) {
        await expect(page.locator(`[data-testid="audit-row"][data-action="${action}"]`).first()).toBeVisible();
      }
      expect(await rows.count()).toBeGreaterThanOrEqual(7);
      await expectNoAxeViolations(page);
      expect(auditActions(username)).toEqual(expect.arrayContaining(["team.invitation_accepted", "sign_in.success", "account.mfa_enabled", "sign_out", "sign_in.mfa_required", "sign_in.failure"]));
      const added = e2eDb().prepare("SELECT actor FROM audit_log WHERE action = 'team.member_added' AND target = ?").get(`admin:${username}`) as { actor: string };
      expect(added.actor).toBe("e2e-admin");
    });

    test("a viewer sees no write controls, and a forced write is refused; the audit screen lists the refusal", async ({ page, browser, request, jsEnabled, baseURL }) => {
      skipEnglishWithoutJs(lang);
      test.setTimeout(120_000);
      const username = unique(`vw-${lang}`);
      const temporary = `temporary-${randomBytes(6).toString("hex")}`;
      const password = `${lang}-quiet-river-lantern-${randomBytes(2).toString("hex")}`;
      const created = await api(request, "POST", "/api/v1/admins/create/", { username, role: "viewer", password: temporary });
      expect(created.status).toBe(201);

      // First sign-in with the temporary password: a new one is required first.
      const viewer = await memberPage(browser, jsEnabled, baseURL!);
      await signInAs(viewer, lang, username, temporary);
      await expect(viewer).toHaveURL(/\/admin\/dashboard\/account$/);
      await expect(viewer.getByTestId("account-required")).toContainText(t.mustChange);
      await viewer.goto("/admin/dashboard/codes");
      await expect(viewer).toHaveURL(/\/admin\/dashboard\/account$/);
      await settle(viewer);
      await viewer.getByLabel(t.current, { exact: true }).fill(temporary);
      await viewer.getByLabel(t.next, { exact: true }).fill(password);
      await viewer.getByLabel(t.confirm, { exact: true }).fill(password);
      await viewer.getByRole("button", { name: t.change }).click();
      await expect(viewer).toHaveURL(/\/admin\/dashboard$/);

      // The menu has no team or audit; the codes screen has no write or export control.
      const [productId] = await productIds();
      await viewer.goto(`/admin/dashboard/codes?lng=${lang}`);
      await settle(viewer);
      await viewer.locator("details summary").first().click();
      const nav = viewer.getByRole("navigation", { name: lang === "en" ? "Admin navigation" : "قائمة الإدارة" });
      await expect(nav.getByRole("link", { name: t.nav.account })).toBeVisible();
      await expect(nav.getByRole("link", { name: t.nav.team })).toHaveCount(0);
      await expect(nav.getByRole("link", { name: t.nav.audit })).toHaveCount(0);
      await expect(viewer.locator("#generate-title")).toHaveCount(0);
      await expect(viewer.locator('form input[name="intent"]')).toHaveCount(0);
      await expectNoAxeViolations(viewer);

      // Forced writes: the page action, a download, the team page and the API all refuse.
      const forced = await viewer.request.post("/admin/dashboard/codes", { form: { intent: "create", code: "FORCEDVW1", product_id: productId! }, headers: { Origin: baseURL! } });
      expect(forced.status()).toBe(403);
      expect(getCode("FORCEDVW1")).toBeUndefined();
      await viewer.goto(`${TEAM}?lng=${lang}`);
      await expect(viewer.getByTestId("forbidden")).toContainText(t.forbidden);
      await expectNoAxeViolations(viewer);
      const login = await viewer.request.post("/api/v1/users/login/", { data: { username, password } });
      const token = (await login.json()).data.access_token as string;
      const apiForced = await viewer.request.post(`/api/v1/codes/create/?lng=${lang}`, { data: { code: "FORCEDVW2", product_id: productId }, headers: { Authorization: `Bearer ${token}` } });
      expect(apiForced.status()).toBe(403);
      expect(await apiForced.json()).toMatchObject({ status_code: 6001, message: t.refusedApi, error: "forbidden" });
      await viewer.context().close();

      // The owner sees the refusals in the audit trail, filtered by who and what.
      await signIn(page, lang, `${AUDIT}?actor=${username}&action=access.denied`);
      await expect(page.getByTestId("audit-row").first()).toBeVisible();
      expect(await page.getByTestId("audit-row").count()).toBeGreaterThanOrEqual(3);
      await expect(page.getByTestId("audit-row").filter({ hasText: "page:/admin/dashboard/codes" })).toHaveCount(1);
      const csv = await page.request.get(`${AUDIT}/export.csv?actor=${username}`);
      expect(csv.status()).toBe(200);
      expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect(await csv.text()).toContain(",access.denied,");
    });
  });
}

test("owner-only screens send nobody else in; signed-out visitors go to the sign-in page", async ({ request, jsEnabled }) => {
  test.skip(!jsEnabled, "HTTP requests only: the same with or without JavaScript");
  for (const path of [TEAM, AUDIT, `${AUDIT}/export.csv`, ACCOUNT]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"]).toBe("/admin");
  }
});

test("an owner unlocks a member's locked two-factor step on the team screen", async ({ page, request, jsEnabled }) => {
  test.setTimeout(90_000);
  // An owner (listed first on the team screen) whose second step ran out of guesses (decision 150).
  const username = `a-locked-${jsEnabled ? "js" : "nojs"}-${randomBytes(3).toString("hex")}`;
  const created = await api(request, "POST", "/api/v1/admins/create/", { username, role: "owner", password: `temporary-${randomBytes(6).toString("hex")}` });
  expect(created.status).toBe(201);
  const now = new Date().toISOString();
  e2eDb().prepare("UPDATE admins SET totp_enabled_at = ?, mfa_locked_at = ? WHERE username = ?").run(now, now, username);

  await signIn(page, "en", TEAM);
  await settle(page);
  const row = page.locator(`tr[data-username="${username}"]`);
  await expect(row.getByTestId("member-mfa-locked")).toHaveText("Locked: too many wrong codes");
  await expectNoAxeViolations(page);
  await row.getByRole("button", { name: `Unlock the two-factor step of ${username}` }).click();
  await expect(page.getByTestId("toast")).toContainText(`The two-factor step of ${username} works again.`);
  await expect(row.getByTestId("member-mfa-locked")).toHaveCount(0);
  expect(e2eDb().prepare("SELECT mfa_locked_at FROM admins WHERE username = ?").get(username)).toEqual({ mfa_locked_at: null });
  expect(e2eDb().prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'team.second_step_unlocked' AND target = ?").get(`admin:${username}`)).toEqual({ n: 1 });
});

test("disabling a member and ending a session each ask first, naming the member or the browser", async ({ page, browser, request, jsEnabled, baseURL }) => {
  test.setTimeout(90_000);
  // A member listed first on the team screen, and a second session of the e2e admin in its own browser.
  const username = `a-disable-${jsEnabled ? "js" : "nojs"}-${randomBytes(3).toString("hex")}`;
  const created = await api(request, "POST", "/api/v1/admins/create/", { username, role: "editor", password: `temporary-${randomBytes(6).toString("hex")}` });
  expect(created.status).toBe(201);
  const agent = `E2E-Other/${randomBytes(4).toString("hex")} (X11; Linux x86_64) Chrome/130.0`;
  const other = await browser.newContext({ javaScriptEnabled: jsEnabled, baseURL, userAgent: agent });
  noteScripts(other, jsEnabled);
  await signIn(await other.newPage(), "en", ACCOUNT);
  const session = e2eDb().prepare("SELECT id FROM admin_sessions WHERE user_agent = ?").get(agent) as { id: string };

  await signIn(page, "en", TEAM);
  const row = page.locator(`tr[data-username="${username}"]`);
  await row.getByRole("button", { name: `Disable ${username}` }).or(row.getByRole("link", { name: `Disable ${username}` })).click();
  const step = jsEnabled ? page.getByRole("dialog", { name: "Disable this member?" }) : page.getByRole("region", { name: "Disable this member?" });
  await expect(step).toContainText(`${username} will be signed out everywhere`);
  if (jsEnabled) await expect(step.getByRole("button", { name: "Keep active" })).toBeFocused();
  else expect(page.url()).toContain(`disable=`);
  await expectNoAxeViolations(page);
  await step.getByRole("button", { name: "Disable member" }).click();
  await expect(page.getByTestId("toast")).toContainText(`${username} was disabled and signed out everywhere.`);
  await expect(row.getByTestId("member-status")).toHaveText("Disabled");
  // The audit trail names the member and links to the team screen.
  await page.goto(`${AUDIT}?action=team.member_disabled`);
  const target = page.locator('[data-testid="audit-row"]').filter({ hasText: username }).getByTestId("audit-target");
  await expect(target).toHaveText(`member ${username}`);
  await expect(target.getByRole("link")).toHaveAttribute("href", TEAM);

  await page.goto(ACCOUNT);
  await settle(page);
  const sessionRow = page.locator(`tr[data-testid="session-row"]:has(input[name="session"][value="${session.id}"])`);
  if (jsEnabled) await sessionRow.getByRole("button", { name: /^Sign out the session of/ }).click();
  else await page.locator(`a[href*="end=${session.id}"]`).click();
  const end = jsEnabled ? page.getByRole("dialog", { name: "Sign out this session?" }) : page.getByRole("region", { name: "Sign out this session?" });
  await expect(end).toContainText("will be signed out; that browser will need to sign in again.");
  await expect(end.locator("time")).toHaveCount(1);
  await expectNoAxeViolations(page);
  await end.getByRole("button", { name: "Sign out the session" }).click();
  await expect(page.getByTestId("toast")).toContainText("That session was signed out.");
  await expect(page.locator(`input[name="session"][value="${session.id}"]`)).toHaveCount(0);
  await other.close();
});

test("a member chooses alert and report notices on their account page, in Arabic: an address first, then a daily digest in the page's language", async ({ page, request, jsEnabled }) => {
  const username = `a-notices-${jsEnabled ? "js" : "nojs"}-${randomBytes(3).toString("hex")}`;
  const password = `notices-${randomBytes(8).toString("hex")}`;
  const created = await api(request, "POST", "/api/v1/admins/create/", { username, role: "viewer", password });
  expect(created.status).toBe(201);
  e2eDb().prepare("UPDATE admins SET must_change_password = 0 WHERE username = ?").run(username);

  await signInAs(page, "ar", username, password);
  await page.waitForURL("**/admin/dashboard**");
  await page.goto(`${ACCOUNT}?lng=ar#notices`);
  await settle(page);
  const card = page.locator("#notices");
  await expect(card.getByTestId("notices-no-email")).toHaveText("يجب إضافة البريد الإلكتروني أولًا: إليه تصل الإشعارات.");
  await card.getByLabel("فورًا، رسالة لكل حدث").check();
  await card.getByRole("button", { name: "حفظ الإشعارات" }).click();
  await expect(card.getByRole("group")).toContainText("يجب إضافة البريد الإلكتروني أولًا");
  await expectNoAxeViolations(page);

  await page.getByRole("textbox", { name: "البريد الإلكتروني", exact: true }).fill(`${username}@example.com`);
  await page.getByRole("button", { name: "حفظ البريد الإلكتروني" }).click();
  await expect(page.getByTestId("toast")).toContainText("حُفظ بريدك الإلكتروني.");
  await card.getByLabel("ملخّص يومي").check();
  await card.getByRole("button", { name: "حفظ الإشعارات" }).click();
  await expect(page.getByTestId("toast")).toContainText("سيصلك ملخّص يومي بالتنبيهات والبلاغات الجديدة.");
  await expect(card.getByLabel("ملخّص يومي")).toBeChecked();
  expect(e2eDb().prepare("SELECT notify, notify_lang FROM admins WHERE username = ?").get(username)).toEqual({ notify: "daily", notify_lang: "ar" });
  expect(e2eDb().prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'account.notices_changed' AND actor = ?").get(username)).toEqual({ n: 1 });
});
