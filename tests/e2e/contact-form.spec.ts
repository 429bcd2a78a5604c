import type { Page } from "@playwright/test";
import arCommon from "../../locales/ar/common";
import arContact from "../../locales/ar/contact";
import enCommon from "../../locales/en/common";
import enContact from "../../locales/en/contact";
import { contactsNamed } from "./db";
import { expect, expectNoAxeViolations, openIn, test } from "./fixtures";
import { tr } from "./i18n";

const dict = { en: { t: enContact, c: enCommon }, ar: { t: arContact, c: arCommon } } as const;
let serial = 0;
const uniqueName = (label: string) => `${label} ${Date.now().toString(36)}-${++serial}-${Math.random().toString(36).slice(2, 6)}`;

for (const lang of ["en", "ar"] as const) {
  const { t, c } = dict[lang];

  const fields = (page: Page) => ({
    name: page.getByLabel(t.form.name, { exact: true }),
    phone: page.getByLabel(t.form.phone),
    message: page.getByLabel(t.form.message, { exact: true }),
    submit: page.getByRole("button", { name: t.form.submit }),
  });

  test.describe(`contact (${lang})`, () => {
    test("a message is stored, the form is cleared and a success notice shows", async ({ page }) => {
      const name = uniqueName("Mariam");
      await openIn(page, "/contact", lang);
      const f = fields(page);
      await f.name.fill(name);
      await f.phone.fill("+971 50 123 4567");
      await f.message.fill("Is the SPF 60 sunscreen suitable for oily skin?\nThank you.");
      await f.submit.click();

      const toast = page.getByTestId("toast").first();
      await expect(toast).toContainText(c.toast.success);
      await expect(toast).toContainText(t.form.sent);
      await expect(f.name).toHaveValue("");
      await expect(f.phone).toHaveValue("");
      await expect(f.message).toHaveValue("");
      await expect.poll(() => contactsNamed(name).length).toBe(1);
      expect(contactsNamed(name)[0]).toMatchObject({ phone_number: "+971 50 123 4567", message: "Is the SPF 60 sunscreen suitable for oily skin?\nThank you." });
    });

    test("empty fields: 'Please fill in all fields', values kept, nothing sent or stored", async ({ page, jsEnabled }) => {
      const name = uniqueName("Partial");
      await openIn(page, "/contact", lang);
      const posts: string[] = [];
      page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
      const f = fields(page);
      await f.name.fill(name);
      // The browser's checks load when the form first gets focus; until then the server refuses instead.
      if (jsEnabled) await expect(page.locator("form[data-validator=ready]")).toHaveCount(1);
      await f.message.fill("   ");
      await f.submit.click();
      await expect(page.getByTestId("contact-error")).toHaveText(t.form.required);
      await expect(page.getByTestId("toast").first()).toContainText(t.form.required);
      await expect(page.getByTestId("error-phone_number")).toHaveText(t.form.fieldRequired);
      await expect(page.getByTestId("error-message")).toHaveText(t.form.fieldRequired);
      await expect(f.name).toHaveValue(name);
      await expect(f.phone).toHaveAttribute("aria-invalid", "true");
      if (jsEnabled) expect(posts).toEqual([]);
      expect(contactsNamed(name)).toHaveLength(0);
    });

    /** Sends a message with an implausible phone number: the field's error and the toast, the values kept, nothing stored. */
    async function sendImplausiblePhone(page: Page, label: string) {
      const name = uniqueName(label);
      await openIn(page, "/contact", lang);
      const f = fields(page);
      await f.name.fill(name);
      await f.phone.fill("12-34");
      await f.message.fill("Hello");
      await f.submit.click();
      await expect(page.getByTestId("error-phone_number")).toHaveText(t.form.phoneInvalid);
      await expect(page.getByTestId("toast").first()).toContainText(c.toast.error);
      await expect(f.name).toHaveValue(name);
      await expect(f.phone).toHaveValue("12-34");
      await expect(f.message).toHaveValue("Hello");
      expect(contactsNamed(name)).toHaveLength(0);
      return { f, name };
    }

    test("an implausible phone number is explained and the values are kept", async ({ page, jsEnabled }) => {
      const { f } = await sendImplausiblePhone(page, "Phone");
      if (jsEnabled) await expect(f.phone).toBeFocused();
    });

    test("sent before the browser's checks arrived (a slow network), the server's refusal puts the focus on the field to fix", async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "without JavaScript the browser's own checks and the page's autofocus answer (the tests above)");
      // The validator's chunk never arrives: the form is checked by the server, as without JavaScript.
      await page.route(/validate-form/, (route) => route.abort());
      const { f, name } = await sendImplausiblePhone(page, "Slow");
      await expect(f.phone).toBeFocused();
      // Fixed and sent again: stored, and a new, empty form.
      await f.phone.fill("+971 50 123 4567");
      await f.submit.click();
      await expect(page.getByTestId("toast").first()).toContainText(t.form.sent);
      await expect(f.name).toHaveValue("");
      await expect.poll(() => contactsNamed(name).length).toBe(1);
    });

    test("over-long fields get their own messages (the server checks even without the browser's caps)", async ({ page }) => {
      const name = uniqueName("Long");
      await openIn(page, "/contact", lang);
      const f = fields(page);
      // Remove the browser-side caps, as a script or an old browser would.
      await page.locator("form[action='/contact'] [maxlength]").evaluateAll((els) => els.forEach((el) => el.removeAttribute("maxlength")));
      await f.name.fill(name);
      await f.phone.fill(`+1 ${"5".repeat(14)} ${"0".repeat(20)}`);
      await f.message.fill("m".repeat(2001));
      await f.submit.click();
      await expect(page.getByTestId("error-phone_number")).toHaveText(tr(lang, "contact:form.phoneTooLong", { count: 32 }));
      await expect(page.getByTestId("error-message")).toHaveText(tr(lang, "contact:form.messageTooLong", { count: 2000 }));
      await expect(f.message).toHaveValue("m".repeat(2001));
      expect(contactsNamed(name)).toHaveLength(0);

      await page.locator("form[action='/contact'] [maxlength]").evaluateAll((els) => els.forEach((el) => el.removeAttribute("maxlength")));
      await f.name.fill("n".repeat(101));
      await f.phone.fill("+971 50 123 4567");
      await f.message.fill("Short");
      await f.submit.click();
      await expect(page.getByTestId("error-name")).toHaveText(tr(lang, "contact:form.nameTooLong", { count: 100 }));
    });

    test("a filled honeypot looks like success and stores nothing", async ({ page }) => {
      const name = uniqueName("Bot");
      await openIn(page, "/contact", lang);
      const f = fields(page);
      await f.name.fill(name);
      await f.phone.fill("+1 555 010 0199");
      await f.message.fill("Cheap followers!");
      await page.locator("input[name=website]").evaluate((el) => ((el as HTMLInputElement).value = "http://spam.example"));
      await f.submit.click();
      await expect(page.getByTestId("toast").first()).toContainText(t.form.sent);
      await expect(f.name).toHaveValue("");
      expect(contactsNamed(name)).toHaveLength(0);
    });

    test("the contact card shows the e-mail and the website", async ({ page, baseURL }) => {
      await openIn(page, "/contact", lang);
      const email = page.getByTestId("contact-email");
      await expect(email).toHaveAttribute("href", /^mailto:.+@.+\..+/);
      await expect(email).toHaveCSS("direction", "ltr");
      await expect(page.locator(`aside a[href="${baseURL}"]`)).toBeVisible();
    });

    test("axe: the contact page, also with its error notices", async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "axe runs as a script inside the page");
      await openIn(page, "/contact", lang);
      await expectNoAxeViolations(page);
      await fields(page).submit.click();
      await expect(page.getByTestId("contact-error")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
