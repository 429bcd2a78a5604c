import { closeFraudNotice, expect, expectNoAxeViolations, test } from "./fixtures";

// The audit the other specs lean on must still see a violation, with JavaScript (in the page itself)
// and without (in the scratch page that serves the same DOM).
test.use({ fraudNoticeMode: "keep" });

test("the axe audit reports an unlabelled field", async ({ page }) => {
  await page.goto("/contact?lng=ar");
  await closeFraudNotice(page);
  await page.evaluate(() => {
    const field = document.createElement("input");
    field.type = "text";
    document.querySelector("main")!.prepend(field);
  });
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/label: Form elements must have labels/);
});
