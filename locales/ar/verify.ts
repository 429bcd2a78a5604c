import type en from "../en/verify";

const ar: typeof en = {
  metaTitle: "verify",
};

export default ar;
