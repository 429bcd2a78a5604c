import type { KeyView } from "./api-keys.server";

/** A key as the API answers it: id, name, prefix, scopes, expires_at, last_used_at, created_at. */
export function keyJson(key: KeyView) {
  const { id, name, prefix, scopes, expires_at, last_used_at, created_at } = key;
  return { id, name, prefix, scopes, expires_at, last_used_at, created_at };
}

/** A key in the list: as above, with whether it still works (`active`, `expired`, `revoked`) and when it was revoked. */
export function keyListJson(key: KeyView) {
  return { ...keyJson(key), state: key.state, revoked_at: key.revoked_at };
}
