/** The keys screen's address (the screen's forms and links post and lead back here). */
export const KEYS_URL = "/admin/dashboard/keys";
