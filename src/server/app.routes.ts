import helmet from '@fastify/helmet'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import path from 'node:path'
import type { Config } from './config.ts'
import { accountRoutes } from './features/account/account.routes.ts'
import type { AccountService } from './features/account/account.service.ts'
import { passwordResetRoutes } from './features/account/password-reset.routes.ts'
import type { PasswordResetService } from './features/account/password-reset.service.ts'
import { aiLabRoutes } from './features/ai-lab/ai-lab.routes.ts'
import type { AiLabService } from './features/ai-lab/ai-lab.service.ts'
import { biographyRoutes } from './features/biography/biography.routes.ts'
import type { BiographyService } from './features/biography/biography.service.ts'
import { bookRoutes } from './features/book/book.routes.ts'
import type { BookService } from './features/book/book.service.ts'
import { constellationRoutes } from './features/constellations/constellations.routes.ts'
import type { ConstellationService } from './features/constellations/constellations.service.ts'
import { contactRoutes } from './features/contact/contact.routes.ts'
import type { ContactService } from './features/contact/contact.service.ts'
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts'
import type { DashboardService } from './features/dashboard/dashboard.service.ts'
import { dreamDiaryRoutes } from './features/dream-diary/dream-diary.routes.ts'
import type { DreamDiaryService } from './features/dream-diary/dream-diary.service.ts'
import { factRoutes } from './features/facts/facts.routes.ts'
import type { FactService } from './features/facts/facts.service.ts'
import { familyCircleRoutes } from './features/family-tree/family-tree.circle.routes.ts'
import type { CircleService } from './features/family-tree/family-tree.circle.service.ts'
import { familyTreeRoutes } from './features/family-tree/family-tree.routes.ts'
import type { FamilyTreeService } from './features/family-tree/family-tree.service.ts'
import { familySharingRoutes } from './features/family-tree/family-tree.sharing.routes.ts'
import type { SharingService } from './features/family-tree/family-tree.sharing.service.ts'
import { gedcomRoutes } from './features/gedcom/gedcom.routes.ts'
import type { GedcomService } from './features/gedcom/gedcom.service.ts'
import { healthRoutes } from './features/health/health.routes.ts'
import { interviewRoutes } from './features/interviews/interviews.routes.ts'
import type { InterviewService } from './features/interviews/interviews.service.ts'
import { listeningPublicRoutes } from './features/listening/listening.public.routes.ts'
import { listeningRoutes } from './features/listening/listening.routes.ts'
import type { ListeningService } from './features/listening/listening.service.ts'
import { mediaRoutes } from './features/media/media.routes.ts'
import type { MediaService } from './features/media/media.service.ts'
import { mediaUploadRoutes } from './features/media/media.uploads.ts'
import type { UploadIds } from './features/media/upload-ids.ts'
import { portabilityRoutes } from './features/portability/portability.routes.ts'
import type { PortabilityService } from './features/portability/portability.service.ts'
import { searchRoutes } from './features/search/search.routes.ts'
import type { SearchService } from './features/search/search.service.ts'
import { timelineRoutes } from './features/timeline/timeline.routes.ts'
import type { TimelineSources } from './features/timeline/timeline.sources.ts'
import type { UploadStore } from './integrations/tus/create-upload-store.ts'
import { createAttemptLimiter } from './lib/attempt-limiter.ts'
import type { ListCache } from './lib/list-cache.ts'
import type { RateLimitStore } from './lib/rate-limit-store.ts'
import { errorHandlerPlugin } from './plugins/error-handler.ts'
import { jsonCompressionPlugin } from './plugins/json-compression.ts'
import { originCheckPlugin } from './plugins/origin-check.ts'
import { securityHeaders } from './plugins/security-headers.ts'
import { sessionPlugin } from './plugins/session.ts'
import { textInputPlugin } from './plugins/text-input.ts'
import { webAppPlugin } from './plugins/web-app.ts'
import type { UploadLimits } from '../shared/upload-limits.ts'

/** The services the HTTP layer serves, built by the composition root (app.ts). */
export interface Services {
  accounts: AccountService
  passwordResets: PasswordResetService
  dreams: DreamDiaryService
  familyTree: FamilyTreeService
  circle: CircleService
  sharing: SharingService
  gedcom: GedcomService
  biography: BiographyService
  interviews: InterviewService
  facts: FactService
  aiLab: AiLabService
  constellations: ConstellationService
  media: MediaService
  portability: PortabilityService
  dashboard: DashboardService
  timeline: TimelineSources
  books: BookService
  listening: ListeningService
  search: SearchService
  contact: ContactService
}

interface Http {
  config: Config
  services: Services
  lists: ListCache
  rateLimitStore: RateLimitStore
  /** Whether the database answers: the health check asks it. */
  ping(): Promise<void>
  uploadIds: UploadIds
  uploadStore: UploadStore
  uploadLimits: UploadLimits
}

/**
 * The HTTP layer: the plugins every request passes through (errors, compression, text checks,
 * cache and security headers, origin, session), the API's documentation, every feature's routes
 * under /api, and the web app.
 */
export async function registerHttp(app: FastifyInstance, { config, services, lists, rateLimitStore, ping, uploadIds, uploadStore, uploadLimits }: Http): Promise<void> {
  await app.register(errorHandlerPlugin)
  await app.register(jsonCompressionPlugin)
  await app.register(textInputPlugin)
  // Answers of the API are a person's own data: never kept in a browser's or a proxy's cache
  // (a shared computer keeps nothing after sign-out), unless a route says otherwise.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store')
  })
  await app.register(helmet, securityHeaders(config))
  await app.register(originCheckPlugin, { publicUrl: config.publicUrl })
  await app.register(sessionPlugin, { findSession: (headers, collection) => services.accounts.findSession(headers, collection) })
  await app.register(swagger, {
    openapi: { info: { title: 'Legado API', version: '1' }, servers: [] },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })

  await app.register(healthRoutes, {
    prefix: '/api',
    check: async () => {
      await ping()
      return { status: 'ok', db: config.database.dialect, storage: config.storage.kind, ai: config.ai.provider }
    },
  })
  await app.register(accountRoutes, { prefix: '/api', service: services.accounts })
  await app.register(passwordResetRoutes, { prefix: '/api', service: services.passwordResets })
  await app.register(dreamDiaryRoutes, { prefix: '/api', service: services.dreams, lists })
  await app.register(familyTreeRoutes, { prefix: '/api', service: services.familyTree, circle: services.circle, lists })
  await app.register(familyCircleRoutes, {
    prefix: '/api',
    service: services.circle,
    lookups: createAttemptLimiter(rateLimitStore, { max: 120, windowMs: 60 * 60 * 1000 }, 'invitation'),
  })
  await app.register(familySharingRoutes, { prefix: '/api', service: services.sharing })
  await app.register(gedcomRoutes, {
    prefix: '/api',
    service: services.gedcom,
    maxBytes: config.gedcomMaxBytes,
    tempDir: path.join(config.dataDir, 'imports'),
    previews: createAttemptLimiter(rateLimitStore, { max: config.gedcom.perHour, windowMs: 60 * 60 * 1000 }, 'gedcom-preview'),
    imports: createAttemptLimiter(rateLimitStore, { max: config.gedcom.perHour, windowMs: 60 * 60 * 1000 }, 'gedcom-import'),
    circle: services.circle,
  })
  await app.register(biographyRoutes, { prefix: '/api', service: services.biography })
  await app.register(interviewRoutes, { prefix: '/api', service: services.interviews, circle: services.circle })
  await app.register(factRoutes, { prefix: '/api', service: services.facts, circle: services.circle })
  await app.register(aiLabRoutes, { prefix: '/api', service: services.aiLab })
  await app.register(constellationRoutes, { prefix: '/api', service: services.constellations })
  await app.register(mediaRoutes, { prefix: '/api', service: services.media, circle: services.circle })
  await app.register(portabilityRoutes, { prefix: '/api', service: services.portability, maxArchiveBytes: config.importMaxBytes, tempDir: path.join(config.dataDir, 'imports') })
  await app.register(mediaUploadRoutes, {
    prefix: '/api',
    service: services.media,
    uploadIds,
    sessionRecheckMs: config.uploadSessionRecheckMs,
    datastore: uploadStore,
    uploadLimits,
    expiryMs: config.uploadExpiryMs,
    openUploads: createAttemptLimiter(rateLimitStore, { max: config.maxUnfinishedUploads, windowMs: config.uploadExpiryMs }, 'uploads-open'),
    ownerFor: async (userId, linkedToType) => (linkedToType === 'biographyEntry' ? userId : (await services.circle.require(userId, 'content.add')).holderId),
  })
  await app.register(dashboardRoutes, { prefix: '/api', service: services.dashboard })
  await app.register(timelineRoutes, { prefix: '/api', sources: services.timeline })
  await app.register(bookRoutes, { prefix: '/api', service: services.books })
  await app.register(listeningRoutes, { prefix: '/api', service: services.listening })
  await app.register(searchRoutes, { prefix: '/api', service: services.search })
  await app.register(listeningPublicRoutes, {
    service: services.listening,
    limiters: {
      // A book played through from one home connection is a few hundred requests; guessing tokens misses every time.
      requests: createAttemptLimiter(rateLimitStore, { max: 2000, windowMs: 60 * 60 * 1000 }, 'listening'),
      misses: createAttemptLimiter(rateLimitStore, { max: 30, windowMs: 60 * 60 * 1000 }, 'listening-miss'),
    },
  })
  await app.register(contactRoutes, { prefix: '/api', service: services.contact, findSessionUser: (headers) => services.accounts.findSessionUser(headers) })
  await app.register(webAppPlugin, { webRoot: config.webRoot, findSessionUser: (headers) => services.accounts.findSessionUser(headers) })
}
