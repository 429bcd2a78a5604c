import ar from "../../locales/ar";
import en from "../../locales/en";
import type { Language } from "./languages";

export const resources = { en, ar } satisfies Record<Language, typeof en>;
export type Resources = typeof en;
export const namespaces = Object.keys(en) as (keyof Resources)[];
