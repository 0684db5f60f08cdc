import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { GedcomImportJob } from '../../../../shared/contracts/gedcom.ts'
import { gedcomUpload } from '../../../test/multipart.ts'
import { as, type TestUser } from '../../../test/test-app.ts'

/** Sends a file for import through the API and waits for the job to end; returns the finished job. */
export async function importThroughApi(app: FastifyInstance, user: TestUser, bytes: Uint8Array | string, fileName = 'tree.ged'): Promise<GedcomImportJob> {
  const started = await as(app, user)({ method: 'POST', url: '/api/family-tree/gedcom', ...gedcomUpload(bytes, { fileName }) })
  expect(started.statusCode, started.body).toBe(202)
  let job = started.json().job as GedcomImportJob
  const deadline = Date.now() + 60_000
  while (job.status !== 'done' && job.status !== 'failed') {
    if (Date.now() > deadline) throw new Error(`import still ${job.status} after a minute`)
    await new Promise((resolve) => setTimeout(resolve, 25))
    const read = await as(app, user)({ method: 'GET', url: `/api/family-tree/gedcom/imports/${job.id}` })
    expect(read.statusCode, read.body).toBe(200)
    job = read.json().job
  }
  return job
}

export async function previewThroughApi(app: FastifyInstance, user: TestUser, bytes: Uint8Array | string) {
  return as(app, user)({ method: 'POST', url: '/api/family-tree/gedcom?preview=1', ...gedcomUpload(bytes) })
}

export async function exportThroughApi(app: FastifyInstance, user: TestUser, version: '7.0' | '5.5.1'): Promise<string> {
  const response = await as(app, user)({ method: 'GET', url: `/api/family-tree/gedcom?version=${version}` })
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200)
  return response.body
}
