import { z } from "~/platform/lib/zod";
import { SCOPES } from "~/platform/access/permissions";
import type { KeyView } from "./api-keys.server";

/** A key as the API answers it (never its secret): the one shape of it, also the OpenAPI document's. */
export const keyJsonSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(SCOPES)),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});

export const keyListJsonSchema = keyJsonSchema.extend({
  state: z.enum(["active", "expired", "revoked"]),
  revoked_at: z.string().nullable(),
});

/** A key as the API answers it: id, name, prefix, scopes, expires_at, last_used_at, created_at. */
export function keyJson(key: KeyView): z.infer<typeof keyJsonSchema> {
  const { id, name, prefix, scopes, expires_at, last_used_at, created_at } = key;
  return { id, name, prefix, scopes, expires_at, last_used_at, created_at };
}

/** A key in the list: as above, with whether it still works (`active`, `expired`, `revoked`) and when it was revoked. */
export function keyListJson(key: KeyView): z.infer<typeof keyListJsonSchema> {
  return { ...keyJson(key), state: key.state, revoked_at: key.revoked_at };
}
