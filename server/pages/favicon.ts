// The service's icon, so a browser's request for /favicon.ico gets one (not a 404 in the log) and
// every page shows it: an SVG written here, loaded from nowhere else.

/** Where browsers ask for the icon unbidden; the pages link it there too. */
export const faviconPath = '/favicon.ico';

/** Its content type: browsers take an SVG icon whatever its path's extension. */
export const faviconType = 'image/svg+xml';

/** A red disc with two white peaks. */
export const faviconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<circle cx="16" cy="16" r="16" fill="#e84142"/>' +
  '<path d="M7 23 14 10.5 17.2 16.2 13.1 23zM17.6 23 20.6 17.7 23.6 23z" fill="#fff"/>' +
  '</svg>';
