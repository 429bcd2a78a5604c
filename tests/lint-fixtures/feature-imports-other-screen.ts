// at: app/features/contact/fixture-dialog.ts
import { VerifyScreen } from "~/features/check/screens/verify-screen";

export const screen = VerifyScreen;
