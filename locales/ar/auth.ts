import type en from "../en/auth";

const ar: typeof en = {
  metaTitle: "auth",
};

export default ar;
