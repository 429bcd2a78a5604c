export default {
  metaTitle: "admin",
};
