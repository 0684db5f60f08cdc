import type { FastifyHelmetOptions } from '@fastify/helmet'
import type { Config } from '../config.ts'

/**
 * Helmet with a CSP that names no third-party origin: scripts, styles, fonts and images all come
 * from this server. `upgrade-insecure-requests` only when served over HTTPS, so a family server
 * reached as http://192.168.x.x on the home network keeps working.
 */
export function securityHeaders(config: Config): FastifyHelmetOptions {
  const isHttps = config.publicUrl?.startsWith('https://') ?? false
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  }
}
