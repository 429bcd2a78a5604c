import type en from "../en/catalog";

const ar: typeof en = {
  metaTitle: "catalog",
};

export default ar;
