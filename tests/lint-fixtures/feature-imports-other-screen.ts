// at: app/contact/fixture-dialog.ts
import { ResultDialog } from "~/features/check/screens/result-dialog";

export const dialog = ResultDialog;
