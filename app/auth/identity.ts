/** The signed-in admin, as every admin page, action and API call sees them. */
export type AdminIdentity = { id: string; username: string };
