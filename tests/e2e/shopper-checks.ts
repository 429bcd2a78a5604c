import type { Page } from "@playwright/test";
import arProtection from "../../locales/ar/protection";
import arReport from "../../locales/ar/report";
import arVerify from "../../locales/ar/verify";
import enProtection from "../../locales/en/protection";
import enReport from "../../locales/en/report";
import enVerify from "../../locales/en/verify";
import { e2eDb } from "./db";
import { expect, openIn, type Lang } from "./fixtures";

export const words = {
  en: { p: enProtection, r: enReport, v: enVerify },
  ar: { p: arProtection, r: arReport, v: arVerify },
} as const;

/** Public addresses of known countries (DB-IP Lite), sent as X-Forwarded-For (the e2e server trusts one hop). */
export const CLIENTS = { us: "8.8.8.8", cz: "5.62.60.1" } as const;

/** A shopper's check on the verify page, from a client address; waits for the result view. */
export async function checkAs(page: Page, lang: Lang, code: string, address: string) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  await openIn(page, "/verify", lang);
  await page.getByLabel(words[lang].v.form.label).fill(code);
  await page.getByRole("button", { name: words[lang].v.form.submit }).click();
  await expect(page).toHaveURL(/\/verify\/result\/[A-Za-z0-9_-]{22}$/);
  await page.setExtraHTTPHeaders({});
}

export type AlertRow = { id: string; kind: string; status: string; scans_count: number; acknowledged_by: string | null; closed_by: string | null };

export function alertsOfCode(code: string): AlertRow[] {
  return e2eDb().prepare("SELECT id, kind, status, scans_count, acknowledged_by, closed_by FROM alerts WHERE code = ? ORDER BY created_at").all(code) as AlertRow[];
}

export function scanCountries(code: string): (string | null)[] {
  return (e2eDb().prepare("SELECT country FROM scans WHERE input = ? ORDER BY created_at").all(code) as { country: string | null }[]).map((r) => r.country);
}

export type ReportRow = { id: string; reference: string; status: string; seller: string; photo_name: string | null; photo_type: string | null; scan_id: string | null };

export function reportByReference(reference: string): ReportRow | undefined {
  return e2eDb().prepare("SELECT id, reference, status, seller, photo_name, photo_type, scan_id FROM reports WHERE reference = ?").get(reference) as ReportRow | undefined;
}
