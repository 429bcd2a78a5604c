// at: app/verification/fixture.server.ts
// verification/ sits below batches/ in FEATURE_ORDER: importing it would tie the two both ways.
import { createBatch } from "~/features/batches/batches.server";

export const make = createBatch;
