export default {
  metaTitle: "legal",
};
