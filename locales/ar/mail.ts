import type en from "../en/mail";
import type { ArabicOf } from "../plural";

const ar: ArabicOf<typeof en> = {
  layout: {
    automatic: "هذه رسالة تلقائية من {{brand}}. يُرجى عدم الرد عليها.",
    site: "زوروا موقع {{brand}}",
  },
};

export default ar;
