import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach a log line (tokens, tickets, signatures). */
const SECRET_PARAMS =
  /^(access_token|accesstoken|token|refresh_token|refreshtoken|casticket|ticket|tgt|sig|signature|secret|password|combstr)$/i;

/** A request URL with the values of secret query parameters replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed name is logged as it came
      }
      return SECRET_PARAMS.test(decoded) && eq >= 0 ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/**
 * The request as it is logged: Fastify's default fields, with secrets taken out of the URL. Headers are not
 * logged at all (bearer tokens, and the chat socket's token in Sec-WebSocket-Protocol).
 */
export function requestLogSerializer(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
