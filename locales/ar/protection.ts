import type en from "../en/protection";

const ar: typeof en = {
  errors: {
    alert_not_found: "هذا التنبيه غير موجود.",
    alert_transition: "لا يمكن نقل هذا التنبيه إلى تلك الحالة.",
  },
};

export default ar;
