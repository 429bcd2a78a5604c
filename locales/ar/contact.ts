import type en from "../en/contact";

const ar: typeof en = {
  metaTitle: "contact",
};

export default ar;
