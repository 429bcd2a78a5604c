export default {
  metaTitle: "catalog",
};
