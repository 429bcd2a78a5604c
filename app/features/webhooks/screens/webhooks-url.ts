/** The webhooks screen's address, and one endpoint's view of it (its form, actions and delivery log). */
export const WEBHOOKS_URL = "/admin/dashboard/webhooks";

export const endpointUrl = (id: string, extra: Record<string, string> = {}) => `${WEBHOOKS_URL}?${new URLSearchParams({ endpoint: id, ...extra })}`;
