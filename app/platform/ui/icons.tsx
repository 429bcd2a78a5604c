// The site's small icons, all decorative (aria-hidden). Each is drawn once, in the stylesheet: a CSS
// mask (`.icon-menu` and the rest in app.css) painted in the text colour, so a page carries an empty
// element per icon instead of its drawing, and the drawings come with the stylesheet the browser
// already caches (decision 141). None of them carries a direction, so none is mirrored in RTL.
type IconProps = { className?: string };

/** An icon of app.css (`icon` and its drawing's class) with its default size class. */
function maskIcon(drawing: string, size: string) {
  return function MaskIcon({ className = size }: IconProps) {
    return (
      <span
        aria-hidden="true"
        className={`icon ${drawing} ${className}`}
      />
    );
  };
}

export const MenuIcon = maskIcon("icon-menu", "size-6");

export const CloseIcon = maskIcon("icon-close", "size-6");

export const ChatIcon = maskIcon("icon-chat", "size-6");

/** A shield with an exclamation mark: the fraud warning. */
export const ShieldAlertIcon = maskIcon("icon-shield-alert", "size-6");

export const MailIcon = maskIcon("icon-mail", "size-5");

export const InstagramIcon = maskIcon("icon-instagram", "size-5");

export const FacebookIcon = maskIcon("icon-facebook", "size-5");

/** A simple bird: body, wing and beak in one outline. */
export const TwitterIcon = maskIcon("icon-twitter", "size-5");

/** A shield with a check mark: authenticity. */
export const ShieldCheckIcon = maskIcon("icon-shield-check", "size-5");

export const CheckCircleIcon = maskIcon("icon-check-circle", "size-6");

export const AlertCircleIcon = maskIcon("icon-alert-circle", "size-6");

/** The one busy indicator of every pending button and loading state. */
export function Spinner({ className = "size-4" }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      className={`animate-spin motion-reduce:animate-none ${className}`}
    >
      <circle
        cx="12"
        cy="12"
        r="9"
        stroke="currentColor"
        strokeOpacity="0.25"
        strokeWidth="3"
      />
      <path
        d="M21 12a9 9 0 0 0-9-9"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
