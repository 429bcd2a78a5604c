// at: app/contact/fixture-dialog.ts
import { ResultDialog } from "~/verification/screens/result-dialog";

export const dialog = ResultDialog;
