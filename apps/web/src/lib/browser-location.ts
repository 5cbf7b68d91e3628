/** A full page load of `href`: it also drops every piece of in-memory state (cached data, stores). */
export function loadPage(href: string): void {
  window.location.assign(href);
}
