// at: db/fixture-settings.ts
import { env } from "~/platform/lib/env.server";

export const url = () => env().DATABASE_URL;
