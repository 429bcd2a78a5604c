// at: app/features/contact/fixture.server.ts
// A composer reads many features: a feature importing one would tie the tiers both ways.
import { dashboardOverview } from "~/composers/admin/overview.server";

export const overview = dashboardOverview;
