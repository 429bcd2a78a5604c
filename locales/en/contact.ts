export default {
  metaTitle: "contact",
};
