// The verify page's QR scanner (issue 27). Only `button` travels with the verify page's document; the
// rest comes with the scanner's own chunk when the button is pressed.
export default {
  button: "Scan the label",
  title: "Scan the label",
  video: "Camera view",
  starting: "Starting the camera…",
  scanning: "Point the camera at the QR code on the label.",
  denied: "The camera is not allowed. Allow it in your browser's settings, or type the code printed on the label.",
  missing: "No camera was found. Type the code printed on the label instead.",
  failed: "The camera or the QR reader could not start. Type the code printed on the label instead.",
  checking: "QR code read: checking the code…",
  opening: "QR code read: opening the pack's page…",
  other: "This QR code is not from one of our labels. Type the code printed on the label instead.",
  foreign: {
    title: "This QR code does not lead to our official site",
    body: "It points to the address below, which is not {{brand}}'s website: it may be one of the look-alike sites we warn about. Do not open it, and never enter a code or payment details there.",
    address: "Address in the QR code",
    reportPrompt: "Tell us where you found this product: we follow up every report.",
    report: "Report this label",
  },
  again: "Scan again",
  close: "Close",
};
