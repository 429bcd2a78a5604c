import type en from "../en/legal";

const ar: typeof en = {
  metaTitle: "legal",
};

export default ar;
