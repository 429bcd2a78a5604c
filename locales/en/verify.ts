export default {
  metaTitle: "verify",
};
