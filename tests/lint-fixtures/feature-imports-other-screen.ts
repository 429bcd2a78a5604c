// at: app/contact/fixture-dialog.ts
import { ResultDialog } from "~/verification/result-dialog";

export const dialog = ResultDialog;
