// at: app/features/contact/fixture-reuse.ts
import { action } from "~/routes/verify";

export const reuse = action;
