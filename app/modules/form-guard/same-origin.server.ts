/**
 * Our own cross-site check for resource routes that accept posts (React Router checks route
 * actions itself). A browser always sends Origin on a cross-site POST and Sec-Fetch-Site on
 * every request; either one naming another site refuses the post.
 */
export function isCrossSitePost(request: Request, publicUrl: string): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  if (origin === "null") return true;
  const allowed = new Set([new URL(request.url).origin, new URL(publicUrl).origin]);
  return !allowed.has(origin);
}
