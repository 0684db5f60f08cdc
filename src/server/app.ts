import path from 'node:path'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { Redis } from 'ioredis'
import { publicOrigin, type Config } from './config.ts'
import { openDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'
import { createAuth, sessionLifetime } from './features/account/account.auth.ts'
import { createAiLabRepository } from './features/ai-lab/ai-lab.repository.ts'
import { renderBookOffThread } from './features/book/book.pdf-thread.ts'
import { createBookRepository } from './features/book/book.repository.ts'
import { createBookService } from './features/book/book.service.ts'
import { bookSourcesFrom, modelRetelling } from './features/book/book.sources.ts'
import { createAiLabService } from './features/ai-lab/ai-lab.service.ts'
import { createConstellationService } from './features/constellations/constellations.service.ts'
import { constellationSourcesFrom } from './features/constellations/constellations.sources.ts'
import { createAccountRepository } from './features/account/account.repository.ts'
import { createAccountService } from './features/account/account.service.ts'
import { createSessionVerifier } from './features/account/session-verifier.ts'
import { createDeviceCookies } from './features/account/device-cookies.ts'
import { createPasswordResetService } from './features/account/password-reset.service.ts'
import { mailResetLinks } from './features/account/reset-mail.ts'
import { createMailer } from './integrations/mail/mailer.ts'
import { createContactRepository } from './features/contact/contact.repository.ts'
import { createContactService } from './features/contact/contact.service.ts'
import { createDreamRepository } from './features/dream-diary/dream-diary.repository.ts'
import { createDashboardService } from './features/dashboard/dashboard.service.ts'
import { createDreamDiaryService } from './features/dream-diary/dream-diary.service.ts'
import { createFamilyTreeRepository } from './features/family-tree/family-tree.repository.ts'
import { createGedcomJobRepository } from './features/gedcom/gedcom.repository.ts'
import { createGedcomKeptRepository } from './features/gedcom/gedcom.kept.repository.ts'
import { createGedcomService } from './features/gedcom/gedcom.service.ts'
import { gedcomMediaFrom } from './features/gedcom/gedcom.media.ts'
import { createFamilyTreeService } from './features/family-tree/family-tree.service.ts'
import { createCircleRepository } from './features/family-tree/family-tree.circle.repository.ts'
import { createCircleService } from './features/family-tree/family-tree.circle.service.ts'
import { createKeeperRepository } from './features/family-tree/family-tree.keeper.repository.ts'
import { createKeeperService } from './features/family-tree/family-tree.keeper.service.ts'
import { createSharingRepository } from './features/family-tree/family-tree.sharing.repository.ts'
import { createSharingService } from './features/family-tree/family-tree.sharing.service.ts'
import { createTreeCalendar } from './features/family-tree/family-tree.calendar.ts'
import { timelineSourcesFrom } from './features/timeline/timeline.sources.ts'
import { createBiographyRepository } from './features/biography/biography.repository.ts'
import { createBiographyService } from './features/biography/biography.service.ts'
import { createInterviewRepository } from './features/interviews/interviews.repository.ts'
import { createFactRepository } from './features/facts/facts.repository.ts'
import { createFactService } from './features/facts/facts.service.ts'
import { modelListener } from './features/facts/facts.listening.ts'
import { createInterviewService } from './features/interviews/interviews.service.ts'
import { createMediaRepository } from './features/media/media.repository.ts'
import { createMediaService } from './features/media/media.service.ts'
import { createMediaRecordings } from './features/media/media.recordings.ts'
import { createListeningRepository } from './features/listening/listening.repository.ts'
import { createListeningService, expiryOf } from './features/listening/listening.service.ts'
import { createUploadIds } from './features/media/upload-ids.ts'
import { familyTreeKind } from './features/portability/family-tree-kind.ts'
import { createConversationRepository } from './lib/chat/conversations.ts'
import { exportExtensionsFrom } from './features/portability/portability.extensions.ts'
import { createPortabilityService } from './features/portability/portability.service.ts'
import { createAiProvider } from './integrations/ai/create-ai-provider.ts'
import { factsAskedBy } from './integrations/ai/guided/asked-facts.ts'
import { createObjectStorage } from './integrations/storage/create-storage.ts'
import { createUploadStore } from './integrations/tus/create-upload-store.ts'
import { resolveAuthSecret } from './lib/auth-secret.ts'
import { createAttemptLimiter } from './lib/attempt-limiter.ts'
import { createBackoffLimiter } from './lib/backoff-limiter.ts'
import { createJobRunnerFor } from './lib/jobs/create-job-runner.ts'
import { createAiBudget } from './lib/chat/ai-budget.ts'
import { createChatEngine } from './lib/chat/chat-engine.ts'
import { createExchangeReceipts } from './lib/chat/exchange-receipts.ts'
import { createListCache } from './lib/list-cache.ts'
import { createMemoryRateLimitStore, createRedisRateLimitStore } from './lib/rate-limit-store.ts'
import { parseOrThrow } from './lib/validation.ts'
import { loggedUrl } from './lib/logged-url.ts'
import { createSearchRepository } from './features/search/search.repository.ts'
import { createSearchService } from './features/search/search.service.ts'
import { registerHttp } from './app.routes.ts'
import { largestUpload } from '../shared/upload-limits.ts'
import { updateMemberSchema } from '../shared/contracts/family-tree.ts'
import { unknownAbout } from '../shared/facts/gaps.ts'

/** The composition root: builds every dependency from `config` and registers the features. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const { trustProxy } = config
  const app = Fastify({
    // A hop count trusts that many proxies from this server outwards (Fastify's own rule for a number).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1024 * 1024,
    logger: {
      level: config.logLevel,
      // Request logs carry method, URL and status; never cookies, tokens or bodies.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: loggedUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // Every route as registered: the access tests walk this table, so a new route cannot miss them.
  const routeTable: { method: string; url: string }[] = []
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url })
  })
  app.decorate('routeTable', routeTable)

  const database = await openDatabase(config.database)
  app.addHook('onClose', () => database.destroy())
  const applied = await migrateToLatest(database.raw, database.schema)
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated')

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : undefined
  if (redis) app.addHook('onClose', async () => void (await redis.quit()))
  const rateLimitStore = redis ? createRedisRateLimitStore(redis) : createMemoryRateLimitStore()

  const secret = resolveAuthSecret(config.authSecret, config.dataDir)
  const mailer = config.mail ? createMailer(config.mail) : undefined
  if (mailer) app.addHook('onClose', () => mailer.close())
  const auth = createAuth({
    raw: database.raw,
    dialect: database.dialect,
    secret,
    baseURL: publicOrigin(config),
    log: (level, message) => app.log[level]({ component: 'better-auth' }, message),
    onResetToken: mailer
      ? mailResetLinks({ mailer, origin: publicOrigin(config), logError: (error) => app.log.error({ err: error }, 'a password-reset e-mail could not be sent') })
      : undefined,
  })
  const passwordResets = createPasswordResetService({
    auth,
    delivery: mailer ? 'email' : 'operator',
    limiters: {
      perAddress: createAttemptLimiter(rateLimitStore, { max: config.passwordResetRateLimitPerHour * 10, windowMs: 60 * 60 * 1000 }, 'reset-address'),
      perEmail: createAttemptLimiter(rateLimitStore, { max: config.passwordResetRateLimitPerHour, windowMs: 60 * 60 * 1000 }, 'reset-email'),
    },
    warn: (message) => app.log.warn(message),
  })
  const { max, windowMs } = config.loginRateLimit
  const passwordBackoff = { freeAttempts: max, firstWaitMs: 15 * 1000, maxWaitMs: windowMs, memoryMs: 24 * 60 * 60 * 1000 }
  /** Files a deleted account had added to others' trees, and its texts' words, found before its rows go, erased after. */
  const leftBehind = new Map<string, { erase(): Promise<number>; pruneWords(): Promise<number> }>()
  const accounts = createAccountService({
    auth,
    repo: createAccountRepository(database.db),
    sessions: createSessionVerifier({ db: database.db, secret, ...sessionLifetime }),
    // After a few mistakes each one makes the next wait, from 15 seconds doubling up to the window:
    // a guessing run is slowed to a few guesses an hour, and the owner is never locked out for long.
    limiters: {
      perDevice: createAttemptLimiter(rateLimitStore, { max, windowMs }, 'login-device'),
      perAddress: createAttemptLimiter(rateLimitStore, { max: max * 4, windowMs }, 'login-address'),
      perEmail: createBackoffLimiter(rateLimitStore, passwordBackoff, 'login-email'),
      overall: createAttemptLimiter(rateLimitStore, { max: config.loginFailureCeiling, windowMs }, 'login-all'),
      perAccount: createBackoffLimiter(rateLimitStore, passwordBackoff, 'password-check'),
    },
    devices: createDeviceCookies(secret),
    signUpLimiters: {
      perAddress: createAttemptLimiter(rateLimitStore, { max: config.signUpRateLimitPerHour, windowMs: 60 * 60 * 1000 }, 'signup-address'),
      overall: createAttemptLimiter(rateLimitStore, { max: config.signUpRateLimitPerHour * 20, windowMs: 60 * 60 * 1000 }, 'signup-all'),
    },
    createOwnCard: async (userId, card) => void (await familyTree.addOwnCard(userId, card)),
    log: app.log.child({ feature: 'account' }),
    erasure: {
      beforeUserDeleted: async (userId) => {
        // A tree kept here that someone else owns moves to a keeper and stays; trees a keeper keeps for this person go after.
        const keptTrees = await keepers.beforeAccountGoes(userId)
        await contact.forgetSender(userId)
        // What they added to others' trees goes with their rows; its files are found now, erased after.
        const authored = await media.objectsAuthoredElsewhere(userId)
        await interviews.forgetTeller(userId)
        // Last, after the trees that stay have moved away: the words of the texts that go with the rows.
        const words = await search.beforeAccountGoes(userId)
        leftBehind.set(userId, { erase: async () => (await authored.erase()) + (await keptTrees.finish()), pruneWords: () => words.pruneWords() })
      },
      // An unfinished upload is not the account's yet: it is swept when it expires.
      afterUserDeleted: async (userId) => {
        const authored = leftBehind.get(userId)
        leftBehind.delete(userId)
        // Never throws: a word left in the search word list finds nothing.
        const wordsPruned = (await authored?.pruneWords()) ?? 0
        const erased = (await media.eraseAllObjectsOf(userId)) + (await books.eraseAllOf(userId)) + ((await authored?.erase()) ?? 0)
        app.log.info({ erased, wordsPruned }, 'an account was deleted with its stored objects')
      },
    },
  })
  const dreams = createDreamDiaryService({ repo: createDreamRepository(database.db) })
  // Lists answered from their serialised, compressed copy while their version is unchanged.
  const lists = createListCache({ maxBytes: config.listCacheBytes })
  const familyTree = createFamilyTreeService({
    repo: createFamilyTreeRepository(database.db),
    getOwner: (userId) => accounts.getMe(userId),
    relatedIds: async (ownerId, memberIds) => {
      const [interviewSegments, mediaAssetIds, portraitURLs] = await Promise.all([
        interviews.conversationIdsByMember(ownerId),
        media.mediaIdsFor(ownerId, 'member', memberIds),
        media.portraitsOf(ownerId, memberIds),
      ])
      return { interviewSegments, mediaAssetIds, portraitURLs }
    },
    deleteUnlinkedMedia: (ownerId, mediaIds) => media.deleteUnlinked(ownerId, mediaIds),
    moveOwnRecords: (ownerId, fromMemberId, toMemberId) => biography.moveSubject(ownerId, fromMemberId, toMemberId),
    log: app.log.child({ feature: 'family-tree' }),
    maxMembers: config.treeMaxMembers,
  })
  const circle = createCircleService({
    repo: createCircleRepository(database.db),
    startOwnTree: (userId) => familyTree.startOwnTree(userId),
    mailer,
    origin: publicOrigin(config),
    log: app.log.child({ feature: 'family-circle' }),
    authored: { interviews: (userId) => interviews.authoredCounts(userId), files: (userId) => media.authoredCounts(userId) },
    keepTree: (treeId, holderId) => keepers.keepTree(treeId, holderId),
    selfCardOf: (holderId) => familyTree.findSelfMemberId(holderId),
  })
  // One search box over everything a person may see; the index is kept by the database's triggers.
  const search = createSearchService({
    repo: createSearchRepository(database.raw, database.dialect),
    access: (userId) => circle.access(userId),
    cardOf: (treeId, userId) => circle.linkedMemberId(treeId, userId),
    log: app.log.child({ feature: 'search' }),
  })
  const keepers = createKeeperService({ repo: createKeeperRepository(database.db), eraseObjects: (keys) => media.eraseObjects(keys) })
  // A memory or an AI-lab story shared with a tree: the tree keeps the share, each feature its item.
  const sharing = createSharingService({
    repo: createSharingRepository(database.db),
    circle,
    read: { memory: (items) => biography.sharedEntries(items), story: (items) => aiLab.sharedStories(items) },
  })
  const objectStorage = createObjectStorage(config.storage)
  const uploadLimits = { fileBytes: config.maxUploadBytes, audioVideoBytes: config.maxAvUploadBytes }
  app.addHook('onClose', async () => objectStorage.close())
  // Long work (imports) runs through one runner; features register their kinds below and it starts once the app is ready.
  const jobRunner = createJobRunnerFor(database, objectStorage.storage, {
    concurrency: config.jobs.concurrency,
    expiryGraceMs: config.jobs.expiryGraceMs,
    maintenanceIntervalSeconds: config.jobs.maintenanceIntervalSeconds,
    pollingIntervalSeconds: config.jobs.pollingIntervalSeconds,
    workDir: path.join(config.dataDir, 'jobs'),
    log: app.log.child({ component: 'jobs' }),
  })
  const media = createMediaService({
    repo: createMediaRepository(database.db),
    storage: objectStorage.storage,
    uploadLimits,
    quotaBytes: config.storageQuotaBytes,
    uploadExpiryMs: config.uploadExpiryMs,
    // What an upload to each kind of target links to; a recording belongs to its session and to the member.
    linkTargets: {
      member: async (ownerId, id) => ((await familyTree.hasMember(ownerId, id)) ? [{ type: 'member', id }] : undefined),
      biographyEntry: async (ownerId, id) => ((await biography.hasEntry(ownerId, id)) ? [{ type: 'biographyEntry', id }] : undefined),
      interviewSession: async (ownerId, id) => {
        const memberId = await interviews.findSessionMember(ownerId, id)
        return memberId
          ? [
              { type: 'interviewSession', id },
              { type: 'member', id: memberId },
            ]
          : undefined
      },
    },
    mayReadMemoryFile: (actor, ownerUserId, entryIds) => sharing.mayReadMemoryFile({ ...actor, treeId: actor.treeId ?? null }, ownerUserId, entryIds),
  })
  const gedcom = createGedcomService({
    familyTree,
    jobs: createGedcomJobRepository(database.db),
    runner: jobRunner,
    reader: { memoryMb: config.gedcom.readerMemoryMb, timeoutMs: config.gedcom.readTimeoutMs, concurrent: config.gedcom.readers },
    writers: config.gedcom.writers,
    importTimeoutMs: config.gedcom.importTimeoutMs,
    maxMembers: config.treeMaxMembers,
    kept: createGedcomKeptRepository(database.db),
    // A GEDZIP's files go through the media feature as uploads do: size, real type, location, quota, sha256.
    ...gedcomMediaFrom(media, largestUpload(uploadLimits)),
    maxGedcomBytes: config.gedcomMaxBytes,
    log: app.log.child({ feature: 'gedcom' }),
    citedFacts: (ownerId) => facts.citedFacts(ownerId),
    languageOf: async (userId) => (await accounts.getMe(userId)).preferredLanguage,
  })
  // Recordings played without signing in by whoever holds a link's token (printed in a book).
  const listening = createListeningService({
    repo: createListeningRepository(database.db),
    recordings: createMediaRecordings({ repo: createMediaRepository(database.db), storage: objectStorage.storage }),
    publicOrigin: publicOrigin(config),
    languageOf: async (userId) => (await accounts.getMe(userId)).preferredLanguage,
  })
  const aiProvider = createAiProvider(config.ai)
  const aiBudget = createAiBudget(rateLimitStore, config.aiBudget)
  const chat = createChatEngine({
    provider: aiProvider,
    limiter: createAttemptLimiter(rateLimitStore, { max: config.aiRateLimitPerHour, windowMs: 60 * 60 * 1000 }, 'ai'),
    guidedLimiter: createAttemptLimiter(rateLimitStore, { max: config.aiRateLimitPerHour * 4, windowMs: 60 * 60 * 1000 }, 'guided'),
    budget: aiBudget,
    timeoutMs: config.aiTimeoutMs,
    // Its own key, derived from the auth secret: a receipt can never pass for a session token.
    receipts: createExchangeReceipts(`${secret}:chat-receipts`),
    log: app.log.child({ component: 'chat' }),
  })
  // onClose hooks run last-added first: replies under way are saved before the database closes.
  app.addHook('onClose', () => chat.drain())
  const facts = createFactService({
    repo: createFactRepository(database.db),
    tree: {
      memberFacts: (holderId, memberId) => familyTree.findMemberFacts(holderId, memberId),
      unionsOf: (holderId, memberId) => familyTree.unionsOf(holderId, memberId),
      updateMember: (holderId, memberId, changes) => familyTree.updateMember(holderId, memberId, parseOrThrow(updateMemberSchema, changes)),
      addMember: (holderId, input, authorId) => familyTree.addMember(holderId, input, authorId),
    },
    sources: { interviews: (holderId, ids) => interviews.sourcesOf(holderId, ids), memories: (holderId, ids) => biography.sourcesOf(holderId, ids) },
    recordings: (holderId, kind, ids) => media.recordingsOf(holderId, kind === 'interview' ? 'interviewSession' : 'biographyEntry', ids),
    tellerName: async (holderId, userId) => {
      const treeId = await familyTree.treeIdOf(holderId)
      return (treeId && (await circle.nameIn(treeId, userId))) || null
    },
    tellerKin: (holderId, userId, memberId, language) => familyTree.tellerKin(holderId, userId, memberId, language),
    asksOf: (question, subject) => factsAskedBy(question, subject),
    listen: modelListener({ provider: aiProvider, budget: aiBudget, isOn: config.factListening }),
    gapsOf: (member, told) => unknownAbout(member, told),
    answersAbout: async (holderId, memberId) =>
      (await familyTree.findSelfMemberId(holderId)) === memberId ? biography.answersOf(holderId) : interviews.answersAbout(holderId, memberId),
    waitMs: config.aiTimeoutMs,
    log: app.log.child({ feature: 'facts' }),
  })
  app.addHook('onClose', () => facts.drain())
  const biography = createBiographyService({
    listener: facts,
    unknownAbout: (userId, memberId) => facts.unknownAbout(userId, memberId),
    repo: createBiographyRepository(database.db),
    conversations: createConversationRepository(database.db, 'biography'),
    chat,
    findSelfMemberId: (userId) => familyTree.findSelfMemberId(userId),
    media,
    sharing,
    log: app.log.child({ feature: 'biography' }),
  })
  const interviews = createInterviewService({
    listener: facts,
    unknownAbout: (ownerId, member) => facts.unknownOf(ownerId, member),
    repo: createInterviewRepository(database.db),
    conversations: createConversationRepository(database.db, 'interview'),
    chat,
    findMember: (ownerId, memberId, tellerId) => familyTree.findMemberFacts(ownerId, memberId, tellerId),
    media,
    log: app.log.child({ feature: 'interviews' }),
  })
  const aiLab = createAiLabService({
    repo: createAiLabRepository(database.db),
    chat,
    getDream: (userId, dreamId) => dreams.getDream(userId, dreamId),
    sharing,
  })
  // Every feature exports and restores its own rows; portability only assembles the archive.
  const exportExtensions = exportExtensionsFrom({ gedcom, interviews, media, circle, familyTree })
  const portability = createPortabilityService({
    // Each feature's service is its own port: it exports and restores its rows by the names portability asks for.
    ports: {
      account: accounts,
      familyTree: familyTreeKind(familyTree),
      gedcomKept: gedcom,
      dreams,
      aiLab,
      biography,
      interviews,
      facts,
      media: { ...media, maxFileBytes: largestUpload(uploadLimits) },
    },
    extensions: exportExtensions,
    // Room for every file the quota allows, and for the rows beside them.
    limits: { maxEntries: 200_000, maxTotalBytes: config.storageQuotaBytes + 1024 * 1024 * 1024 },
    limiter: createAttemptLimiter(rateLimitStore, { max: 30, windowMs: 60 * 60 * 1000 }, 'portability'),
    maxWaitingBytes: config.importWaitingMaxBytes,
    runner: jobRunner,
    importTimeoutMs: config.importTimeoutMs,
    log: app.log.child({ feature: 'portability' }),
  })
  // A life book reads every feature through its service, and is made by the job runner.
  const books = createBookService({
    repo: createBookRepository(database.db),
    sources: bookSourcesFrom({ circle, familyTree, biography, interviews, sharing, media }),
    runner: jobRunner,
    storage: objectStorage.storage,
    links: { linksFor: (userId, mediaIds, { expiry, language }) => listening.linksFor(userId, mediaIds, { expiresAt: expiryOf(expiry, new Date()), language }) },
    render: renderBookOffThread,
    retell: modelRetelling({ provider: aiProvider, budget: aiBudget, timeoutMs: config.aiTimeoutMs * 4 }),
    canRetell: aiProvider.kind !== 'guided',
    workDir: path.join(config.dataDir, 'jobs'),
    timeoutMs: 15 * 60 * 1000,
    maxBooks: 20,
    log: app.log.child({ feature: 'book' }),
  })
  // The AI lab's constellations read what was told through each feature's service.
  const constellations = createConstellationService({ sources: constellationSourcesFrom({ circle, familyTree, biography, dreams, aiLab, interviews }) })
  const dashboard = createDashboardService({
    news: {
      lastSeen: (userId) => circle.lastSeen(userId),
      markSeen: (access, at) => circle.markSeen(access, at),
      sources: [
        (holderId, since, readerId, limit) => familyTree.addedSince(holderId, since, readerId, limit),
        (holderId, since, readerId, limit) => interviews.toldSince(holderId, since, readerId, limit),
        (holderId, since, readerId, limit) => media.addedSince(holderId, since, readerId, limit),
        (holderId, since, readerId, limit) => sharing.sharedSince(holderId, since, readerId, limit),
      ],
      memberNames: (holderId, ids) => familyTree.memberNames(holderId, ids),
      personName: (access, userId) => (access.treeId ? circle.nameIn(access.treeId, userId) : Promise.resolve('')),
      isClosedToViewers: (access, memberId) => circle.isClosedToViewers(access, memberId),
    },
    latestMemory: (userId) => biography.latestEntry(userId),
    latestInterview: (userId) => interviews.latestSession(userId),
    findMemberName: (userId, memberId) => familyTree.findMemberFacts(userId, memberId),
  })
  // A life's timeline and the day's memories read every feature through its service.
  const timeline = timelineSourcesFrom({
    circle,
    familyTree,
    biography,
    sharing,
    interviews,
    media,
    dreams,
    calendar: createTreeCalendar(database.db),
  })
  const contact = createContactService({
    repo: createContactRepository(database.db),
    limiter: createAttemptLimiter(rateLimitStore, { max: config.contactRateLimitPerHour, windowMs: 60 * 60 * 1000 }, 'contact'),
  })

  await registerHttp(app, {
    config,
    services: {
      accounts,
      passwordResets,
      dreams,
      familyTree,
      circle,
      sharing,
      gedcom,
      biography,
      interviews,
      facts,
      aiLab,
      constellations,
      media,
      portability,
      dashboard,
      timeline,
      books,
      listening,
      search,
      contact,
    },
    lists,
    rateLimitStore,
    ping: () => database.ping(),
    uploadIds: createUploadIds(secret),
    uploadStore: createUploadStore(config.storage, path.join(config.dataDir, 'uploads'), config.uploadExpiryMs, redis),
    uploadLimits,
  })

  // Every kind is registered by now. Stopped before the database closes (onClose runs last-added first).
  app.addHook('onReady', () => jobRunner.start())
  app.addHook('onClose', () => jobRunner.stop())

  return app
}
