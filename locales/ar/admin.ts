import type en from "../en/admin";

const ar: typeof en = {
  metaTitle: "admin",
};

export default ar;
