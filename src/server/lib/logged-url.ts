/**
 * A request's URL as the logs keep it: a listening link's token is the key to a family's recording
 * (ADR 0051) and an invitation's the key to a tree, so neither reaches a log file, a log shipper or
 * whoever reads them.
 */
export function loggedUrl(url: string): string {
  return url.replace(/^\/l\/[^/?#]+/, '/l/…').replace(/^(\/api\/invitations\/|\/invitation\/)[^/?#]+/, '$1…')
}
