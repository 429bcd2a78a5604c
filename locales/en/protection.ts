export default {
  errors: {
    alert_not_found: "That alert does not exist.",
    alert_transition: "This alert cannot move to that status.",
  },
};
