export default {
  errors: {
    scan_not_found: "We could not find that check. Please verify the code again, then report it.",
    genuine_result: "This check found a genuine product: there is nothing to report.",
  },
};
