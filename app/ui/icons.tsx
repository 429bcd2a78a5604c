// The site's small line icons, all decorative (aria-hidden). Only direction-carrying icons mirror in
// RTL (none of these do). Their stroke comes from the `icon` class in app.css (one rule instead of
// five attributes on every icon of every page); `stroke-2` and the like thicken one.
type IconProps = { className?: string };

/** An icon drawn on the 24 × 24 grid: its default size class and, for a bolder one, a stroke class. */
function lineIcon(drawing: React.ReactNode, size: string, stroke?: string) {
  return function LineIcon({ className = size }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className={stroke ? `icon ${stroke} ${className}` : `icon ${className}`}
      >
        {drawing}
      </svg>
    );
  };
}

export const MenuIcon = lineIcon(
  <path d="M4 7h16M4 12h16M4 17h16" />,
  "size-6",
);

export const CloseIcon = lineIcon(<path d="M6 6l12 12M18 6L6 18" />, "size-6");

export const ChatIcon = lineIcon(
  <>
    <path d="M4.5 6.5A2.5 2.5 0 0 1 7 4h10a2.5 2.5 0 0 1 2.5 2.5v7A2.5 2.5 0 0 1 17 16h-6.5L6 19.5V16H7a2.5 2.5 0 0 1-2.5-2.5z" />
    <path d="M8.5 9h7M8.5 12h4.5" />
  </>,
  "size-6",
);

/** A shield with an exclamation mark: the fraud warning. */
export const ShieldAlertIcon = lineIcon(
  <>
    <path d="M12 3l7 3v5.5c0 4.2-2.9 7.9-7 9.5-4.1-1.6-7-5.3-7-9.5V6z" />
    <path d="M12 8v4.5M12 15.5v.01" />
  </>,
  "size-6",
);

export const MailIcon = lineIcon(
  <>
    <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
    <path d="M4 7l8 6 8-6" />
  </>,
  "size-5",
);

export const InstagramIcon = lineIcon(
  <>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
  </>,
  "size-5",
);

export const FacebookIcon = lineIcon(
  <path d="M14.5 21v-7.5h2.6l.4-3h-3V8.7c0-.9.3-1.5 1.5-1.5h1.6V4.6a21 21 0 0 0-2.3-.1c-2.3 0-3.8 1.4-3.8 3.9v2.1H9v3h2.5V21" />,
  "size-5",
);

// A simple bird: body, wing and beak in one outline.
export const TwitterIcon = lineIcon(
  <path d="M21 6.2c-.7.3-1.4.5-2.1.6.8-.5 1.3-1.2 1.6-2-.7.4-1.5.7-2.3.9A3.6 3.6 0 0 0 12 8.9 10.3 10.3 0 0 1 4.6 5.1a3.6 3.6 0 0 0 1.1 4.8c-.6 0-1.2-.2-1.6-.4 0 1.8 1.2 3.2 2.9 3.6-.5.1-1.1.2-1.6.1.5 1.4 1.8 2.5 3.4 2.5A7.3 7.3 0 0 1 3 17.2 10.3 10.3 0 0 0 8.6 19c6.7 0 10.4-5.6 10.4-10.4v-.5c.8-.5 1.4-1.2 2-1.9z" />,
  "size-5",
);

/** A shield with a check mark: authenticity. */
export const ShieldCheckIcon = lineIcon(
  <>
    <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6L12 3Z" />
    <path d="m8.8 12 2.2 2.2 4.2-4.4" />
  </>,
  "size-5",
  "stroke-[1.8]",
);

export const CheckCircleIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m7.5 12.5 3 3 6-6.5" />
  </>,
  "size-6",
  "stroke-2",
);

export const AlertCircleIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m15 9-6 6M9 9l6 6" />
  </>,
  "size-6",
  "stroke-2",
);

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
