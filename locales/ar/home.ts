import type en from "../en/home";

const ar: typeof en = {
  metaTitle: "home",
};

export default ar;
