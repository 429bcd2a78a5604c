export default {
  metaTitle: "auth",
};
