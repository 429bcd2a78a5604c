import type en from "../en/report";

const ar: typeof en = {
  errors: {
    scan_not_found: "تعذّر العثور على عملية التحقّق هذه. يُرجى التحقّق من الرمز مرة أخرى ثم الإبلاغ.",
    genuine_result: "أكّدت عملية التحقّق هذه أصالة المنتج، فلا يوجد ما يُبلَّغ عنه.",
  },
};

export default ar;
