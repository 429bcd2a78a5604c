export default {
  metaTitle: "home",
};
