/**
 * "Chrome on Windows", "Safari on iPhone": enough of a User-Agent for a member to recognise their
 * own sessions. Unknown parts read as null (the screen says "Unknown browser").
 */
export function describeUserAgent(ua: string): { browser: string | null; os: string | null } {
  const browser =
    /\bEdg(?:e|A|iOS)?\//.test(ua) ? "Edge"
    : /\bOPR\/|\bOpera\b/.test(ua) ? "Opera"
    : /\bSamsungBrowser\//.test(ua) ? "Samsung Internet"
    : /\bFirefox\/|\bFxiOS\//.test(ua) ? "Firefox"
    : /Chrom(?:e|ium)\/|\bCriOS\//.test(ua) ? "Chrome"
    : /\bSafari\//.test(ua) && /\bVersion\//.test(ua) ? "Safari"
    : /\bcurl\//i.test(ua) ? "curl"
    : null;
  const os =
    /\biPhone\b/.test(ua) ? "iPhone"
    : /\biPad\b/.test(ua) ? "iPad"
    : /\bAndroid\b/.test(ua) ? "Android"
    : /\bWindows\b/.test(ua) ? "Windows"
    : /\bMac OS X\b|\bMacintosh\b/.test(ua) ? "macOS"
    : /\bCrOS\b/.test(ua) ? "ChromeOS"
    : /\bLinux\b/.test(ua) ? "Linux"
    : null;
  return { browser, os };
}
